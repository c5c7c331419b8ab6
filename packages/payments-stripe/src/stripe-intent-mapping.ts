import type { PaymentIntent, PaymentIntentStatus } from '@piste/commerce/server';
import type Stripe from 'stripe';

/**
 * Stripe's PaymentIntent statuses (https://docs.stripe.com/payments/paymentintents/lifecycle) in
 * the port's five: `requires_confirmation` has no card confirmed yet, and `processing` is not yet
 * authorised, so neither can be captured and the checkout treats both as "not paid yet".
 */
export function portStatus(status: Stripe.PaymentIntent.Status): PaymentIntentStatus {
  switch (status) {
    case 'requires_action':
    case 'processing':
      return 'requires_action';
    case 'requires_capture':
      return 'requires_capture';
    case 'succeeded':
      return 'succeeded';
    case 'canceled':
      return 'canceled';
    default:
      return 'requires_payment_method';
  }
}

/**
 * The port's intent from Stripe's object; card and refunds come from the latest charge, which
 * the provider asks Stripe to expand (`expand[]=latest_charge`). Currencies are upper case on
 * our side, lower case on Stripe's.
 */
export function toPortIntent(intent: Stripe.PaymentIntent): PaymentIntent {
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  const card = charge?.payment_method_details?.card;
  const error = intent.last_payment_error;
  return {
    id: intent.id,
    status: portStatus(intent.status),
    amountMinor: intent.amount,
    currency: intent.currency.toUpperCase(),
    clientSecret: intent.client_secret ?? '',
    metadata: { ...intent.metadata },
    card: card?.brand && card.last4 ? { brand: card.brand, last4: card.last4 } : null,
    lastError: error
      ? {
          code: error.decline_code ?? error.code ?? error.type,
          message: error.message ?? 'The payment was not accepted.',
        }
      : null,
    capturedMinor: intent.amount_received,
    refundedMinor: charge?.amount_refunded ?? 0,
    created: new Date(intent.created * 1000),
  };
}

/** When the held money was authorised: the charge's time, else the intent's. */
export function authorizedAt(intent: Stripe.PaymentIntent): Date {
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  return new Date((charge?.created ?? intent.created) * 1000);
}
