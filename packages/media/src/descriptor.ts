/**
 * Spec §3 'Media asset descriptor' and the constants of spec §4 'Connection' and §9 'Images',
 * 'Banners' and 'Product cards and swatches' (breakpoints live in @piste/core). Browser-safe: no Node imports.
 */

/** Resolution per density (spec §9: 1x is 96 dpi, 2x is 144). 96 dpi is the image's nominal size. */
export interface DpiMap {
  '1x': number;
  '2x': number;
}

export const NOMINAL_DPI = 96;
/** Spec §4 'Connection': fast connections get 96 and 144 dpi. */
export const FAST_CONNECTION_DPI: DpiMap = { '1x': 96, '2x': 144 };
/** Spec §4 'Connection': slower connections get 72 dpi for both densities. */
export const SLOW_CONNECTION_DPI: DpiMap = { '1x': 72, '2x': 72 };

/** Spec §9 'Images'. */
export const PLACEHOLDER_WIDTH = 15;
export const DEFAULT_QUALITY = 90;
export const CONTENT_QUALITY = 75;
export const CARD_BACKGROUND = '#ffffff';
/** Spec §7 'Media service': the video poster is requested at 15x15 jpg. */
export const VIDEO_POSTER_SIZE = 15;
/** Spec §9: video at 720p mp4 — the name of that rendition. */
export const VIDEO_PROFILE_720P = 'mp4_720p';

/** Largest edge, in pixels, the media service renders; builders never ask for more. */
export const MAX_IMAGE_EDGE = 4000;

export type ImageFormat = 'auto' | 'jpg' | 'png' | 'webp' | 'avif';

/** A point of interest as fractions 0–1 of the image (spec §3 'Hotspot' points use the same space). */
export interface PointOfInterest {
  x: number;
  y: number;
  /** Optional size of the area of interest, also as fractions. */
  w?: number;
  h?: number;
}

/**
 * One rendition: the image's box in CSS pixels, and the viewport widths it is shown at.
 * No breakpoint means "every other viewport" (the default size).
 */
export interface ImageSize {
  width: number;
  height: number;
  breakpoint?: { min?: number; max?: number };
  /** The `sizes` slot when the image is not shown at `width` px, e.g. '100vw' for full-bleed banners. */
  slot?: string;
}

/** Scale mode of the media service (`sm`): c crops to fill, s stretches, aspect keeps the ratio, the nine anchors pad. */
export type ScaleMode = 'c' | 's' | 'aspect' | 'tl' | 'tc' | 'tr' | 'ml' | 'mc' | 'mr' | 'bl' | 'bc' | 'br';

/** Spec §3 'Media asset descriptor'. */
export interface MediaAssetDescriptor {
  /** The asset's id (name) in the media service; surrounding whitespace is trimmed (spec §5). */
  filename: string;
  /** The account/brand alias (brand settings `amplience_brand_alias`). */
  alias: string;
  /** One or more renditions; more than one with different aspect ratios is art direction. */
  sizes: ImageSize[];
  /** Densities to offer; defaults to the fast-connection map. */
  dpi?: DpiMap;
  /** Crop around this point (banners, hotspot images). */
  poi?: PointOfInterest;
  maxW?: number;
  maxH?: number;
  /** The filename names an image set: the set's first image is rendered. */
  set?: boolean;
  fmt?: ImageFormat;
  /** Progressive (interlaced) JPEG when the negotiated format is JPEG. Default on (spec §9). */
  progressive?: boolean;
  /** Background colour `#rrggbb` for padding and transparency (white on product cards). */
  bg?: string;
  /** Quality 1–100; default 90 (spec §9). */
  qlt?: number;
  /** Where the media service lives: `/media` (embedded) or e.g. `https://cdn.media.amplience.net`. */
  baseUrl: string;
  /** Scale mode; defaults to crop (`c`) when a poi is given, else the service default (pad, `mc`). */
  sm?: ScaleMode;
}

/** One `<source>` of an art-directed `<picture>`: a size whose aspect ratio differs from the default. */
export interface ImageSource {
  media: string;
  srcSet: string;
  sizes: string;
  width: number;
  height: number;
}

/** What an `<img>` needs; `sources` is empty unless the sizes are art-directed. */
export interface BuiltImage {
  src: string;
  srcSet: string;
  sizes: string;
  width: number;
  height: number;
  /** A 15-px-wide rendition to show blurred while the image loads. */
  placeholder: string;
  sources: ImageSource[];
}

/** Spec §9 'Product cards and swatches': 210x280 up to 480px, 353x471 up to 767px, 340x453 from 768px. */
export const PRODUCT_CARD_SIZES: readonly ImageSize[] = [
  { width: 210, height: 280, breakpoint: { max: 480 } },
  { width: 353, height: 471, breakpoint: { max: 767 } },
  { width: 340, height: 453, breakpoint: { min: 768 } },
];

/** Spec §9 'Banners': default banner sizes 480x480, 768x432 and 1440x480. */
export const DEFAULT_BANNER_SIZES: readonly ImageSize[] = [
  { width: 480, height: 480, breakpoint: { max: 480 }, slot: '100vw' },
  { width: 768, height: 432, breakpoint: { max: 768 }, slot: '100vw' },
  { width: 1440, height: 480, slot: '100vw' },
];
