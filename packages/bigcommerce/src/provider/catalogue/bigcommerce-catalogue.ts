import type { CatalogueService, ProductFactsReader } from '@piste/commerce';
import type { BigCommerceProviderDeps } from '../provider-deps';
import { unfinished } from '../unfinished';

/** The catalogue over BigCommerce's v3 catalog and price lists. */
export function createBigCommerceCatalogue(
  _deps: BigCommerceProviderDeps,
): CatalogueService & { productFacts: ProductFactsReader } {
  return unfinished('catalogue');
}
