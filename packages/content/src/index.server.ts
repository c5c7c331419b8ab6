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
