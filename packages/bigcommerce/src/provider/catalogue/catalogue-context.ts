import type { ShopperContext } from '@piste/commerce';
import { DomainError } from '@piste/core';
import type { BigCommerceProviderDeps } from '../provider-deps';
import { createCatalogCalls, type CatalogCalls } from './catalog-calls';
import type { WireProduct } from './catalog-wire';
import type { ViewContext } from './product-view';
import { regionPrices } from './region-prices';

/** The embedded engine's words for a missing record (product-hydration.ts), which pages and `/api` rely on. */
export function notFound(what: string, id: number | string): DomainError {
  return new DomainError('NOT_FOUND', `${what} ${id} does not exist.`);
}

/** What the catalogue's reads and listings share: the calls and how a shopper's view is made. */
export function createCatalogueContext(deps: BigCommerceProviderDeps) {
  const calls: CatalogCalls = createCatalogCalls(deps);

  return {
    calls,

    /** How these products look to the shopper: the region's prices, our image URLs. */
    async viewFor(shopper: ShopperContext, products: readonly WireProduct[]): Promise<ViewContext> {
      const priceOf = await regionPrices(calls, deps.settings, shopper.region.id, products);
      return { shopper, priceOf, imageUrl: deps.imageUrl };
    },

    /** A product a shopper may see; NOT_FOUND for a missing or hidden one, as the embedded engine answers. */
    async visibleProduct(id: number): Promise<WireProduct> {
      const product = await calls.product(id);
      if (!product || !product.is_visible) throw notFound('Product', id);
      return product;
    },
  };
}

export type CatalogueContext = ReturnType<typeof createCatalogueContext>;
