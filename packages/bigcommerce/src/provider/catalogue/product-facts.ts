import { productInStock, type PriceListRegionId, type ProductFacts, type ProductFactsReader } from '@piste/commerce';
import type { BigCommerceSettings } from '../../settings';
import type { CatalogCalls } from './catalog-calls';
import { mediaIdOf } from './catalog-conventions';
import type { WireProduct } from './catalog-wire';
import { cheapestToPay } from './listed-product';
import { categoryPath } from './product-view';
import { regionPrices } from './region-prices';

const PRICE_LISTS: readonly PriceListRegionId[] = ['us', 'ca', 'eu_region_1'];

const byOrder = <T extends { sort_order: number; id: number }>(items: readonly T[]) =>
  [...items].sort((a, b) => a.sort_order - b.sort_order || a.id - b.id);

/** The labels of the product's options of one type, in the option's and the values' order. */
function optionLabels(product: WireProduct, type: string): string[] {
  return byOrder((product.options ?? []).filter((option) => option.type === type)).flatMap((option) =>
    byOrder(option.option_values).map((value) => value.label),
  );
}

/**
 * The search index's commerce half, read from BigCommerce: what the embedded engine computes from
 * its tables (packages/search/src/indexing/commerce-facts.server.ts), for visible products only.
 */
export function createProductFacts(calls: CatalogCalls, settings: BigCommerceSettings): ProductFactsReader {
  return async (ids) => {
    const unique = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0);
    const facts = new Map<number, ProductFacts>();
    if (unique.length === 0) return facts;
    const [products, categories] = await Promise.all([
      calls.products({ ids: unique, visibleOnly: true }),
      calls.categories(),
    ]);
    const categoryById = new Map(categories.filter((category) => category.is_visible).map((c) => [c.category_id, c]));
    const priceLists = await Promise.all(
      PRICE_LISTS.map(async (region) => [region, await regionPrices(calls, settings, region, products)] as const),
    );
    for (const product of [...products].sort((a, b) => a.id - b.id)) {
      const firstImage = byOrder(product.images ?? [])[0];
      facts.set(product.id, {
        id: product.id,
        inStock: productInStock(product, product.variants ?? []),
        categories: product.categories
          .flatMap((id) => {
            const category = categoryById.get(id);
            return category ? [{ id, name: category.name, path: categoryPath(category) }] : [];
          })
          .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
        colours: optionLabels(product, 'swatch'),
        sizes: optionLabels(product, 'rectangles'),
        prices: Object.fromEntries(
          priceLists.flatMap(([region, priceOf]) => {
            const cheapest = cheapestToPay(product, priceOf);
            return cheapest ? [[region, cheapest]] : [];
          }),
        ),
        image: firstImage ? mediaIdOf(firstImage.image_file) : null,
        updatedAt: new Date(product.date_modified).toISOString(),
      });
    }
    return facts;
  };
}
