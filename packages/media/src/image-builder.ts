import {
  CONTENT_QUALITY,
  DEFAULT_BANNER_SIZES,
  DEFAULT_QUALITY,
  FAST_CONNECTION_DPI,
  MAX_IMAGE_EDGE,
  NOMINAL_DPI,
  PLACEHOLDER_WIDTH,
  type BuiltImage,
  type DpiMap,
  type ImageSize,
  type ImageSource,
  type MediaAssetDescriptor,
  type PointOfInterest,
} from './descriptor';
import { mediaUrl, type MediaQuery } from './media-urls';

/** Two sizes share a srcset when their aspect ratios differ by less than this (210x280 vs 353x471). */
const SAME_ASPECT_TOLERANCE = 0.01;

export class InvalidMediaDescriptor extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidMediaDescriptor';
  }
}

function fraction(value: number): string {
  return String(Math.round(value * 10_000) / 10_000);
}

function hexToRgb(hex: string): string {
  const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!match) throw new InvalidMediaDescriptor(`bg must be a #rrggbb colour, got '${hex}'`);
  const [r, g, b] = match.slice(1).map((channel) => parseInt(channel, 16));
  return `rgb(${r},${g},${b})`;
}

function poiParam(poi: PointOfInterest): string {
  const values = [poi.x, poi.y, ...(poi.w !== undefined || poi.h !== undefined ? [poi.w ?? 0, poi.h ?? 0] : [])];
  if (values.some((value) => !Number.isFinite(value) || value < 0 || value > 1)) {
    throw new InvalidMediaDescriptor('poi values must be fractions between 0 and 1');
  }
  return values.map(fraction).join(',');
}

function assertDimension(name: string, value: number | undefined) {
  if (value === undefined) return;
  if (!Number.isInteger(value) || value < 1 || value > MAX_IMAGE_EDGE) {
    throw new InvalidMediaDescriptor(`${name} must be a whole number from 1 to ${MAX_IMAGE_EDGE}, got ${value}`);
  }
}

function validate(descriptor: MediaAssetDescriptor): string {
  const filename = descriptor.filename.trim();
  if (!filename) throw new InvalidMediaDescriptor('filename is empty');
  if (!descriptor.alias.trim()) throw new InvalidMediaDescriptor('alias is empty');
  if (descriptor.sizes.length === 0) throw new InvalidMediaDescriptor('sizes must hold at least one size');
  descriptor.sizes.forEach((size, index) => {
    assertDimension(`sizes[${index}].width`, size.width);
    assertDimension(`sizes[${index}].height`, size.height);
  });
  assertDimension('maxW', descriptor.maxW);
  assertDimension('maxH', descriptor.maxH);
  const { qlt } = descriptor;
  if (qlt !== undefined && (!Number.isInteger(qlt) || qlt < 1 || qlt > 100)) {
    throw new InvalidMediaDescriptor(`qlt must be a whole number from 1 to 100, got ${qlt}`);
  }
  for (const [density, dpi] of Object.entries(descriptor.dpi ?? {})) {
    if (!Number.isFinite(dpi) || dpi <= 0) throw new InvalidMediaDescriptor(`dpi ${density} must be positive`);
  }
  return filename;
}

/**
 * The size shown when no breakpoint matches: the one without a breakpoint, else the one without
 * an upper bound, else the widest-reaching one.
 */
function defaultSizeOf(sizes: readonly ImageSize[]): ImageSize {
  return (
    sizes.find((size) => !size.breakpoint) ??
    sizes.find((size) => size.breakpoint?.max === undefined) ??
    [...sizes].sort((a, b) => (b.breakpoint?.max ?? 0) - (a.breakpoint?.max ?? 0))[0]!
  );
}

function mediaCondition(size: ImageSize): string {
  const parts: string[] = [];
  if (size.breakpoint?.min !== undefined) parts.push(`(min-width: ${size.breakpoint.min}px)`);
  if (size.breakpoint?.max !== undefined) parts.push(`(max-width: ${size.breakpoint.max}px)`);
  return parts.join(' and ');
}

/** Upper bounds first (narrowest first), then lower bounds (widest first): the first match wins. */
function byCondition(a: ImageSize, b: ImageSize): number {
  const aMax = a.breakpoint?.max ?? Infinity;
  const bMax = b.breakpoint?.max ?? Infinity;
  if (aMax !== bMax) return aMax - bMax;
  return (b.breakpoint?.min ?? 0) - (a.breakpoint?.min ?? 0);
}

function slotOf(size: ImageSize): string {
  return size.slot ?? `${size.width}px`;
}

function aspectOf(size: { width: number; height: number }): number {
  return size.width / size.height;
}

function sameAspect(a: ImageSize, b: ImageSize): boolean {
  return Math.abs(aspectOf(a) / aspectOf(b) - 1) < SAME_ASPECT_TOLERANCE;
}

/** Scales a box to a density, then down (keeping its ratio) to maxW, maxH and the service's limit. */
function renditionBox(size: ImageSize, dpi: number, descriptor: MediaAssetDescriptor) {
  const scale = dpi / NOMINAL_DPI;
  let width = size.width * scale;
  let height = size.height * scale;
  const limitW = Math.min(descriptor.maxW ?? MAX_IMAGE_EDGE, MAX_IMAGE_EDGE);
  const limitH = Math.min(descriptor.maxH ?? MAX_IMAGE_EDGE, MAX_IMAGE_EDGE);
  const shrink = Math.min(1, limitW / width, limitH / height);
  width = Math.max(1, Math.round(width * shrink));
  height = Math.max(1, Math.round(height * shrink));
  return { width, height };
}

