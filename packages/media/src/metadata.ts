import type { PointOfInterest } from './descriptor';

/**
 * The `.json?metadata=true` answers of the media service (spec §7 'Media service'): clients
 * read `items` (sets), `media` and `meta.mainThumb.src` (videos), `metadata.pointOfInterest`,
 * `width` and `height`. Shared by the embedded provider and its clients.
 */
export interface ImageMetadata {
  name: string;
  isImage: true;
  alpha: boolean;
  width: number;
  height: number;
  format: string;
  status: 'ok';
  src: string;
  metadata: { pointOfInterest: PointOfInterest | null };
}

export interface ImageSetItem {
  type: 'img';
  name: string;
  src: string;
  width: number;
  height: number;
  format: string;
  opaque: boolean;
}

export interface ImageSetMetadata {
  name: string;
  isImageSet: true;
  items: ImageSetItem[];
  /** The first item's size, so a set can stand in for its main image. */
  width: number;
  height: number;
  metadata: { pointOfInterest: PointOfInterest | null };
}

export interface VideoRendition {
  src: string;
  profile: string;
  protocol: 'http' | 'https';
  width: number;
  height: number;
  format: string;
  /** MIME type, for `<source type>`. */
  type: string;
}

export interface VideoMetadata {
  name: string;
  isVideo: true;
  width: number;
  height: number;
  duration: number;
  meta: { mainThumb: { src: string; width: number; height: number } };
  /** Renditions, best first; an encoder-less build offers an animated WebP instead of mp4. */
  media: VideoRendition[];
  metadata: { pointOfInterest: PointOfInterest | null };
}

export type MediaMetadata = ImageMetadata | ImageSetMetadata | VideoMetadata;
