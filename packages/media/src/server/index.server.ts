/** @piste/media/server — the embedded media provider (Node only: sharp, the file system). */
export { MediaService, type MediaServiceOptions, type ImageResponse, type MediaStats } from './media-service.server';
export { MediaLibrary, MEDIA_NAME } from './library.server';
export { DiskLruCache, strongEtagOf, type CachedFile } from './disk-cache.server';
export { SingleFlight, ConcurrencyLimit } from './single-flight.server';
export { renderTransform } from './transform.server';
export {
  DEFAULT_TRANSFORM,
  canonicalTransform,
  mimeTypeOf,
  negotiateFormat,
  type OutputFormat,
  type RequestedFormat,
  type Rgb,
  type TransformParams,
} from './transform-params.server';
export type { MediaManifest, ManifestImage, ManifestVideo, ManifestVideoRendition } from './manifest.server';
export { inspectImage, UPLOAD_FORMATS, type InspectedImage } from './originals.server';
