import type { PointOfInterest } from '../descriptor';

/**
 * `{MEDIA_DIR}/{alias}/manifest.json`, written by the generator (or by hand for real assets):
 * which originals exist, their sizes, image sets and videos. Paths are relative to the alias
 * folder. Only ids in a manifest are ever served, so request paths never reach the file system.
 */
export interface MediaManifest {
  version: 1;
  images: Record<string, ManifestImage>;
  sets: Record<string, string[]>;
  videos: Record<string, ManifestVideo>;
}

export interface ManifestImage {
  file: string;
  width: number;
  height: number;
  alpha: boolean;
  /** A hash of the original's bytes: part of every cache key, so a new original never serves stale renditions. */
  hash: string;
  poi?: Required<PointOfInterest>;
}

export interface ManifestVideoRendition {
  /** e.g. `mp4_720p`, or `webp_720p` for the animated-image fallback. */
  profile: string;
  file: string;
  width: number;
  height: number;
  format: string;
  type: string;
}

export interface ManifestVideo {
  /** The poster is the image with the video's id (Amplience serves it at /i/{alias}/{id}). */
  width: number;
  height: number;
  duration: number;
  renditions: ManifestVideoRendition[];
}

export function emptyManifest(): MediaManifest {
  return { version: 1, images: {}, sets: {}, videos: {} };
}
