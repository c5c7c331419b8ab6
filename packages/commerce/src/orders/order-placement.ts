import { DEFAULT_LOCALE, DomainError, isDomainError } from '@piste/core';
import type { Db } from '@piste/db';
import type { CustomerService } from '../customers/customer-contract';
import type { PaymentIntent, PaymentProvider } from '../payments/payment-contract';
import type { OrderAddress } from '../schema/index';
import { parseInput } from '../validation';
import { checkoutInputSchema } from './checkout-schemas';
import { ownerOf, type PlacedOrders, type PlaceOrder } from './order-idempotency';
import { orderOfIntent, recordPaymentAmount } from './order-payment-records';
import type { CheckoutQuote, CheckoutService } from './order-contract';
import type { WriteOrder } from './order-writing';

/** The provider's own view of the intent the browser names; an id it does not know is the caller's mistake. */
async function retrieve(payments: PaymentProvider, intentId: string): Promise<PaymentIntent> {
  try {
    return await payments.retrieveIntent(intentId);
  } catch (error) {
    if (!isDomainError(error, 'NOT_FOUND')) throw error;
    throw new DomainError('INVALID_DATA', `payment.intent_id names no payment: pay again.`, 'PAYMENT_NOT_FOUND');
  }
}

/**
 * Checks that the intent pays for this cart as priced now (issue 28 'The payment flow' step 3):
 * made for this cart, authorised and held, for the fresh total in its currency. An intent whose
 * amount no longer matches (the cart or its prices changed after paying) is voided, and the
 * shopper is asked to pay again.
 */
async function assertPaysFor(
  payments: PaymentProvider,
  intent: PaymentIntent,
  cartId: string,
  priced: CheckoutQuote,
): Promise<void> {
  // Not ours to void: someone else's intent, or another of this shopper's carts.
  if (intent.metadata.cart_id !== cartId) {
    throw new DomainError('CONFLICT', 'This payment was made for another cart: pay again.', 'PAYMENT_NOT_FOR_CART');
  }
  if (intent.status === 'requires_payment_method' || intent.status === 'requires_action') {
    throw new DomainError(
      'CONFLICT',
      intent.lastError?.message ?? 'The payment is not authorised yet: confirm it with your card first.',
      intent.lastError ? 'PAYMENT_DECLINED' : 'PAYMENT_NOT_AUTHORISED',
    );
  }
  if (intent.status !== 'requires_capture') {
    throw new DomainError(
      'CONFLICT',
      intent.status === 'canceled'
        ? 'This payment was cancelled: pay again.'
        : 'This payment has already been taken for an order.',
      intent.status === 'canceled' ? 'PAYMENT_CANCELED' : 'PAYMENT_ALREADY_USED',
    );
  }
  const { totalMinor } = priced.totals;
  const currency = priced.cart.currency.code.toUpperCase();
  if (intent.amountMinor !== totalMinor || intent.currency.toUpperCase() !== currency) {
    await payments.void(intent.id);
    throw new DomainError(
      'CONFLICT',
      'Your order total changed after you paid, so that payment was released. Check the total and pay again.',
      'PAYMENT_AMOUNT_CHANGED',
      { totalMinor, currency },
    );
  }
}

/**
 * Placing a new order (docs/checkout.md 'Flow'): priced again, the spend limit checked, the
 * payment intent the shopper confirmed checked against the fresh total, the order written in its
 * transaction and the payment captured only after it commits. A failure before the commit voids
 * the authorisation; a commit without an answer leaves it to the payment recovery.
 */
export function createOrderPlacement(
  db: Db,
  services: {
    quote: CheckoutService['quote'];
    payments: PaymentProvider;
    /** Pro spend limits (docs/accounts.md 'Pro programme'): an order past the limit is refused. */
    customers: Pick<CustomerService, 'assertWithinSpendLimit'>;
    writeOrder: WriteOrder;
    placedOrders: PlacedOrders;
  },
): PlaceOrder {
  const { payments } = services;
  return async function placeNewOrder(shopper, cartId, access, input, key, locale = DEFAULT_LOCALE) {
    const checkout = parseInput(checkoutInputSchema, input, 'Field');
    const shippingAddress: OrderAddress = { ...checkout.shipping_address, email: checkout.email };
    const billingAddress: OrderAddress = {
      ...(checkout.billing_address ?? checkout.shipping_address),
      email: checkout.email,
    };
    const priced = await services.quote(
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
    // Checked before the payment is taken, and again under lock when the order is written.
    if (customerId !== null) await services.customers.assertWithinSpendLimit(db, customerId, spend);

    const intent = await retrieve(payments, checkout.payment.intent_id);
    await assertPaysFor(payments, intent, cartId, priced);

    // Set once the order is written: a failure after it is the commit's, whose outcome is unknown.
    let committing = false;
    try {
      await db.transaction(async (tx) => {
        await services.writeOrder(tx, {
          shopper,
          priced,
          shipping,
          customerId,
          spend,
          email: checkout.email,
          shippingAddress,
          billingAddress,
          payment: {
            provider: payments.id,
            transactionId: intent.id,
            brand: intent.card?.brand ?? 'card',
            last4: intent.card?.last4 ?? '',
          },
          idempotencyKey: key,
          locale,
        });
        committing = true;
      });
    } catch (error) {
      // An order of this intent already written (a second checkout of the same payment, which
      // waited for the first's cart lock) keeps its payment. A commit that got no answer may
      // have written the order: the payment recovery captures it if the order exists, else voids it.
      if (!committing && !(await orderOfIntent(db, intent.id))) await payments.void(intent.id);
      throw error;
    }
    await payments.capture(intent.id);
    await recordPaymentAmount(db, intent.id, 'capturedMinor', intent.amountMinor);
    return (await services.placedOrders.existingOrder(key, ownerOf(cartId, access)))!;
  };
}
