import type { CatalogueService, ProductFactsReader } from '@piste/commerce';
import type { BigCommerceProviderDeps } from '../provider-deps';
import { createCatalogueContext } from './catalogue-context';
import { createCatalogueListings } from './catalogue-listings';
import { createCatalogueReads } from './catalogue-reads';
import { createProductFacts } from './product-facts';

/** The catalogue over BigCommerce's v3 catalog and price lists (docs/providers/bigcommerce.md 'Catalogue'). */
export function createBigCommerceCatalogue(
  deps: BigCommerceProviderDeps,
): CatalogueService & { productFacts: ProductFactsReader } {
  const context = createCatalogueContext(deps);
  return {
    ...createCatalogueReads(context),
    ...createCatalogueListings(context),
    productFacts: createProductFacts(context.calls, deps.settings),
    /** Drops every kept answer: a webhook announced a catalogue change. */
    invalidate: () => deps.cache.invalidate(),
  };
}
