import { DomainError } from '@piste/core';
import type { Db } from '@piste/db';
import type { CustomerService } from '../customers/customer-contract';
import type { PaymentProvider } from '../payments/payment-contract';
import { parseInput } from '../validation';
import { destinationInputSchema } from './checkout-schemas';
import type { CheckoutService } from './order-contract';
import { readIdempotencyKey } from './checkout-schemas';

/**
 * Step 1 of the payment flow (issue 28 'The payment flow'): the cart priced afresh for where it
 * ships, and a payment intent created at the provider for that total. Its idempotency key is the
 * checkout's key with the total, so paying again for the same total answers the same intent, and
 * a changed total makes a new one. The browser gets the intent's id and client secret, never more.
 */
export function createCheckoutPayments(
  db: Db,
  services: {
    quote: CheckoutService['quote'];
    payments: PaymentProvider;
    /** Pro spend limits (docs/accounts.md 'Pro programme'): no money is held for an order past the limit. */
    customers: Pick<CustomerService, 'assertWithinSpendLimit'>;
  },
): CheckoutService['createPayment'] {
  return async function createPayment(shopper, cartId, access, destination, shippingMethodId, checkoutKey) {
    const key = readIdempotencyKey(checkoutKey);
    const place = parseInput(destinationInputSchema, destination, 'Field');
    const priced = await services.quote(shopper, cartId, access, place, shippingMethodId);
    const customerId = priced.cart.customer_id ?? access.customerId ?? null;
    if (customerId !== null) {
      const spend = { currencyCode: priced.cart.currency.code, spendMinor: priced.totals.subtotalMinor };
      await services.customers.assertWithinSpendLimit(db, customerId, spend);
    }
    const { totalMinor } = priced.totals;
    const currency = priced.cart.currency.code.toUpperCase();
    const intent = await services.payments.createIntent({
      amountMinor: totalMinor,
      currency,
      idempotencyKey: `${key}:${totalMinor}:${currency}`,
      metadata: { cart_id: cartId, checkout_key: key },
    });
    if (intent.metadata.cart_id !== cartId) {
      throw new DomainError(
        'CONFLICT',
        'This Idempotency-Key was used for another checkout. Send a new key for a new order.',
        'IDEMPOTENCY_KEY_REUSED',
      );
    }
    return {
      intentId: intent.id,
      clientSecret: intent.clientSecret,
      amountMinor: intent.amountMinor,
      currency: intent.currency,
      provider: services.payments.id,
    };
  };
}
