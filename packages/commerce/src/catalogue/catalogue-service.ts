import { LRUCache } from 'lru-cache';
import type { Db } from '@piste/db';
import { ResponseCache } from '../response-cache';
import type { CatalogueService, ImageSize } from './catalogue-contract';
import { createCatalogueListings } from './catalogue-listings';
import { createCatalogueReads } from './catalogue-reads';
import { createProductHydration } from './product-hydration';

export interface CatalogueServiceOptions {
  /** Builds an image URL from a media id (the media service decides the host and transform). */
  imageUrl: (mediaId: string, size: ImageSize) => string;
  cache?: ResponseCache;
}

/**
 * The catalogue half of the commerce engine: products, variants, options, categories and
 * stock, answered in BigCommerce's v3 shapes. Used by `/api` and, in-process, by SSR loaders.
 * Its reads and listings share the product hydration and the response cache.
 */
export function createCatalogueService(db: Db, options: CatalogueServiceOptions): CatalogueService {
  const cache = options.cache ?? new ResponseCache();
  /**
   * Totals for pagination, remembered for a minute even when the response cache is off:
   * counting a large category on every page view is wasted work, and a total that lags a
   * catalogue change by a minute misleads nobody. Cleared with the cache on every catalogue write.
   */
  const totals = new LRUCache<string, number>({ max: 1_000, ttl: 60_000 });
  const hydration = createProductHydration(db, options.imageUrl);
  return {
    ...createCatalogueReads(db, { cache, hydration }),
    ...createCatalogueListings(db, { cache, totals, hydration }),
    /** Drops every kept answer: the database announced a catalogue write (server's cache-clearing.ts). */
    invalidate(): void {
      cache.invalidate();
      totals.clear();
    },
  };
}
