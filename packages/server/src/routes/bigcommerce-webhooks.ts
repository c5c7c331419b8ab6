import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  handleWebhook,
  isWebhookSecretValid,
  WEBHOOK_SECRET_HEADER,
  webhookPayloadSchema,
  type WebhookChange,
} from '@piste/bigcommerce';
import { errorBody } from '../errors';
import { errorAnswers } from '../openapi/api-schemas';
import { applyZodSchemas } from '../openapi/zod-compilers';

export type { WebhookChange };

/** A delivery is a few hundred bytes (developer.bigcommerce.com/docs/integrations/webhooks). */
const WEBHOOK_BODY_LIMIT = 16 * 1024;

export interface BigCommerceWebhookOptions {
  /** BIGCOMMERCE_WEBHOOK_SECRET: every delivery carries it in the header our subscriptions set. */
  secret: string;
  /** Clears caches and re-indexes search for one delivery. */
  onChange(change: WebhookChange): Promise<void> | void;
  /** Check answers against the route's schema (tests; docs/api.md). */
  checkResponses?: boolean;
}

/**
 * `POST /webhooks/bigcommerce` (under `/api`): BigCommerce's deliveries for the scopes we subscribe
 * to. Server to server, so not behind the CSRF check (its path prefix is exempt): the secret header
 * authorises it, checked before the body is read. Bad secret → 401 and nothing changes; a body
 * that is not a delivery → 400; a scope we do not handle → 202; a change applied → 200, which
 * BigCommerce needs to count it delivered (it retries anything else).
 */
const outcome = (status: string) => z.object({ status: z.literal(status), scope: z.string() });

export function bigCommerceWebhookRoutes(options: BigCommerceWebhookOptions): FastifyPluginAsyncZod {
  return async (app) => {
    // Its own compilers too: the plugin is also mounted on its own (its tests, a webhook-only app).
    applyZodSchemas(app, { checkResponses: options.checkResponses ?? false });
    app.post(
      '/webhooks/bigcommerce',
      {
        bodyLimit: WEBHOOK_BODY_LIMIT,
        // The body is checked by the handler, so anything that is not a delivery answers its own 400.
        schema: {
          tags: ['webhooks'],
          description: `BigCommerce's delivery, authorised by the \`${WEBHOOK_SECRET_HEADER}\` header.`,
          response: { 200: outcome('applied'), 202: outcome('ignored'), ...errorAnswers(400, 401, 413) },
        },
        onRequest: async (request, reply) => {
          if (!isWebhookSecretValid(request.headers[WEBHOOK_SECRET_HEADER], options.secret)) {
            return reply.status(401).send(errorBody('UNAUTHORIZED', 'The webhook secret is missing or wrong.'));
          }
        },
      },
      async (request, reply) => {
        const payload = webhookPayloadSchema.safeParse(request.body);
        if (!payload.success) {
          return reply.status(400).send(errorBody('INVALID_DATA', 'The body is not a BigCommerce webhook delivery.'));
        }
        const change = handleWebhook(payload.data);
        if (!change) return reply.status(202).send({ status: 'ignored', scope: payload.data.scope });
        try {
          await options.onChange(change);
        } catch (error) {
          request.log.warn({ err: error, scope: change.scope }, 'BigCommerce webhook could not be applied');
          return reply
            .status(503)
            .send(errorBody('UNAVAILABLE', 'The change could not be applied yet; BigCommerce will send it again.'));
        }
        return reply.status(200).send({ status: 'applied', scope: change.scope });
      },
    );
  };
}
