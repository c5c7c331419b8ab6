export * as commerceSchema from './schema/index';
export { resolveCommerceRegion, DEFAULT_COMMERCE_REGION, type CommerceRegion } from './commerce-region';
export { parseInput } from './validation';
export { minorToDecimal } from './money';
export { resolvePrice, type PriceAdjustment, type ResolvedPrice, type StoredPrice } from './pricing/pricing-service';
export {
  createCatalogueService,
  type CatalogueService,
  type CatalogueServiceOptions,
  type ImageSize,
  type ShopperContext,
} from './catalogue/catalogue-service';
export { ResponseCache } from './catalogue/response-cache';
export * from './catalogue/query-schemas';
export type * from './catalogue/dto';
export { createStoreService, type StoreService, type CurrencyDto } from './store/store-service';
export { referenceDataSeed } from './seed/reference-data-seed';
export { createCatalogueSeed } from './seed/catalogue-seed';
export { scaleCatalogue, countSyntheticProducts, SYNTHETIC_ID_BASE, type ScaleOptions } from './seed/scale-catalogue';
export { readSeedContentProducts, type SeedContentProduct } from './seed/content-products';
export {
  CATEGORY_SORTS,
  type CategorySort,
  type CategoryFacets,
  type CategoryListing,
  type CategoryListingQuery,
} from './catalogue/category-listing';
