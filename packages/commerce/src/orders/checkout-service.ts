import { and, eq, gte, sql } from 'drizzle-orm';
import { DEFAULT_LOCALE, DomainError, isDomainError, localizePath } from '@piste/core';
import { queryRows, type Db } from '@piste/db';
import type { ShopperContext } from '../shopper-context';
import type { CartAccess, CartService } from '../cart/cart-contract';
import type { CartDto } from '../cart/cart-dto';
import type { CustomerService } from '../customers/customer-contract';
import type { PaymentProvider } from '../payments/test-payment-provider';
import { moneyFormatter } from '../store/money-format';
import { enqueueEmail, orderConfirmationEmail } from '../notifications/index';
import { carts, orderLines, orders, products, variants, type OrderAddress } from '../schema/index';
import type { ShippingService } from '../shipping/shipping-contract';
import type { TaxService } from '../tax/tax-contract';
import { parseInput } from '../validation';
import {
  checkoutInputSchema,
  destinationInputSchema,
  idempotencyKeySchema,
  type CheckoutInput,
} from './checkout-schemas';
import { mayReadOrder } from './order-access';
import type { CheckoutAccess, CheckoutQuote, CheckoutService, OrderAccess } from './order-contract';
import { toOrderDto, type OrderDto } from './order-dto';

/** Who sends a key again: its checkout's cart (when the call names one), and the session or customer. */
type KeyOwner = OrderAccess & { cartId?: string };

type PlaceOrder = (
  shopper: ShopperContext,
  cartId: string,
  access: CheckoutAccess,
  input: CheckoutInput,
  idempotencyKey: string,
  /** The shopper's locale, for the confirmation email's language and link. */
  locale?: string,
) => Promise<OrderDto>;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Cart DTOs carry decimal amounts; every sum here is in integer minor units (2 decimals for USD, CAD, EUR). */
const toMinor = (amount: number) => Math.round(amount * 100);

/** A Postgres unique violation: the same idempotency key placed at the same time (on two carts). */
function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } }).code ??
    (error as { cause?: { code?: string } }).cause?.code;
  return code === '23505';
}

/**
 * The embedded engine's checkout (docs/checkout.md; the spec's shop used the platform's hosted one):
 * quote shipping and tax for a destination, then place the order. Placing is idempotent by
 * key and atomic: stock is taken with conditional updates in the order's transaction, so two
 * shoppers can never both buy the last unit. Payment is authorised before the transaction and
 * captured only after it commits; a failed transaction voids the authorisation, so there is
 * never a charge without an order, nor an order without its stock. What a crash leaves
 * authorised is settled by the payment recovery (payment-recovery.ts).
 */
