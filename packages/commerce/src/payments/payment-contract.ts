/**
 * The payment port (docs/checkout.md 'Payments'), shaped like the hosted providers' payment intents
 * (Stripe's PaymentIntents): our server creates an intent for the priced cart's total, the
 * browser confirms it in the provider's own card element (the card number goes to the provider,
 * never to us), and our server learns the outcome from the provider (retrieving the intent, and
 * signed webhooks). Authorise on confirmation → capture once the order is written → refund (full
 * or partial) or void. Implementations: the embedded test provider (default) and Stripe
 * (`PAYMENT_PROVIDER=stripe`).
 */

/** Which provider took a payment; recorded on the order. */
export type PaymentProviderId = 'test' | 'stripe';

/**
 * Where an intent stands, with Stripe's names: waiting for a card, waiting for the shopper's
 * extra authentication, authorised and held (`requires_capture`), taken (`succeeded`), or
 * released (`canceled`).
 */
export type PaymentIntentStatus =
  'requires_payment_method' | 'requires_action' | 'requires_capture' | 'succeeded' | 'canceled';

export interface PaymentIntent {
  id: string;
  status: PaymentIntentStatus;
  /** In minor units of `currency` (ISO 4217, upper case). */
  amountMinor: number;
  currency: string;
  /** What the browser hands the provider's element to confirm this intent; never logged. */
  clientSecret: string;
  /** What we attached at creation (cart id, the checkout's idempotency key). */
  metadata: Record<string, string>;
  /** The card that authorised it, once known (brand and last 4 digits only). */
  card: { brand: string; last4: string } | null;
  /** Why the last confirmation failed (declined, insufficient funds, failed authentication). */
  lastError: { code: string; message: string } | null;
  /** What has been captured and refunded so far, in minor units. */
  capturedMinor: number;
  refundedMinor: number;
  created: Date;
}

export interface CreatePaymentIntent {
  amountMinor: number;
  currency: string;
  /** The same key answers the same intent (a retried request never holds the money twice). */
  idempotencyKey: string;
  metadata: Record<string, string>;
}

/** An authorisation neither captured nor voided yet (a provider's list of uncaptured payments). */
export interface HeldAuthorisation {
  intentId: string;
  amountMinor: number;
  authorizedAt: Date;
}

/** A webhook event, once its signature is verified. */
export interface PaymentEvent {
  /** The provider's event id: a retried delivery has the same one. */
  id: string;
  type:
    | 'payment_intent.amount_capturable_updated'
    | 'payment_intent.succeeded'
    | 'payment_intent.payment_failed'
    | 'payment_intent.canceled'
    | 'charge.refunded'
    | 'other';
  intentId: string | null;
  /** For `charge.refunded`: what has been refunded of the intent in all. */
  amountRefundedMinor?: number;
  /** For `payment_intent.succeeded`: what was captured. */
  amountCapturedMinor?: number;
}

/**
 * What the checkout page's browser code needs from the provider: which element to mount and the
 * origins the page's Content-Security-Policy must allow for it, nothing more.
 */
export interface PaymentBrowserSetup {
  provider: PaymentProviderId;
  /** Test provider: the card element's page on the provider's own origin. */
  elementUrl?: string;
  /** Stripe: the publishable key for Stripe.js. */
  publishableKey?: string;
  csp: { script: string[]; frame: string[]; connect: string[] };
}

export interface PaymentProvider {
  readonly id: PaymentProviderId;
  browserSetup(): PaymentBrowserSetup;
  /** Holds nothing yet: the browser confirms the intent with the card in the provider's element. */
  createIntent(input: CreatePaymentIntent): Promise<PaymentIntent>;
  /** The provider's view of an intent, fetched from the provider (never trusted from the browser). */
  retrieveIntent(intentId: string): Promise<PaymentIntent>;
  /** Takes the authorised amount (`requires_capture` → `succeeded`); capturing twice is harmless. */
  capture(intentId: string): Promise<void>;
  /** Releases an authorisation whose order was not written (→ `canceled`); a captured one stays taken. */
  void(intentId: string): Promise<void>;
  /**
   * Gives back `amountMinor` of a captured payment. The same idempotency key answers the same
   * refund; refunds never add up to more than was captured (a refused refund throws CONFLICT
   * REFUND_REFUSED).
   */
  refund(intentId: string, amountMinor: number, idempotencyKey: string): Promise<{ refundId: string }>;
  /** Every authorisation still held, oldest first. */
  heldAuthorisations(): Promise<HeldAuthorisation[]>;
  /**
   * A webhook delivery's event, verified with the provider's signature scheme against the raw
   * body; throws DomainError INVALID_DATA WEBHOOK_SIGNATURE when it does not verify.
   */
  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): PaymentEvent;
}
