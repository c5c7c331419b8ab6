import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { SearchErrorBody } from '@piste/search';
import { MAX_BODY_BYTES, type SearchApi } from '@piste/search/server';
import { sendWebResponse, toBufferedWebRequest } from '../storefront/web-request';

/**
 * The embedded search engine over HTTP: `/api/search/api/as/v1/engines/{engine}/…`, Elastic
 * App Search's paths under our prefix (docs/search.md). Answers, errors included, are in App
 * Search's shape `{ errors: [...] }`, which the rest of `/api` does not use.
 */
export function searchRoutes(searchApi: SearchApi): FastifyPluginAsync {
  return async (app) => {
    // The search API reads bodies itself, so a malformed one gets its error shape.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_BODY_BYTES }, (_request, body, done) => {
      done(null, body);
    });
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500)
        return reply.status(status).send({ errors: [error.message] } satisfies SearchErrorBody);
      request.log.error({ err: error }, 'search API error');
      return reply.status(500).send({ errors: ['Internal server error'] } satisfies SearchErrorBody);
    });

    app.all('/search/api/as/v1/engines/*', async (request: FastifyRequest, reply: FastifyReply) =>
      sendWebResponse(reply, await searchApi.handle(toBufferedWebRequest(request, 'http://search.local'))),
    );
  };
}
