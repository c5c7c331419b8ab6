import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PaymentEvents, PaymentProvider } from '@piste/commerce/server';
import { errorAnswers } from '../openapi/api-schemas';
import { applyZodSchemas } from '../openapi/zod-compilers';
import { CARD_GUARD_EXEMPT } from '../plugins/card-guard';

/** A provider's event is a few kilobytes (Stripe's are well under 64 KB with expanded objects). */
const WEBHOOK_BODY_LIMIT = 64 * 1024;

/**
 * `POST /webhooks/payments` (under `/api`): the payment provider's signed deliveries (issue 28
 * 'The payment flow' step 4). The raw body is verified with the provider's signature scheme
 * before anything is read from it: a missing or bad signature answers 400 and changes nothing.
 * Each event applies once by (provider, event id): a retried delivery answers 200 and changes
 * nothing. Server to server, so not behind the CSRF check (its path prefix is exempt).
 */
export function paymentWebhookRoutes(
  services: { payments: PaymentProvider; paymentEvents: PaymentEvents },
  /** Check answers against the route's schema (tests; docs/api.md). */
  options: { checkResponses?: boolean } = {},
): FastifyPluginAsyncZod {
  return async (app) => {
    // Its own compilers too: the plugin is also mounted on its own (its tests).
    applyZodSchemas(app, { checkResponses: options.checkResponses ?? false });
    // The signature covers the bytes as sent: the body is kept raw, whatever its content type.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => {
      done(null, body);
    });
    // The provider's own signed body, which holds no card number: the card guard does not read it.
    const schema = {
      tags: ['webhooks'],
      description: "The payment provider's signed event, read raw (any content type) and verified before use.",
      response: {
        200: z.object({
          status: z.string().describe('What the event did, or that it was seen before.'),
          id: z.string(),
        }),
        ...errorAnswers(400, 413),
      },
    };
    app.post('/webhooks/payments', { config: CARD_GUARD_EXEMPT, schema }, async (request, reply) => {
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      // Throws INVALID_DATA (400) when the signature does not verify or the body is no event.
      const event = services.payments.verifyWebhook(rawBody, request.headers);
      const outcome = await services.paymentEvents.apply(services.payments.id, event);
      return reply.status(200).send({ status: outcome, id: event.id });
    });
  };
}
