import type { HeldAuthorisation, PaymentProvider } from '@piste/commerce/server';
import { DomainError, isDomainError } from '@piste/core';
import Stripe from 'stripe';
import { stripeBrowserSetup } from './stripe-browser-setup';
import { failureDetails, toDomainError, type StripeCall } from './stripe-errors';
import { authorizedAt, toPortIntent } from './stripe-intent-mapping';
import type { StripeApiTarget, StripeSettings } from './stripe-settings';
import { verifyStripeWebhook } from './stripe-webhook-events';

export interface StripeProviderOptions {
  /** Tests only: the fixture server instead of api.stripe.com. */
  apiTarget?: StripeApiTarget;
  /** Retries of a failed call (Stripe's client adds the idempotency key); default 2. */
  maxNetworkRetries?: number;
  /** Longest one call may take, in milliseconds; default 20 s. */
  timeoutMs?: number;
  /** Hears Stripe's outages and refusals of our key, which shoppers only see as a 503. */
  logger?: { warn: (message: string, details: Record<string, unknown>) => void };
}

/** Each intent read brings its latest charge: the card's brand and last 4, and what was refunded. */
const WITH_CHARGE = ['latest_charge'];
/** Stripe's search: at most 100 a page (https://docs.stripe.com/api/payment_intents/search). */
const SEARCH_PAGE_SIZE = 100;

/** A PaymentIntent id as Stripe writes them (`pi_` and letters or digits). */
const INTENT_ID = /^pi_[A-Za-z0-9_]{1,250}$/;

/**
 * The intent id a shopper's form names is checked before it goes into a Stripe URL: anything
 * else is no payment of ours.
 */
function checkedIntentId(intentId: string): string {
  if (!INTENT_ID.test(intentId)) throw new DomainError('NOT_FOUND', 'No such payment.', 'PAYMENT_NOT_FOUND');
  return intentId;
}

/**
 * The payment port over Stripe's PaymentIntents (docs/providers/stripe.md): intents are created for
 * manual capture, so confirming in the Payment Element only authorises, and the checkout captures
 * once the order is written (docs/checkout.md 'Payments').
 */
export function createStripePaymentProvider(
  settings: StripeSettings,
  options: StripeProviderOptions = {},
): PaymentProvider {
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: options.timeoutMs ?? 20_000,
    telemetry: false,
    appInfo: { name: 'Piste' },
    ...options.apiTarget,
  });

  /** Stripe's failure in the shop's terms; the ones shoppers see only as a 503 are logged. */
  function failure(error: unknown, kind: StripeCall): unknown {
    const mapped = toDomainError(error, kind);
    if (isDomainError(mapped, 'UNAVAILABLE')) {
      options.logger?.warn('Stripe did not answer the payment call', failureDetails(error));
    }
    return mapped;
  }

  async function call<T>(kind: StripeCall, request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw failure(error, kind);
    }
  }

  async function retrieve(intentId: string): Promise<Stripe.PaymentIntent> {
    const id = checkedIntentId(intentId);
    return call('intent', () => stripe.paymentIntents.retrieve(id, { expand: WITH_CHARGE }));
  }

  /**
   * Capture and cancel answer `payment_intent_unexpected_state` when the intent already moved on;
   * the port wants a second capture, or a void after capture, to be harmless.
   */
  async function settle(
    intentId: string,
    request: () => Promise<unknown>,
    alreadyDone: ReadonlyArray<Stripe.PaymentIntent.Status>,
  ): Promise<void> {
    try {
      await request();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError && error.code === 'payment_intent_unexpected_state') {
        const intent = await retrieve(intentId);
        if (alreadyDone.includes(intent.status)) return;
      }
      throw failure(error, 'intent');
    }
  }

  return {
    id: 'stripe',

    browserSetup: () => stripeBrowserSetup(settings.publishableKey),

    async createIntent(input) {
      const intent = await call('intent', () =>
        stripe.paymentIntents.create(
          {
            amount: input.amountMinor,
            currency: input.currency.toLowerCase(),
            capture_method: 'manual',
            automatic_payment_methods: { enabled: true },
            metadata: input.metadata,
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return toPortIntent(intent);
    },

    async retrieveIntent(intentId) {
      return toPortIntent(await retrieve(intentId));
    },

    async capture(intentId) {
      checkedIntentId(intentId);
      await settle(intentId, () => stripe.paymentIntents.capture(intentId), ['succeeded']);
    },

    async void(intentId) {
      checkedIntentId(intentId);
      await settle(intentId, () => stripe.paymentIntents.cancel(intentId), ['canceled', 'succeeded']);
    },

    async refund(intentId, amountMinor, idempotencyKey) {
      checkedIntentId(intentId);
      if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) {
        throw new DomainError('INVALID_DATA', 'A refund must be a positive amount.', 'REFUND_AMOUNT_INVALID');
      }
      const refund = await call('refund', () =>
        stripe.refunds.create({ payment_intent: intentId, amount: amountMinor }, { idempotencyKey }),
      );
      return { refundId: refund.id };
    },

    async heldAuthorisations() {
      const held: HeldAuthorisation[] = [];
      let page: string | undefined;
      do {
        const result = await call('intent', () =>
          stripe.paymentIntents.search({
            query: "status:'requires_capture'",
            limit: SEARCH_PAGE_SIZE,
            expand: WITH_CHARGE.map((field) => `data.${field}`),
            ...(page ? { page } : {}),
          }),
        );
        for (const intent of result.data) {
          held.push({ intentId: intent.id, amountMinor: intent.amount_capturable, authorizedAt: authorizedAt(intent) });
        }
        page = result.has_more && result.next_page ? result.next_page : undefined;
      } while (page);
      return held.sort((a, b) => a.authorizedAt.getTime() - b.authorizedAt.getTime());
    },

    verifyWebhook(rawBody, headers) {
      return verifyStripeWebhook(stripe, settings.webhookSecret, rawBody, headers);
    },
  };
}
