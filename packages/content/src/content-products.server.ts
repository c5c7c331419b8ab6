import type { ProductEntry } from './entry-types';
import type { ContentClient } from './client/content-client-contract';
import type { ContentLogger } from './client/delivery-transport';

type CommerceRegion = keyof ProductEntry['bc_products'];

/** The content products of one locale, for synchronous joins with commerce products. */
export interface ContentProductLookup {
  all(): readonly ProductEntry[];
  byUid(uid: string): ProductEntry | undefined;
  /** The content product whose `bc_products` names this commerce product in the region. */
  byCommerceId(region: CommerceRegion, id: number): ProductEntry | undefined;
}

function lookupOf(products: readonly ProductEntry[]): ContentProductLookup {
  const byUid = new Map(products.map((product) => [product.uid, product]));
  const byRegionAndId = new Map(
    products.flatMap((product) =>
      Object.entries(product.bc_products ?? {}).map(([region, id]) => [`${region}:${id}`, product] as const),
    ),
  );
  return {
    all: () => products,
    byUid: (uid) => byUid.get(uid),
    byCommerceId: (region, id) => byRegionAndId.get(`${region}:${id}`),
  };
}

const EMPTY_LOOKUP = lookupOf([]);

/**
 * Product cards, grids and the GraphQL card query join every commerce product they show with
 * its content product (DESIGN §5). Reading those entries one by one per card would cost a
 * content call each, so the content products of a locale are read whole, indexed, and kept
 * for `ttlMs`; concurrent pages share one read. A failed read is logged and is not kept; it
 * answers the locale's last good read, so grids keep their cards through a content outage even
 * when `ttlMs` is 0 (a hosted stack read on every view), and an empty lookup when there was none
 * (spec §8: content failures degrade to empty lists).
 */
export function createContentProductIndex(client: ContentClient, options: { ttlMs: number; logger: ContentLogger }) {
  const cache = new Map<string, { expiresAt: number; lookup: Promise<ContentProductLookup> }>();
  const lastGood = new Map<string, ContentProductLookup>();

  function load(locale: string): Promise<ContentProductLookup> {
    return client.entries('product', { locale }).then(
      (entries) => {
        const lookup = lookupOf(entries);
        lastGood.set(locale, lookup);
        return lookup;
      },
      (error: unknown) => {
        options.logger.error('[content:product] Content request failed', error);
        cache.delete(locale);
        return lastGood.get(locale) ?? EMPTY_LOOKUP;
      },
    );
  }

  return {
    forLocale(locale: string): Promise<ContentProductLookup> {
      const now = Date.now();
      const cached = cache.get(locale);
      if (cached && cached.expiresAt > now) return cached.lookup;
      const lookup = load(locale);
      cache.set(locale, { expiresAt: now + options.ttlMs, lookup });
      return lookup;
    },
    /** Forgets every locale, so the next read sees edited content at once. */
    clear(): void {
      cache.clear();
    },
  };
}

export type ContentProductIndex = ReturnType<typeof createContentProductIndex>;
