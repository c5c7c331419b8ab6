import { isDomainError } from '@piste/core';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStripePaymentProvider } from '../src';
import {
  CART_ID,
  CHECKOUT_KEY,
  CLIENT_SECRET,
  INTENT_ID,
  errors,
  event,
  heldSearchPages,
  intentCanceled,
  intentCaptured,
  intentCreated,
  intentDeclined,
  intentPartlyRefunded,
  intentRequiresAction,
  intentRequiresCapture,
  refundCreated,
} from './stripe-api-fixtures';
import { startStripeFixtureServer } from './stripe-fixture-server';

const settings = {
  secretKey: 'sk_test_51QpisteFixtureKey000000000000',
  publishableKey: 'pk_test_51QpisteFixtureKey000000000000',
  webhookSecret: 'whsec_piste_fixture_secret',
};

let server: Awaited<ReturnType<typeof startStripeFixtureServer>>;
let provider: ReturnType<typeof createStripePaymentProvider>;

beforeAll(async () => {
  server = await startStripeFixtureServer();
  provider = createStripePaymentProvider(settings, { apiTarget: server.target, maxNetworkRetries: 0 });
});
afterAll(() => server.close());
beforeEach(() => server.reset());

async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!isDomainError(error)) throw new Error(`expected a DomainError, got ${String(error)}`);
  return error;
}

