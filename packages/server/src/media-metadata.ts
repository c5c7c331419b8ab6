import type { MediaService } from '@piste/media/server';
import { createHostedMediaMetadata, type HostedMediaLogger } from './hosted-media-metadata';

/** An image's natural size and focal point, as a page lays out crops and hotspots with them. */
export interface ImageLayoutMetadata {
  width: number;
  height: number;
  /** The point of interest as fractions 0–1; `w`/`h` when the service stores a box, not a point. */
  poi: { x: number; y: number; w?: number; h?: number } | null;
}

/** The assets a page names, read together before it is drawn. */
export interface MediaMetadataRequest {
  /** Image-set ids (`/s/{alias}/{id}.json`). */
  sets?: readonly string[];
  /** Image ids (`/i/{alias}/{id}.json`). */
  images?: readonly string[];
}

/**
 * What was read for one page, answered synchronously so views stay pure. An asset that could
 * not be read answers empty, and pages degrade as spec §8 says for media failures: a set shows
 * its first image and a hotspot banner is drawn as a plain banner.
 */
export interface MediaMetadataLookup {
  imageSetMembers(setId: string): readonly string[];
  image(imageId: string): ImageLayoutMetadata | null;
}

/**
 * What loaders read from the media service's metadata (spec §7 'Media service': items of
 * image sets, width, height, pointOfInterest). `lookup` never rejects.
 */
export interface MediaMetadata {
  lookup(request: MediaMetadataRequest): Promise<MediaMetadataLookup>;
}

/**
 * The embedded provider: answered in-process from the local media library, whatever the
 * request names (it holds every asset in memory).
 */
export function createMediaMetadata(media: MediaService, alias: string): MediaMetadata {
  const lookup: MediaMetadataLookup = {
    imageSetMembers(setId) {
      return media.library.set(alias, setId) ?? [];
    },
    image(imageId) {
      const image = media.library.image(alias, imageId);
      return image ? { width: image.width, height: image.height, poi: image.poi ?? null } : null;
    },
  };
  return { lookup: () => Promise.resolve(lookup) };
}

/**
 * The provider the settings name: the hosted media service when MEDIA_BASE_URL is set (its
 * image URLs already point there), else the embedded library.
 */
export function mediaMetadataFor(
  settings: { MEDIA_BASE_URL?: string | undefined; MEDIA_ALIAS: string },
  media: MediaService,
  logger: HostedMediaLogger,
): MediaMetadata {
  return settings.MEDIA_BASE_URL
    ? createHostedMediaMetadata({ baseUrl: settings.MEDIA_BASE_URL, alias: settings.MEDIA_ALIAS, logger })
    : createMediaMetadata(media, settings.MEDIA_ALIAS);
}
