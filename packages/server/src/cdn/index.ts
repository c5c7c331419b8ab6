import type { FastifyInstance } from 'fastify';
import { CdnPageIndex, rememberCdnPages } from './cdn-page-index';
import { createNginxPurge, type CdnPurge } from './cdn-purge';

export type { CdnPurge } from './cdn-purge';

/**
 * The CDN in front at CDN_PURGE_URL: the app remembers the shared pages it answers through it,
 * and the returned purge drops those a change made stale. Call before the routes register.
 */
export function connectCdn(app: FastifyInstance, purgeUrl: string): CdnPurge {
  const index = new CdnPageIndex();
  app.addHook('onSend', rememberCdnPages(index));
  return createNginxPurge({ url: purgeUrl, index, log: app.log.child({ cdn: purgeUrl }) });
}