describe('Stripe payment provider: intents', () => {
  it('creates a manual-capture intent for the total, sending the key, amount, currency and cart', async () => {
    server.answer('POST /v1/payment_intents', intentCreated);

    const intent = await provider.createIntent({
      amountMinor: 12_900,
      currency: 'EUR',
      idempotencyKey: `${CHECKOUT_KEY}:12900:EUR`,
      metadata: { cart_id: CART_ID, checkout_key: CHECKOUT_KEY },
    });

    const sent = server.sent(0);
    expect(sent.method).toBe('POST');
    expect(sent.headers['authorization']).toBe(`Bearer ${settings.secretKey}`);
    expect(sent.headers['idempotency-key']).toBe(`${CHECKOUT_KEY}:12900:EUR`);
    expect(sent.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(sent.form)).toEqual({
      amount: '12900',
      currency: 'eur',
      capture_method: 'manual',
      'automatic_payment_methods[enabled]': 'true',
      'metadata[cart_id]': CART_ID,
      'metadata[checkout_key]': CHECKOUT_KEY,
    });
    expect(intent).toEqual({
      id: INTENT_ID,
      status: 'requires_payment_method',
      amountMinor: 12_900,
      currency: 'EUR',
      clientSecret: CLIENT_SECRET,
      metadata: { cart_id: CART_ID, checkout_key: CHECKOUT_KEY },
      card: null,
      lastError: null,
      capturedMinor: 0,
      refundedMinor: 0,
      created: new Date(intentCreated.created * 1000),
    });
  });

  it('reads an authorised intent with its latest charge: the card brand and last 4, nothing captured', async () => {
    server.answer(`GET /v1/payment_intents/${INTENT_ID}`, intentRequiresCapture);

    const intent = await provider.retrieveIntent(INTENT_ID);

    expect(server.sent(0).query.get('expand[0]')).toBe('latest_charge');
    expect(intent).toMatchObject({
      status: 'requires_capture',
      amountMinor: 12_900,
      currency: 'EUR',
      metadata: { cart_id: CART_ID },
      card: { brand: 'visa', last4: '4242' },
      capturedMinor: 0,
    });
  });

  it('shows an intent waiting for 3D Secure as requires_action, which the checkout cannot capture', async () => {
    server.answer(`GET /v1/payment_intents/${INTENT_ID}`, intentRequiresAction);

    const intent = await provider.retrieveIntent(INTENT_ID);

    expect(intent.status).toBe('requires_action');
    expect(intent.card).toBeNull();
  });

  it("names a declined confirmation's reason and Stripe's message", async () => {
    server.answer(`GET /v1/payment_intents/${INTENT_ID}`, intentDeclined);

    const intent = await provider.retrieveIntent(INTENT_ID);

    expect(intent.status).toBe('requires_payment_method');
    expect(intent.lastError).toEqual({ code: 'insufficient_funds', message: 'Your card has insufficient funds.' });
  });

  it.each(['../../v1/refunds', 'pi_1?expand[]=customer', 'ch_3QpisteA1b2C3d4E5f6G7h8', ''])(
    'answers %j from a form with NOT_FOUND without asking Stripe',
    async (intentId) => {
      const error = await failure(provider.retrieveIntent(intentId));

      expect([error.kind, error.code]).toEqual(['NOT_FOUND', 'PAYMENT_NOT_FOUND']);
      expect(server.requests).toHaveLength(0);
    },
  );

  it('answers an unknown intent id with NOT_FOUND, not a 500', async () => {
    server.answer('GET /v1/payment_intents/pi_missing', errors.missing);

    const error = await failure(provider.retrieveIntent('pi_missing'));

    expect([error.kind, error.code]).toEqual(['NOT_FOUND', 'PAYMENT_NOT_FOUND']);
  });

  it('captures, and a second capture of a captured intent is harmless', async () => {
    server.answer(`POST /v1/payment_intents/${INTENT_ID}/capture`, intentCaptured, errors.unexpectedState);
    server.answer(`GET /v1/payment_intents/${INTENT_ID}`, intentCaptured);

    await provider.capture(INTENT_ID);
    await provider.capture(INTENT_ID);

    expect(server.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      `POST /v1/payment_intents/${INTENT_ID}/capture`,
      `POST /v1/payment_intents/${INTENT_ID}/capture`,
      `GET /v1/payment_intents/${INTENT_ID}`,
    ]);
  });

  it('refuses to capture an intent that was released', async () => {
    server.answer(`POST /v1/payment_intents/${INTENT_ID}/capture`, errors.unexpectedState);
    server.answer(`GET /v1/payment_intents/${INTENT_ID}`, intentCanceled);

    const error = await failure(provider.capture(INTENT_ID));

    expect([error.kind, error.code]).toEqual(['CONFLICT', 'PAYMENT_REFUSED']);
  });

  it("turns a 402 card error into a 409 PAYMENT_DECLINED with Stripe's message", async () => {
    server.answer(`POST /v1/payment_intents/${INTENT_ID}/capture`, errors.cardDeclined);

    const error = await failure(provider.capture(INTENT_ID));

    expect([error.kind, error.code, error.message]).toEqual([
      'CONFLICT',
      'PAYMENT_DECLINED',
      'Your card was declined.',
    ]);
    expect(error.values).toEqual({ reason: 'generic_decline' });
  });

  it('voids with a cancel; voiding a captured intent leaves the payment taken', async () => {
    server.answer(`POST /v1/payment_intents/${INTENT_ID}/cancel`, intentCanceled, errors.unexpectedState);
    server.answer(`GET /v1/payment_intents/${INTENT_ID}`, intentCaptured);

    await provider.void(INTENT_ID);
    await provider.void(INTENT_ID);

    expect(server.requests.filter((request) => request.path.endsWith('/cancel'))).toHaveLength(2);
  });

  it("answers a 500 from Stripe with a 503-kind error the shopper may retry, and logs Stripe's request id", async () => {
    const warnings: Array<Record<string, unknown>> = [];
    const logged = createStripePaymentProvider(settings, {
      apiTarget: server.target,
      maxNetworkRetries: 0,
      logger: { warn: (_message, details) => warnings.push(details) },
    });
    server.answer('POST /v1/payment_intents', errors.apiError);

    const error = await failure(
      logged.createIntent({ amountMinor: 12_900, currency: 'EUR', idempotencyKey: 'k', metadata: {} }),
    );

    expect([error.kind, error.code]).toEqual(['UNAVAILABLE', 'PAYMENT_PROVIDER_UNAVAILABLE']);
    expect(error.message).not.toMatch(/unknown error/);
    expect(warnings).toEqual([
      expect.objectContaining({ type: 'StripeAPIError', statusCode: 500, requestId: 'req_fixture' }),
    ]);
    expect(JSON.stringify(warnings)).not.toContain(settings.secretKey);
  });

  it('answers an unreachable Stripe with the same 503-kind error', async () => {
    const offline = createStripePaymentProvider(settings, {
      apiTarget: { host: '127.0.0.1', port: 9, protocol: 'http' },
      maxNetworkRetries: 0,
    });

    const error = await failure(offline.retrieveIntent(INTENT_ID));

    expect(error.kind).toBe('UNAVAILABLE');
  });
});

