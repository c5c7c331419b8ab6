import { loadSeedCatalogue, seedIds } from './load-source';
import type { SeedProduct } from './source-schema';

/**
 * The content half of a demo product (spec §3 'Content product' and 'Product card'): copy,
 * imagery, regions, flags, display prices for countries without a shop, and `bc_products`,
 * the commerce product id per commerce region.
 */
export interface SeedContentProduct {
  uid: string;
  title: string;
  display_title: string;
  tagline: string;
  description: string;
  url: string;
  regions: string[];
  is_new: { value: boolean };
  is_redesigned: { value: boolean };
  price_range: string;
  prices: SeedProduct['display_prices'];
  image: { amplience_id: string; imageset: string };
  bc_products: { us: number; ca: number; eu_region_1: number };
}

/**
 * Pro customers browse the pro counterpart of their home region (spec §4 'Region resolution
 * for pro customers'), so a product shown in a shopping region is shown in its pro region too.
 */
const PRO_COUNTERPART: Partial<Record<SeedProduct['regions'][number], string>> = {
  us: 'pro',
  ca: 'pro_ca',
  eu_region_1: 'pro_eu_region_1',
};

function withProRegions(regions: readonly string[]): string[] {
  const pro = regions.flatMap((region) => {
    const counterpart = PRO_COUNTERPART[region as SeedProduct['regions'][number]];
    return counterpart ? [counterpart] : [];
  });
  return [...regions, ...pro];
}

/**
 * Reads the content half from the same source as the commerce half, so the two always agree;
 * the content seed stores these as the content service's product entries.
 */
export function readSeedContentProducts(): SeedContentProduct[] {
  return loadSeedCatalogue().products.map((product, index) => {
    const productId = seedIds.product(index);
    const [firstColour] = product.colours;
    return {
      uid: product.uid,
      title: product.title,
      display_title: product.title,
      tagline: product.tagline,
      description: product.description,
      url: `/${product.uid}`,
      regions: withProRegions(product.regions),
      is_new: { value: product.is_new },
      is_redesigned: { value: product.is_redesigned },
      price_range: product.price_range,
      prices: product.display_prices,
      image: { amplience_id: firstColour!.images[0]!, imageset: product.uid },
      // One catalogue serves every commerce region (prices differ by region, ids do not).
      bc_products: { us: productId, ca: productId, eu_region_1: productId },
    };
  });
}
