export { sanitizeRichText } from './sanitize-rich-text.server';
export {
  createContentClient,
  CONTENT_PAGE_SIZE,
  type AttributeFilter,
  type BlogPostsQuery,
  type ContentClient,
  type ContentClientOptions,
  type DisplayTexts,
  type EntriesOptions,
  type EntryOptions,
  type EntryQuery,
  type HeaderContent,
  type PageSummary,
  type ProductCardContent,
  type ProductQuery,
  type ProductQueryResult,
} from './client/content-client.server';
export {
  createDeliveryTransport,
  type ContentLogger,
  type DeliveryRequestOptions,
  type DeliveryTransport,
  type DeliveryTransportOptions,
  type FetchLike,
} from './client/delivery-transport';
export { ContentServiceError } from './client/content-service-error';
export { CachePolicy, type ResponseCacheOptions } from './client/response-cache';
export { inRegion, resolvedReferences } from './client/region-filter';
export {
  createContentProductIndex,
  type ContentProductIndex,
  type ContentProductLookup,
} from './content-products.server';
export * as contentSchema from './schema/index';
export {
  createContentStore,
  type ContentStore,
  type EntryListOptions,
  type EntryReadOptions,
  type AssetListOptions,
  type SyncCursor,
  type SyncPage,
} from './store/content-store.server';
export {
  publishContent,
  replaceContent,
  type ContentSnapshot,
  type ContentTypeInput,
  type EntryInput,
  type AssetInput,
  type TaxonomyInput,
} from './store/content-writes.server';
export { createDeliveryApi, type DeliveryApi, type DeliveryKeys } from './delivery/delivery-api.server';
export {
  createContentSeed,
  CONTENT_SEED_DIR,
  ContentSeedError,
  type ContentSeedOptions,
  type GeneratedEntries,
} from './seed/content-seed.server';
export {
  createEmailSignupService,
  parseEmailSignup,
  type EmailSignupService,
  type EmailSubscription,
} from './email-signups.server';