describe('Stripe payment provider: refunds and held authorisations', () => {
  it('refunds part of a payment under the idempotency key, and the intent then shows it', async () => {
    server.answer('POST /v1/refunds', refundCreated);
    server.answer(`GET /v1/payment_intents/${INTENT_ID}`, intentPartlyRefunded);

    const { refundId } = await provider.refund(INTENT_ID, 2_000, 'refund:order-1042:1');
    const intent = await provider.retrieveIntent(INTENT_ID);

    const sent = server.sent(0);
    expect(Object.fromEntries(sent.form)).toEqual({ payment_intent: INTENT_ID, amount: '2000' });
    expect(sent.headers['idempotency-key']).toBe('refund:order-1042:1');
    expect(refundId).toBe(refundCreated.id);
    expect([intent.capturedMinor, intent.refundedMinor]).toEqual([12_900, 2_000]);
  });

  it('refuses a refund beyond what remains with CONFLICT REFUND_REFUSED', async () => {
    server.answer('POST /v1/refunds', errors.overRefund);

    const error = await failure(provider.refund(INTENT_ID, 15_000, 'refund:order-1042:2'));

    expect([error.kind, error.code]).toEqual(['CONFLICT', 'REFUND_REFUSED']);
    expect(error.message).toMatch(/greater than unrefunded amount/);
  });

  it('refuses a refund of nothing before asking Stripe', async () => {
    const error = await failure(provider.refund(INTENT_ID, 0, 'refund:order-1042:3'));

    expect(error.kind).toBe('INVALID_DATA');
    expect(server.requests).toHaveLength(0);
  });

  it('lists every held authorisation across search pages, oldest authorisation first', async () => {
    const { first, second, older } = heldSearchPages();
    server.answer('GET /v1/payment_intents/search', first, second);

    const held = await provider.heldAuthorisations();

    expect(server.sent(0).query.get('query')).toBe("status:'requires_capture'");
    expect(server.sent(0).query.get('page')).toBeNull();
    expect(server.sent(1).query.get('page')).toBe(first.next_page);
    expect(held).toEqual([
      { intentId: 'pi_3QpisteOlder00000000000', amountMinor: 4_500, authorizedAt: expect.any(Date) },
      { intentId: INTENT_ID, amountMinor: 12_900, authorizedAt: expect.any(Date) },
    ]);
    expect(held.map((entry) => entry.authorizedAt.getTime())).toEqual([
      older.latest_charge.created * 1000,
      intentRequiresCapture.latest_charge.created * 1000,
    ]);
  });
});

describe('Stripe payment provider: webhooks and browser setup', () => {
  const signer = new Stripe('sk_test_signer');

  function delivery(payload: object, secret = settings.webhookSecret, timestamp?: number) {
    const body = JSON.stringify(payload);
    const signature = signer.webhooks.generateTestHeaderString({ payload: body, secret, timestamp });
    return { body: Buffer.from(body), headers: { 'stripe-signature': signature } };
  }

  it('verifies a signed delivery and names the event, its intent and what was captured', () => {
    const { body, headers } = delivery(event('payment_intent.succeeded', intentCaptured));

    expect(provider.verifyWebhook(body, headers)).toEqual({
      id: 'evt_3QpisteA1b2C3d4E5f6G7h8',
      type: 'payment_intent.succeeded',
      intentId: INTENT_ID,
      amountCapturedMinor: 12_900,
    });
  });

  it("reads a refund's total from charge.refunded", () => {
    const charge = intentPartlyRefunded.latest_charge;
    const { body, headers } = delivery(event('charge.refunded', charge, 'evt_refund_1'));

    expect(provider.verifyWebhook(body, headers)).toEqual({
      id: 'evt_refund_1',
      type: 'charge.refunded',
      intentId: INTENT_ID,
      amountRefundedMinor: 2_000,
    });
  });

  it('gives a retried delivery the same event id, so the server records it once', () => {
    const payload = event('payment_intent.canceled', intentCanceled, 'evt_retried');
    const now = Math.floor(Date.now() / 1000);
    const first = delivery(payload, settings.webhookSecret, now - 60);
    const retry = delivery(payload, settings.webhookSecret, now);

    expect(provider.verifyWebhook(first.body, first.headers).id).toBe('evt_retried');
    expect(provider.verifyWebhook(retry.body, retry.headers).id).toBe('evt_retried');
  });

  it('reads events the checkout does not act on as other', () => {
    const { body, headers } = delivery(event('customer.created', { id: 'cus_1', object: 'customer' }, 'evt_other'));

    expect(provider.verifyWebhook(body, headers)).toEqual({ id: 'evt_other', type: 'other', intentId: null });
  });

  it.each([
    ['another secret', () => delivery(event('payment_intent.succeeded', intentCaptured), 'whsec_someone_else')],
    [
      'a changed body',
      () => {
        const signed = delivery(event('payment_intent.succeeded', intentCaptured));
        return { ...signed, body: Buffer.from(signed.body.toString().replace('12900', '1')) };
      },
    ],
    [
      'a delivery older than five minutes',
      () => delivery(event('payment_intent.succeeded', intentCaptured), settings.webhookSecret, 1_700_000_000),
    ],
    ['no signature', () => ({ body: Buffer.from('{}'), headers: {} })],
  ])('refuses %s with INVALID_DATA WEBHOOK_SIGNATURE', (_case, make) => {
    const { body, headers } = make();

    let thrown: unknown;
    try {
      provider.verifyWebhook(body, headers);
    } catch (error) {
      thrown = error;
    }

    expect(isDomainError(thrown, 'INVALID_DATA') && thrown.code).toBe('WEBHOOK_SIGNATURE');
  });

  it("hands the browser the publishable key and the CSP origins from Stripe's security guide", () => {
    expect(provider.browserSetup()).toEqual({
      provider: 'stripe',
      publishableKey: settings.publishableKey,
      csp: {
        script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
        frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
        connect: ['https://api.stripe.com'],
      },
    });
    expect(JSON.stringify(provider.browserSetup())).not.toContain(settings.secretKey);
  });
});
