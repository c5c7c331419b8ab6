import type { PaymentEvent } from '@piste/commerce/server';
import { DomainError } from '@piste/core';
import type Stripe from 'stripe';

/** The events the checkout acts on; the endpoint registered in Stripe selects these (docs/providers/stripe.md). */
export const STRIPE_WEBHOOK_EVENTS = [
  'payment_intent.amount_capturable_updated',
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'charge.refunded',
] as const;

type HandledType = (typeof STRIPE_WEBHOOK_EVENTS)[number];

function isHandled(type: string): type is HandledType {
  return (STRIPE_WEBHOOK_EVENTS as readonly string[]).includes(type);
}

export function signatureRefused(): DomainError {
  return new DomainError('INVALID_DATA', 'The webhook signature does not verify.', 'WEBHOOK_SIGNATURE');
}

/**
 * Verifies a delivery the way Stripe documents (https://docs.stripe.com/webhooks#verify-events):
 * the raw body, the `Stripe-Signature` header and the endpoint's secret, within Stripe's default
 * five-minute tolerance, so a replayed old delivery is refused too.
 */
export function verifyStripeWebhook(
  stripe: Stripe,
  webhookSecret: string,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
): PaymentEvent {
  const signature = headers['stripe-signature'];
  if (typeof signature !== 'string' || signature === '') throw signatureRefused();
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
  } catch {
    throw signatureRefused();
  }
  return toPaymentEvent(event);
}

/** Stripe's event (https://docs.stripe.com/api/events/object) in the port's terms. */
export function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  if (!isHandled(event.type)) return { id: event.id, type: 'other', intentId: null };
  if (event.type === 'charge.refunded') {
    const charge = event.data.object as Stripe.Charge;
    const intent = charge.payment_intent;
    return {
      id: event.id,
      type: 'charge.refunded',
      intentId: typeof intent === 'string' ? intent : (intent?.id ?? null),
      amountRefundedMinor: charge.amount_refunded,
    };
  }
  const intent = event.data.object as Stripe.PaymentIntent;
  if (event.type === 'payment_intent.succeeded') {
    return { id: event.id, type: event.type, intentId: intent.id, amountCapturedMinor: intent.amount_received };
  }
  return { id: event.id, type: event.type, intentId: intent.id };
}
