import {
  SEARCH_CHANGES_CHANNEL,
  listenToChannel,
  notifySearchChange,
  parseSearchChange,
  type ChannelListener,
  type Database,
  type SearchChange,
} from '@piste/db';
import type { FastifyInstance } from 'fastify';
import type { CdnPurge } from './cdn/cdn-purge';

/** The in-process caches a committed write can leave stale (docs/operations.md 'Caches and changes'). */
export interface StaleableCaches {
  /** Catalogue answers: products, variants, stock, prices, categories, region currencies. */
  catalogue: { invalidate(): void };
  /** Content answers pages reuse, and the content products cards join with. */
  content: { clear(): void };
  /** Rendered anonymous pages, which show both. */
  pages: { clear(): void };
  /** The CDN in front (CDN_PURGE_URL), told which shared pages are stale; absent without one. */
  cdn?: Pick<CdnPurge, 'purge'>;
}

/**
 * Drops what a change made stale. The catalogue cache is cleared whole: one product's stock or
 * price shows in lists, category pages and related products, whose keys do not name it. The CDN
 * purges only the pages whose surrogate keys name what changed (cdn/surrogate-keys.ts).
 */
export function clearStaleCaches(caches: StaleableCaches, change: SearchChange): void {
  const catalogue = change.rebuild === true || (change.products?.length ?? 0) > 0;
  const content = change.rebuild === true || change.content === true;
  if (catalogue) caches.catalogue.invalidate();
  if (content) caches.content.clear();
  if (catalogue || content) caches.pages.clear();
  if (catalogue || content) caches.cdn?.purge(change);
}

/**
 * Listens on the change channel, where the database announces every committed catalogue and
 * content write (migration 0011_change_notifications), whoever made it: this instance, another
 * one, a seed or an operator's SQL. Started with the app and stopped when it closes.
 */
export function clearCachesOnChanges(app: FastifyInstance, database: Database, caches: StaleableCaches): void {
  let listener: ChannelListener | null = null;
  // Like the search index's sync, a listener that cannot start is logged, not fatal: the shop
  // still serves, its caches expiring by their time limits only.
  app.addHook('onReady', async () => {
    listener = await listenToChannel(database, SEARCH_CHANGES_CHANNEL, {
      // A payload it cannot read may still mean a change: clearing too much only costs a reread.
      onPayload: (payload) => clearStaleCaches(caches, parseSearchChange(payload) ?? { rebuild: true }),
      // Changes announced while the connection was down were missed.
      onResumed: () => clearStaleCaches(caches, { rebuild: true }),
      onConnectionError: (error) =>
        app.log.warn({ err: error }, 'cache clearing: change notifications interrupted; reconnecting'),
    }).catch((error: unknown) => {
      app.log.error({ err: error }, 'cache clearing could not listen for changes');
      return null;
    });
  });
  app.addHook('onClose', async () => {
    await listener?.close();
  });
}

/** What a commerce platform says changed (BigCommerce's webhooks): some products, or none named. */
export interface CommerceChange {
  productIds: readonly number[];
}

/**
 * `commerceChanged`, which BigCommerce's webhook route calls (docs/providers/bigcommerce.md
 * 'Freshness'): the store's changes never pass through our database, so no write announces them.
 * This instance clears its catalogue and page caches at once; the change then goes out on the
 * database's change channel, so every instance clears its own and the search index re-reads
 * those products from the provider, as after an embedded write. A change naming no product
 * (a category, a store setting) clears and re-indexes everything.
 */
export function announceCommerceChanges(
  database: Database,
  caches: StaleableCaches,
): (change: CommerceChange) => Promise<void> {
  return async ({ productIds }) => {
    const change: SearchChange = productIds.length > 0 ? { products: [...new Set(productIds)] } : { rebuild: true };
    clearStaleCaches(caches, change);
    await notifySearchChange(database.db, change);
  };
}
