import fastifyEtag from '@fastify/etag';
import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from '../../sessions/index';

/**
 * Catalogue reads may be cached by a CDN for a minute and served stale while it refreshes;
 * they differ by region. ETags let browsers and CDNs revalidate with a 304. A signed-in
 * customer's answers carry their group's prices, so those stay private to their browser.
 */
export const CATALOGUE_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=600';

export async function cacheCatalogueReads(app: FastifyInstance): Promise<void> {
  await app.register(fastifyEtag);
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.cookies[SESSION_COOKIE]) {
      reply.header('cache-control', 'private, no-store');
    } else if (reply.statusCode === 200) {
      // A shared cache would hand one visitor's cookie (a first XSRF token) to the next: these answers set none.
      reply.removeHeader('set-cookie');
      reply.header('cache-control', CATALOGUE_CACHE_CONTROL);
      reply.header('vary', 'x-bc-region');
    } else {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
