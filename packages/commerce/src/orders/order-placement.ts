import { DEFAULT_LOCALE, DomainError } from '@piste/core';
import type { Db } from '@piste/db';
import type { CustomerService } from '../customers/customer-contract';
import type { PaymentProvider, PaymentResult } from '../payments/payment-contract';
import type { OrderAddress } from '../schema/index';
import { parseInput } from '../validation';
import { checkoutInputSchema, type CheckoutInput } from './checkout-schemas';
import { ownerOf, type PlacedOrders, type PlaceOrder } from './order-idempotency';
import type { CheckoutService } from './order-contract';
import type { WriteOrder } from './order-writing';

/** Authorises the order's total on the card, or throws PAYMENT_DECLINED with the provider's message. */
async function authorise(
  payments: PaymentProvider,
  card: CheckoutInput['payment'],
  totalMinor: number,
): Promise<Extract<PaymentResult, { status: 'authorized' }>> {
  const payment = await payments.authorize(
    {
      cardNumber: card.card_number,
      expiry: card.expiry,
      cvc: card.cvc,
      holderName: card.holder_name,
    },
    totalMinor,
  );
  if (payment.status !== 'authorized') {
    throw new DomainError('CONFLICT', payment.message, 'PAYMENT_DECLINED');
  }
  return payment;
}

/**
 * Placing a new order (docs/checkout.md 'Flow'): priced again, the spend limit checked, the card
 * authorised before the order's transaction and captured only after it commits; a failed
 * transaction voids the authorisation, a commit without an answer leaves it to the payment recovery.
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
    // Checked before the card is charged, and again under lock when the order is written.
    if (customerId !== null) await services.customers.assertWithinSpendLimit(db, customerId, spend);

    const payment = await authorise(services.payments, checkout.payment, priced.totals.totalMinor);

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
          payment,
          idempotencyKey: key,
          locale,
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
    return (await services.placedOrders.existingOrder(key, ownerOf(cartId, access)))!;
  };
}
