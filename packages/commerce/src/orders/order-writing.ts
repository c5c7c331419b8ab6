import { and, eq, gte, sql } from 'drizzle-orm';
import { DomainError, localizePath } from '@piste/core';
import { queryRows, type Db } from '@piste/db';
import type { CartDto } from '../cart/cart-dto';
import type { CustomerService } from '../customers/customer-contract';
import { confirmationDiscounts, enqueueEmail, orderConfirmationEmail } from '../notifications/index';
import type { PaymentProviderId } from '../payments/payment-contract';
import { redeemPromotions } from '../promotions/promotion-redemption';
import { carts, orderLines, orders, products, variants, type OrderAddress } from '../schema/index';
import type { ShippingOption } from '../shipping/shipping-rules';
import type { ShopperContext } from '../shopper-context';
import { moneyFormatter } from '../store/money-format';
import { toMinor } from './checkout-quote';
import type { CheckoutQuote } from './order-contract';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** An order whose payment is authorised, ready to be written. */
export interface NewOrder {
  shopper: ShopperContext;
  priced: CheckoutQuote;
  shipping: ShippingOption;
  customerId: number | null;
  /** What the order counts against a pro's spend limit. */
  spend: { currencyCode: string; spendMinor: number };
  email: string;
  shippingAddress: OrderAddress;
  billingAddress: OrderAddress;
  /** The authorised payment intent (`transactionId` is its id); captured once the order commits. */
  payment: { provider: PaymentProviderId; transactionId: string; brand: string; last4: string };
  idempotencyKey: string;
  /** The shopper's locale, for the confirmation email's language and link. */
  locale: string;
}

/** Writes an order in the checkout's transaction, or throws and leaves the transaction to roll back. */
export type WriteOrder = (tx: Tx, order: NewOrder) => Promise<void>;

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

/**
 * The order confirmation, written to the outbox in the order's transaction: it exists
 * exactly when the order does (docs/email.md). Its link is the guest order-status lookup.
 */
async function enqueueConfirmation(
  tx: Tx,
  publicUrl: string,
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
  const orderUrl = `${publicUrl.replace(/\/+$/, '')}${localizePath(order.locale, '/order-status')}?${query}`;
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
        // Before promotions, which the discount lines then take off (the quote's subtotal is after them).
        subtotal: money(
          order.cart.line_items.physical_items.reduce((sum, line) => sum + toMinor(line.extended_sale_price), 0),
        ),
        discounts: confirmationDiscounts(order.cart, money, toMinor),
        shipping: money(order.totals.shippingMinor),
        tax: money(order.totals.taxMinor),
        total: money(order.totals.totalMinor),
      },
    }),
  });
}

/**
 * Writing an order inside the order's transaction (docs/checkout.md 'Flow'): the cart locked and
 * marked ordered, the spend limit checked again under lock, the stock taken, the order numbered
 * and written with its promotions redeemed (docs/promotions.md 'Limits') and its lines, and its
 * confirmation email queued.
 */
export function createOrderWriter(services: {
  /** Pro spend limits (docs/accounts.md 'Pro programme'): an order past the limit is refused. */
  customers: Pick<CustomerService, 'assertWithinSpendLimit'>;
  /** The shop's public origin, for the order link in the confirmation email. */
  publicUrl: string;
}): WriteOrder {
  return async function writeOrder(tx, order) {
    const { priced, shipping, customerId, payment, locale } = order;
    // The cart row is locked: a second checkout of the same cart waits, then finds it ordered.
    const [cart] = await tx
      .select({ status: carts.status })
      .from(carts)
      .where(eq(carts.id, priced.cart.id))
      .for('update');
    if (cart?.status !== 'active')
      throw new DomainError('CONFLICT', 'This cart has already been ordered.', 'CART_ORDERED');
    if (customerId !== null) await services.customers.assertWithinSpendLimit(tx, customerId, order.spend);
    await takeStock(tx, priced.cart);
    const [{ id }] = (await queryRows<{ id: number }>(
      tx as unknown as Db,
      sql`select nextval('order_numbers')::int as id`,
    )) as [{ id: number }];
    await tx.insert(orders).values({
      id,
      region: order.shopper.region.id,
      currencyCode: priced.cart.currency.code,
      customerId,
      email: order.email,
      status: 'awaiting_fulfillment',
      billingAddress: order.billingAddress,
      shippingAddress: order.shippingAddress,
      shippingMethod: { id: shipping.id, name: shipping.name, type: shipping.type },
      subtotalMinor: priced.totals.subtotalMinor,
      discountMinor: priced.totals.discountMinor,
      shippingMinor: priced.totals.shippingMinor,
      taxMinor: priced.totals.taxMinor,
      taxIncluded: priced.tax.included,
      taxRate: String(priced.tax.rate / 100),
      totalMinor: priced.totals.totalMinor,
      payment: { ...payment, authorizedMinor: priced.totals.totalMinor, capturedMinor: 0, refundedMinor: 0 },
      cartId: priced.cart.id,
      idempotencyKey: order.idempotencyKey,
      locale,
    });
    await redeemPromotions(tx, { orderId: id, cart: priced.cart, customerId, email: order.email });
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
    await enqueueConfirmation(tx, services.publicUrl, {
      id,
      email: order.email,
      firstName: order.shippingAddress.first_name,
      locale,
      cart: priced.cart,
      totals: priced.totals,
    });
  };
}
