import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ContentErrorBody } from '@piste/content';
import type { DeliveryApi } from '@piste/content/server';
import type { DatabaseProbe } from '../database-probe';
import { OUTAGE_RETRY_AFTER_SECONDS } from '../errors';
import { sendWebResponse, toBufferedWebRequest } from '../storefront/web-request';

/** Parameters of a GET-override POST: a query and a few lists, far below this. */
const BODY_LIMIT = 64 * 1024;

function contentError(status: number, message: string): ContentErrorBody {
  return { error_message: message, error_code: status, errors: {} };
}

/**
 * The embedded content service over HTTP: `/api/content/v3/*` (the delivery API) and
 * `/api/interstack/references` (spec §7). Both answer in the content service's error shape,
 * `{ error_message, error_code, errors }`, which the rest of `/api` does not use.
 */
export function contentRoutes(deliveryApi: DeliveryApi, database: DatabaseProbe): FastifyPluginAsync {
  return async (app) => {
    // The delivery API reads bodies itself, so a malformed one gets its error shape.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) => {
      done(null, body);
    });
    app.setErrorHandler(async (error: FastifyError, request, reply) => {
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) return reply.status(status).send(contentError(status, error.message));
      // The embedded service reads the shop's database: while it is down, say so, as /api does.
      if (await database.unreachable()) {
        request.log.warn({ err: error }, 'the database is unreachable');
        return reply
          .status(503)
          .header('retry-after', String(OUTAGE_RETRY_AFTER_SECONDS))
          .send(contentError(503, 'The content service is briefly unavailable. Please try again in a moment.'));
      }
      request.log.error({ err: error }, 'content service error');
      return reply.status(500).send(contentError(500, 'Something went wrong on our side. Please try again.'));
    });

    const forward =
      (handler: (request: Request) => Promise<Response>) => async (request: FastifyRequest, reply: FastifyReply) =>
        sendWebResponse(reply, await handler(toBufferedWebRequest(request, 'http://content.local')));
    // Described, not validated: the service reads its own input and answers in its own shape.
    const described = (description: string) => ({ schema: { tags: ['content'], description } });
    app.all(
      '/content/*',
      described(
        'The embedded content service: the Contentstack-shaped delivery API under /content/v3 (docs/content.md). Reads are GETs, or POSTs with a GET override; errors are `{ error_message, error_code, errors }`.',
      ),
      forward(deliveryApi.handle),
    );
    app.all(
      '/interstack/references',
      described('Content entries by a list of uids (spec §7), in the delivery API’s shapes.'),
      forward(deliveryApi.handleReferences),
    );
  };
}