/** Everything but the box, in a fixed order so equal images always get equal URLs (and cache hits). */
function sharedQuery(descriptor: MediaAssetDescriptor): MediaQuery {
  const sm = descriptor.sm ?? (descriptor.poi ? 'c' : undefined);
  return {
    sm,
    poi: descriptor.poi ? poiParam(descriptor.poi) : undefined,
    // The media service crops around `poi` only when asked to (Amplience's `scaleFit=poi`);
    // without it a hosted service crops at the centre.
    scaleFit: descriptor.poi ? 'poi' : undefined,
    maxW: descriptor.maxW,
    maxH: descriptor.maxH,
    bg: descriptor.bg ? hexToRgb(descriptor.bg) : undefined,
    qlt: descriptor.qlt ?? DEFAULT_QUALITY,
    fmt: descriptor.fmt ?? 'auto',
    'fmt.jpeg.interlaced': descriptor.progressive === false ? undefined : true,
  };
}

function urlFor(descriptor: MediaAssetDescriptor, filename: string, box: { width: number; height: number }) {
  return mediaUrl(descriptor.baseUrl, descriptor.set ? 's' : 'i', descriptor.alias.trim(), filename, {
    w: box.width,
    h: box.height,
    ...sharedQuery(descriptor),
  });
}

function srcSetFor(descriptor: MediaAssetDescriptor, filename: string, sizes: readonly ImageSize[], dpi: DpiMap) {
  const byWidth = new Map<number, string>();
  for (const size of sizes) {
    for (const density of [dpi['1x'], dpi['2x']]) {
      const box = renditionBox(size, density, descriptor);
      if (!byWidth.has(box.width)) byWidth.set(box.width, urlFor(descriptor, filename, box));
    }
  }
  return [...byWidth.entries()]
    .sort(([a], [b]) => a - b)
    .map(([width, url]) => `${url} ${width}w`)
    .join(', ');
}

function sizesAttribute(sizes: readonly ImageSize[], defaultSize: ImageSize): string {
  const conditional = sizes
    .filter((size) => size !== defaultSize && size.breakpoint)
    .sort(byCondition)
    .map((size) => `${mediaCondition(size)} ${slotOf(size)}`);
  return [...conditional, slotOf(defaultSize)].join(', ');
}

/** Built images by descriptor: pages draw the same images render after render (cards, banners, menus). */
const builtImages = new Map<string, BuiltImage>();
/** Past this many descriptors the memo starts over: a bound without the weight of an LRU in the browser. */
const MAX_BUILT_IMAGES = 2_000;

/**
 * Spec §3 'Media asset descriptor' → what `<img>` (and, for art direction, `<picture>`) needs.
 * - `src`: the default size at 1x; `width`/`height`: that size, to reserve the space.
 * - `srcSet`: every size sharing the default's aspect ratio at each dpi of the map (1x, 2x), in
 *   `w` descriptors, capped by maxW/maxH; `sizes`: each size's breakpoint, narrowest first.
 * - `sources`: sizes with another aspect ratio (e.g. square mobile banners), one `<source>` each.
 * - `placeholder`: the default size at 15 px wide (spec §9), to show blurred while loading.
 */
export function buildImage(descriptor: MediaAssetDescriptor): BuiltImage {
  const key = JSON.stringify(descriptor);
  let built = builtImages.get(key);
  if (!built) {
    built = buildImageNow(descriptor);
    if (builtImages.size >= MAX_BUILT_IMAGES) builtImages.clear();
    builtImages.set(key, built);
  }
  return built;
}

function buildImageNow(descriptor: MediaAssetDescriptor): BuiltImage {
  const filename = validate(descriptor);
  const dpi = descriptor.dpi ?? FAST_CONNECTION_DPI;
  const defaultSize = defaultSizeOf(descriptor.sizes);
  const mainGroup = descriptor.sizes.filter((size) => sameAspect(size, defaultSize));
  const artDirected = descriptor.sizes.filter((size) => !sameAspect(size, defaultSize)).sort(byCondition);

  const sources: ImageSource[] = artDirected.map((size) => ({
    media: mediaCondition(size),
    srcSet: srcSetFor(descriptor, filename, [size], dpi),
    sizes: slotOf(size),
    width: size.width,
    height: size.height,
  }));

  const placeholderHeight = Math.max(1, Math.round((PLACEHOLDER_WIDTH * defaultSize.height) / defaultSize.width));
  return {
    src: urlFor(descriptor, filename, renditionBox(defaultSize, dpi['1x'], descriptor)),
    srcSet: srcSetFor(descriptor, filename, mainGroup, dpi),
    sizes: sizesAttribute(mainGroup, defaultSize),
    width: defaultSize.width,
    height: defaultSize.height,
    placeholder: urlFor(descriptor, filename, { width: PLACEHOLDER_WIDTH, height: placeholderHeight }),
    sources,
  };
}

type Common = Pick<MediaAssetDescriptor, 'alias' | 'baseUrl' | 'dpi'> & Partial<MediaAssetDescriptor>;

/** Spec §9: content images (blog, athletes, pages) use quality 75. */
export function contentImageDescriptor(filename: string, sizes: ImageSize[], options: Common): MediaAssetDescriptor {
  return { qlt: CONTENT_QUALITY, ...options, filename, sizes };
}

/** Spec §9 'Banners': the default banner sizes 480x480, 768x432 and 1440x480, art-directed. */
export function bannerDescriptor(filename: string, options: Common): MediaAssetDescriptor {
  return { sizes: [...DEFAULT_BANNER_SIZES], poi: { x: 0.5, y: 0.5 }, qlt: CONTENT_QUALITY, ...options, filename };
}
