import fastifyEtag from '@fastify/etag';
import type { FastifyInstance } from 'fastify';

/**
 * Catalogue reads may be cached by a CDN for a minute and served stale while it refreshes;
 * they differ by region. ETags let browsers and CDNs revalidate with a 304.
 */
export const CATALOGUE_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=600';

export async function cacheCatalogueReads(app: FastifyInstance): Promise<void> {
  await app.register(fastifyEtag);
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode === 200) {
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
