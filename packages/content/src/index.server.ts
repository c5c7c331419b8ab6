export { sanitizeRichText } from './sanitize-rich-text.server';
export { createContentClient, CONTENT_PAGE_SIZE, type ContentClientOptions } from './client/content-client.server';
export type {
  AttributeFilter,
  BlogPostsQuery,
  CatalogueContent,
  ContentAvailability,
  ContentClient,
  ContentEntryReads,
  DisplayTexts,
  EditorialContent,
  EntriesOptions,
  EntryOptions,
  EntryQuery,
  HeaderContent,
  PageSummary,
  ProductCardContent,
  ProductQuery,
  ProductQueryResult,
  SiteContent,
} from './client/content-client-contract';
export {
  createDeliveryTransport,
  type ContentLogger,
  type DeliveryRequestOptions,
  type DeliveryTransport,
  type DeliveryTransportOptions,
  type FetchLike,
} from './client/delivery-transport';
export { syncStack, type SyncResult, type SyncStart } from './client/delivery-sync.server';
export { ContentServiceError } from './client/content-service-error';
export { CachePolicy, type ResponseCacheOptions } from './client/response-cache';
export { inRegion, resolvedReferences } from './client/region-filter';
export {
  createContentProductIndex,
  type ContentProductIndex,
  type ContentProductLookup,
} from './content-products.server';
export * as contentSchema from './schema/index';
export { createContentStore } from './store/content-store.server';
export type {
  ContentStore,
  ContentReads,
  ContentSyncReads,
  ContentWrites,
  EntryListOptions,
  EntryReadOptions,
  AssetListOptions,
  SyncCursor,
  SyncPage,
  ContentSnapshot,
  ContentTypeInput,
  EntryInput,
  AssetInput,
  TaxonomyInput,
} from './store/content-store-contract';
export { publishContent, replaceContent } from './store/content-writes.server';
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
export { createManagementApi, type ManagementApi, type ManagementApiOptions } from './management/management-api.server';
export {
  describeFailure,
  putContentTypesInStack,
  type ContentTypeOutcome,
  type ContentTypesRun,
} from './management/create-content-types.server';
export {
  contentTypeDefinitionsSchema,
  hasJsonFields,
  type ContentTypeDefinition,
  type ContentTypeField,
} from './content-type-definitions';
