import {
  createCatalogueService,
  createSeedContentStore,
  createStoreService,
  resolveCommerceRegion,
  ResponseCache,
  type ImageSize,
  type ShopperContext,
} from '@piste/commerce';
import type { Db } from '@piste/db';

/** Widths of the catalogue's image sizes (BigCommerce's zoom/standard/thumbnail/tiny). */
const IMAGE_WIDTHS: Record<ImageSize, number> = { zoom: 1280, standard: 500, thumbnail: 220, tiny: 44 };

/**
 * Domain services, built once per process and shared by `/api` and by SSR loaders (through
 * the load context), so a page and an API call see the same catalogue and the same cache.
 */
export function createServices(
  db: Db,
  options: {
    /** The media service and the brand's alias (spec §9 'Images': "a brand-specific default image alias"). */
    media: { baseUrl: string; alias: string };
    catalogueCacheTtlSeconds: number;
  },
) {
  const imageUrl = (mediaId: string, size: ImageSize) =>
    `${options.media.baseUrl}/i/${options.media.alias}/${encodeURIComponent(mediaId)}?w=${IMAGE_WIDTHS[size]}&fmt=auto`;
  return {
    catalogue: createCatalogueService(db, {
      imageUrl,
      cache: new ResponseCache({ ttlMs: options.catalogueCacheTtlSeconds * 1000 }),
    }),
    store: createStoreService(db),
    /** Content products (copy, imagery, regions) until the content service lands (issue 6). */
    contentProducts: createSeedContentStore(),
    /** The shopper of a page in a commerce region (customer groups join with sessions, issue 8). */
    shopperIn: (bcRegion: string): ShopperContext => ({ region: resolveCommerceRegion(bcRegion) }),
  };
}

export type Services = ReturnType<typeof createServices>;