export function createCheckoutService(
  db: Db,
  services: {
    cart: CartService;
    shipping: ShippingService;
    tax: TaxService;
    payments: PaymentProvider;
    /** Pro spend limits (docs/accounts.md 'Pro programme'): an order past the limit is refused. */
    customers: Pick<CustomerService, 'assertWithinSpendLimit'>;
    /** The shop's public origin, for the order link in the confirmation email. */
    publicUrl: string;
  },
): CheckoutService {
  /**
   * The order confirmation, written to the outbox in the order's transaction: it exists
   * exactly when the order does (docs/email.md). Its link is the guest order-status lookup.
   */
  async function enqueueConfirmation(
    tx: Tx,
    order: {
      id: number;
      email: string;
      firstName: string;
      locale: string;
      cart: CartDto;
      totals: CheckoutQuote['totals'];
    },
  ): Promise<void> {
    const money = await moneyFormatter(tx, order.cart.currency.code, order.locale);
    const query = new URLSearchParams({ number: String(order.id), email: order.email });
    const orderUrl = `${services.publicUrl.replace(/\/+$/, '')}${localizePath(order.locale, '/order-status')}?${query}`;
    await enqueueEmail(tx, {
      kind: 'order_confirmation',
      recipient: order.email,
      ...orderConfirmationEmail({
        locale: order.locale,
        firstName: order.firstName,
        orderId: order.id,
        orderUrl,
        lines: order.cart.line_items.physical_items.map((line) => ({
          name: line.name,
          quantity: line.quantity,
          total: money(toMinor(line.extended_sale_price)),
        })),
        totals: {
          subtotal: money(order.totals.subtotalMinor),
          shipping: money(order.totals.shippingMinor),
          tax: money(order.totals.taxMinor),
          total: money(order.totals.totalMinor),
        },
      }),
    });
  }

  /**
   * The order a key placed, answered again only to the checkout that placed it: the same cart, by
   * its customer or its session (docs/checkout.md 'Idempotency'). Anyone else learns nothing of
   * the order, not even its number. Null when the key has placed no order.
   */
  async function existingOrder(idempotencyKey: string, owner: KeyOwner): Promise<OrderDto | null> {
    const [order] = await db.select().from(orders).where(eq(orders.idempotencyKey, idempotencyKey));
    if (!order) return null;
    const sameCheckout = owner.cartId === undefined || owner.cartId === order.cartId;
    if (!sameCheckout || !(await mayReadOrder(db, order, owner))) {
      throw new DomainError(
        'CONFLICT',
        'This Idempotency-Key was used for another checkout. Send a new key for a new order.',
        'IDEMPOTENCY_KEY_REUSED',
      );
    }
    // A checkout cut short between committing its order and capturing the payment (the process
    // died) left the payment authorised: the retry with the same key takes it.
    if (services.payments.stateOf(order.payment.transactionId) === 'authorized') {
      await services.payments.capture(order.payment.transactionId);
    }
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(orderLines.id);
    return toOrderDto(order, lines);
  }

  async function quote(
    shopper: ShopperContext,
    cartId: string,
    access: CartAccess,
    destination: { country_iso2: string; state?: string },
    shippingMethodId?: number,
  ): Promise<CheckoutQuote> {
    const { country_iso2: country, state } = parseInput(destinationInputSchema, destination, 'Field');
    const cart = await services.cart.get(shopper, cartId, access);
    if (cart.line_items.physical_items.length === 0) {
      throw new DomainError('INVALID_DATA', 'The cart is empty.', 'EMPTY_CART');
    }
    const subtotalMinor = toMinor(cart.cart_amount);
    const place = { country, ...(state ? { state } : {}) };
    const shippingOptions = await services.shipping.quote(shopper.region, {
      ...place,
      subtotalMinor,
      customerGroupId: shopper.customerGroupId,
    });
    const shipping =
      shippingMethodId === undefined
        ? (shippingOptions[0] ?? null)
        : (shippingOptions.find((option) => option.id === shippingMethodId) ?? null);
    if (shippingMethodId !== undefined && !shipping) {
      throw new DomainError(
        'INVALID_DATA',
        'That shipping method is not available for this address.',
        'INVALID_SHIPPING_METHOD',
      );
    }
    const shippingMinor = shipping?.costMinor ?? 0;
    const tax = await services.tax.taxFor(shopper.region, place, { subtotalMinor, shippingMinor });
    return {
      cart,
      shippingOptions,
      shipping,
      tax,
      totals: {
        subtotalMinor,
        discountMinor: toMinor(cart.discount_amount),
        shippingMinor,
        taxMinor: tax.taxMinor,
        totalMinor: subtotalMinor + shippingMinor + (tax.included ? 0 : tax.taxMinor),
      },
    };
  }

  /**
   * Takes the lines' stock, or throws CONFLICT naming the line that is short. The database
   * announces the stock change to every instance's caches and search index as the order commits.
   */
  async function takeStock(tx: Tx, cart: CartDto): Promise<void> {
    for (const line of cart.line_items.physical_items) {
      const [product] = await tx
        .select({ tracking: products.inventoryTracking })
        .from(products)
        .where(eq(products.id, line.product_id));
      const tracking = product?.tracking ?? 'variant';
      if (tracking === 'none') continue;
      const taken =
        tracking === 'product'
          ? await tx
              .update(products)
              .set({ inventoryLevel: sql`${products.inventoryLevel} - ${line.quantity}` })
              .where(and(eq(products.id, line.product_id), gte(products.inventoryLevel, line.quantity)))
              .returning({ id: products.id })
          : await tx
              .update(variants)
              .set({ inventoryLevel: sql`${variants.inventoryLevel} - ${line.quantity}` })
              .where(
                and(
                  eq(variants.id, line.variant_id),
                  eq(variants.purchasingDisabled, false),
                  gte(variants.inventoryLevel, line.quantity),
                ),
              )
              .returning({ id: variants.id });
      if (taken.length === 0) {
        throw new DomainError(
          'CONFLICT',
          `Sorry, there is not enough ${line.name} in stock any more. Change the quantity and try again.`,
          'OUT_OF_STOCK',
        );
      }
    }
  }

  const ownerOf = (cartId: string, access: CheckoutAccess): KeyOwner => ({
    cartId,
    customerId: access.customerId ?? null,
    cartSecret: access.secret ?? access.orderSecret ?? null,
  });

  /**
   * Makes placing idempotent: a key that placed an order answers that order to its checkout (a
   * retried request, a double click, a reload), also to each request that lost the race to place
   * it. Those fail on what the winner changed (the cart ordered, the key taken), so a refusal is
   * checked against the key before it is answered.
   */
  function answeringItsKey(place: PlaceOrder): PlaceOrder {
    return async (shopper, cartId, access, input, idempotencyKey, locale) => {
      const key = parseInput(idempotencyKeySchema.describe('Idempotency-Key'), idempotencyKey, 'Header');
      const owner = ownerOf(cartId, access);
      const previous = await existingOrder(key, owner);
      if (previous) return previous;
      try {
        return await place(shopper, cartId, access, input, key, locale);
      } catch (error) {
        // Anything else (a lost commit, a failed capture) is left to the retry and the payment recovery.
        if (!isDomainError(error) && !isUniqueViolation(error)) throw error;
        const raced = await existingOrder(key, owner);
        if (raced) return raced;
        throw error;
      }
    };
  }

  return {
    quote,

    /** The order a key placed, for the session or customer that placed it (the checkout page's reload). */
    placedOrder(idempotencyKey: string, owner: OrderAccess): Promise<OrderDto | null> {
      const key = parseInput(idempotencyKeySchema.describe('Idempotency-Key'), idempotencyKey, 'Header');
      return existingOrder(key, owner);
    },

    /**
     * Places the order for a cart. The same idempotency key always answers the same order to the
     * checkout that sent it; a declined payment leaves the cart as it was.
     */
    placeOrder: answeringItsKey(async function placeNewOrder(
      shopper: ShopperContext,
      cartId: string,
      access: CheckoutAccess,
      input: CheckoutInput,
      key: string,
      locale: string = DEFAULT_LOCALE,
    ): Promise<OrderDto> {
      const checkout = parseInput(checkoutInputSchema, input, 'Field');
      const shippingAddress: OrderAddress = { ...checkout.shipping_address, email: checkout.email };
      const billingAddress: OrderAddress = {
        ...(checkout.billing_address ?? checkout.shipping_address),
        email: checkout.email,
      };
      const priced = await quote(
        shopper,
        cartId,
        access,
        { country_iso2: shippingAddress.country_iso2, state: shippingAddress.state },
        checkout.shipping_method_id,
      );
      const shipping = priced.shipping!;
      // A signed-in shopper's order is theirs even from a cart they unlinked: they were priced
      // as their group, so they count against their spend limit too.
      const customerId = priced.cart.customer_id ?? access.customerId ?? null;
      // The subtotal is what the goods cost after discounts (the cart amount); the discount is already out of it.
      const spend = { currencyCode: priced.cart.currency.code, spendMinor: priced.totals.subtotalMinor };
      // Checked before the card is charged, and again under lock when the order is written.
      if (customerId !== null) await services.customers.assertWithinSpendLimit(db, customerId, spend);

      const payment = await services.payments.authorize(
        {
          cardNumber: checkout.payment.card_number,
          expiry: checkout.payment.expiry,
          cvc: checkout.payment.cvc,
          holderName: checkout.payment.holder_name,
        },
        priced.totals.totalMinor,
      );
      if (payment.status !== 'authorized') {
        throw new DomainError('CONFLICT', payment.message, 'PAYMENT_DECLINED');
      }

      // Set once the order is written: a failure after it is the commit's, whose outcome is unknown.
      let committing = false;
      try {
        await db.transaction(async (tx) => {
          // The cart row is locked: a second checkout of the same cart waits, then finds it ordered.
          const [cart] = await tx
            .select({ status: carts.status })
            .from(carts)
            .where(eq(carts.id, priced.cart.id))
            .for('update');
          if (cart?.status !== 'active')
            throw new DomainError('CONFLICT', 'This cart has already been ordered.', 'CART_ORDERED');
          if (customerId !== null) await services.customers.assertWithinSpendLimit(tx, customerId, spend);
          await takeStock(tx, priced.cart);
          const [{ id }] = (await queryRows<{ id: number }>(
            tx as unknown as Db,
            sql`select nextval('order_numbers')::int as id`,
          )) as [{ id: number }];
          await tx.insert(orders).values({
            id,
            region: shopper.region.id,
            currencyCode: priced.cart.currency.code,
            customerId,
            email: checkout.email,
            status: 'awaiting_fulfillment',
            billingAddress,
            shippingAddress,
            shippingMethod: { id: shipping.id, name: shipping.name, type: shipping.type },
            subtotalMinor: priced.totals.subtotalMinor,
            discountMinor: priced.totals.discountMinor,
            shippingMinor: priced.totals.shippingMinor,
            taxMinor: priced.totals.taxMinor,
            taxIncluded: priced.tax.included,
            taxRate: String(priced.tax.rate / 100),
            totalMinor: priced.totals.totalMinor,
            payment: {
              provider: 'test',
              transactionId: payment.transactionId,
              brand: payment.brand,
              last4: payment.last4,
            },
            cartId: priced.cart.id,
            idempotencyKey: key,
            locale,
          });
          await tx.insert(orderLines).values(
            priced.cart.line_items.physical_items.map((line) => ({
              orderId: id,
              productId: line.product_id,
              variantId: line.variant_id,
              sku: line.sku,
              name: line.name,
              options: line.options,
              quantity: line.quantity,
              listPriceMinor: toMinor(line.list_price),
              salePriceMinor: toMinor(line.sale_price),
              totalMinor: toMinor(line.extended_sale_price),
            })),
          );
          await tx.update(carts).set({ status: 'ordered', updatedAt: new Date() }).where(eq(carts.id, priced.cart.id));
          await enqueueConfirmation(tx, {
            id,
            email: checkout.email,
            firstName: shippingAddress.first_name,
            locale,
            cart: priced.cart,
            totals: priced.totals,
          });
          committing = true;
        });
      } catch (error) {
        // A commit that got no answer may have written the order: its authorisation is left to the
        // payment recovery, which captures it if the order exists and voids it if not.
        if (!committing) await services.payments.void(payment.transactionId);
        throw error;
      }
      await services.payments.capture(payment.transactionId);
      return (await existingOrder(key, ownerOf(cartId, access)))!;
    }),
  };
}
