import type { MediaService } from '@piste/media/server';

/** An image's natural size and focal point, as a page lays out crops and hotspots with them. */
export interface ImageLayoutMetadata {
  width: number;
  height: number;
  poi: { x: number; y: number } | null;
}

/**
 * What loaders read from the media service's metadata (spec §7 'Media service': items of
 * image sets, width, height, pointOfInterest), answered in-process from the embedded media
 * library. Assets it does not hold answer empty, and pages degrade as spec §8 says for media
 * failures: a set shows its first image and a hotspot banner is drawn as a plain banner.
 */
export function createMediaMetadata(media: MediaService, alias: string) {
  return {
    imageSetMembers(setId: string): readonly string[] {
      return media.library.set(alias, setId) ?? [];
    },
    image(imageId: string): ImageLayoutMetadata | null {
      const image = media.library.image(alias, imageId);
      return image ? { width: image.width, height: image.height, poi: image.poi ?? null } : null;
    },
  };
}

export type MediaMetadata = ReturnType<typeof createMediaMetadata>;
