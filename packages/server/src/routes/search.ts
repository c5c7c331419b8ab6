import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { SearchErrorBody } from '@piste/search';
import { MAX_BODY_BYTES, type SearchApi } from '@piste/search/server';
import type { DatabaseProbe } from '../database-probe';
import { OUTAGE_RETRY_AFTER_SECONDS } from '../errors';
import { sendWebResponse, toBufferedWebRequest } from '../storefront/web-request';

/**
 * The embedded search engine over HTTP: `/api/search/api/as/v1/engines/{engine}/…`, Elastic
 * App Search's paths under our prefix (docs/search.md). Answers, errors included, are in App
 * Search's shape `{ errors: [...] }`, which the rest of `/api` does not use.
 */
export function searchRoutes(searchApi: SearchApi, database: DatabaseProbe): FastifyPluginAsync {
  return async (app) => {
    // The search API reads bodies itself, so a malformed one gets its error shape.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_BODY_BYTES }, (_request, body, done) => {
      done(null, body);
    });
    app.setErrorHandler(async (error: FastifyError, request, reply) => {
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500)
        return reply.status(status).send({ errors: [error.message] } satisfies SearchErrorBody);
      // The embedded engine reads the shop's database: while it is down, say so, as /api does.
      if (await database.unreachable()) {
        request.log.warn({ err: error }, 'the database is unreachable');
        return reply
          .status(503)
          .header('retry-after', String(OUTAGE_RETRY_AFTER_SECONDS))
          .send({ errors: ['Search is briefly unavailable. Please try again in a moment.'] } satisfies SearchErrorBody);
      }
      request.log.error({ err: error }, 'search API error');
      return reply.status(500).send({ errors: ['Internal server error'] } satisfies SearchErrorBody);
    });

    // Described, not validated: the engine reads its own input and answers in its own shape.
    const described = {
      schema: {
        tags: ['search'],
        description:
          'The embedded site search: Elastic App Search’s engine paths (search, query suggestion, click) with a bearer search key (docs/search.md); errors are `{ errors: [...] }`.',
      },
    };
    app.all('/search/api/as/v1/engines/*', described, async (request: FastifyRequest, reply: FastifyReply) =>
      sendWebResponse(reply, await searchApi.handle(toBufferedWebRequest(request, 'http://search.local'))),
    );
  };
}
