import { createHmac } from 'node:crypto';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { PaymentEvent, PaymentEvents } from '@piste/commerce/server';
import { createStripePaymentProvider } from '@piste/payments-stripe';
import { handleApiError } from '../errors';
import { paymentWebhookRoutes } from './payment-webhooks';

const WEBHOOK_SECRET = 'whsec_piste_route_test_secret';
const provider = createStripePaymentProvider({
  secretKey: 'sk_test_51QpisteRouteTest000000',
  publishableKey: 'pk_test_51QpisteRouteTest000000',
  webhookSecret: WEBHOOK_SECRET,
});

/** An event as Stripe delivers it: pretty-printed JSON (https://docs.stripe.com/api/events/object). */
function stripeEvent(eventId: string): string {
  return JSON.stringify(
    {
      id: eventId,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: 1_795_770_100,
      data: {
        object: { id: 'ch_3QpisteRoute', object: 'charge', amount_refunded: 2500, payment_intent: 'pi_3QpisteRoute' },
      },
      livemode: false,
      pending_webhooks: 1,
      type: 'charge.refunded',
    },
    null,
    2,
  );
}

/**
 * The `Stripe-Signature` header as Stripe documents it (https://docs.stripe.com/webhooks#verify-manually):
 * `t=<unix time>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the endpoint's secret>`. Stripe signs
 * each attempt anew, so a retry has a later time.
 */
function signature(body: string, secret = WEBHOOK_SECRET, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

let app: ReturnType<typeof Fastify> | undefined;
afterEach(() => app?.close());

/** The route with Stripe's verifier; events are recorded once by (provider, id), as payment_events does. */
async function webhookApp() {
  const applied: Array<{ provider: string; event: PaymentEvent }> = [];
  const paymentEvents: PaymentEvents = {
    async apply(providerId, event) {
      if (applied.some((entry) => entry.provider === providerId && entry.event.id === event.id)) return 'duplicate';
      applied.push({ provider: providerId, event });
      return 'applied';
    },
  };
  app = Fastify({ logger: false });
  app.setErrorHandler(handleApiError);
  await app.register(paymentWebhookRoutes({ payments: provider, paymentEvents }), { prefix: '/api' });
  const deliver = (body: string, signature?: string) =>
    app!.inject({
      method: 'POST',
      url: '/api/webhooks/payments',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        ...(signature === undefined ? {} : { 'stripe-signature': signature }),
      },
      payload: body,
    });
  return { applied, deliver };
}

describe('POST /api/webhooks/payments with PAYMENT_PROVIDER=stripe', () => {
  it("applies a Stripe-signed refund once: Stripe's retry of the same event changes nothing", async () => {
    const { applied, deliver } = await webhookApp();
    const body = stripeEvent('evt_route_refund');
    const now = Math.floor(Date.now() / 1000);

    const first = await deliver(body, signature(body, WEBHOOK_SECRET, now - 60));
    const retry = await deliver(body, signature(body, WEBHOOK_SECRET, now));

    expect([first.statusCode, first.json()]).toEqual([200, { status: 'applied', id: 'evt_route_refund' }]);
    expect([retry.statusCode, retry.json()]).toEqual([200, { status: 'duplicate', id: 'evt_route_refund' }]);
    expect(applied).toEqual([
      {
        provider: 'stripe',
        event: {
          id: 'evt_route_refund',
          type: 'charge.refunded',
          intentId: 'pi_3QpisteRoute',
          amountRefundedMinor: 2500,
        },
      },
    ]);
  });

  it('answers 400 WEBHOOK_SIGNATURE for another secret, a missing signature or an altered body, and applies nothing', async () => {
    const { applied, deliver } = await webhookApp();
    const body = stripeEvent('evt_route_forged');

    const answers = [
      await deliver(body, signature(body, 'whsec_someone_else')),
      await deliver(body),
      await deliver(body.replace('2500', '9999'), signature(body)),
    ];

    for (const answer of answers) {
      expect([answer.statusCode, answer.json().error.code]).toEqual([400, 'WEBHOOK_SIGNATURE']);
    }
    expect(applied).toEqual([]);
  });
});
