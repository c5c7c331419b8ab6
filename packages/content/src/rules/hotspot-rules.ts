import type { HotspotData } from '../entry-types';
import { resolveHref, type ContentHref } from './link-building';

/** Spec §9 'Hotspots, banners and labels': "Hotspot marker offset 18 px. Resize debounce 450 ms." */
export const HOTSPOT_MARKER_OFFSET_PX = 18;
export const HOTSPOT_RESIZE_DEBOUNCE_MS = 450;

/** Spec §9: "Hotspot narrow layout at width up to 650 or height up to 360." */
export const HOTSPOT_NARROW_MAX_WIDTH_PX = 650;
export const HOTSPOT_NARROW_MAX_HEIGHT_PX = 360;

/** Spec §9: "Default call-to-action labels: 'Shop Now' for product, 'Learn More' otherwise." */
export const DEFAULT_CTA_LABELS = Object.freeze({ product: 'Shop Now', other: 'Learn More' });

export type HotspotType = NonNullable<HotspotData['dataType']>['value'];
/** A hotspot that passed the spec §5 filter: it has a type and a title. */
export type VisibleHotspot = HotspotData & { dataType: { value: HotspotType } };

/** Spec §5: "Hotspots without a dataType, or with an empty title, are dropped." The title is trimmed. */
export function visibleHotspots(hotspots: readonly HotspotData[]): VisibleHotspot[] {
  return hotspots.filter(
    (hotspot): hotspot is VisibleHotspot => Boolean(hotspot.dataType?.value) && hotspot.title.trim() !== '',
  );
}

/** A point on the image as fractions 0–1 (spec §3 'Hotspot' points). */
export interface ImagePoint {
  x: number;
  y: number;
}

export interface HotspotPopupPosition {
  horizontal: 'left' | 'center' | 'right';
  vertical: 'top' | 'middle' | 'bottom';
}

const CENTRE_MIN = 0.3;
const CENTRE_MAX = 0.6;

/**
 * Spec §5 'Hotspot popup position': "Horizontal: x between 0.3 and 0.6 centres, above 0.6 goes
 * right, otherwise left. Vertical: similar, with bottom above 0.6." "Between" includes both ends,
 * as "above 0.6" leaves 0.6 itself to the centre: 0.3 and 0.6 centre, 0.6000001 goes right,
 * 0.2999999 left. NaN counts as "otherwise" (left, top).
 */
export function hotspotPopupPosition(point: ImagePoint): HotspotPopupPosition {
  return {
    horizontal: band(point.x, 'left', 'center', 'right'),
    vertical: band(point.y, 'top', 'middle', 'bottom'),
  };
}

function band<T>(value: number, low: T, centre: T, high: T): T {
  if (value > CENTRE_MAX) return high;
  return value >= CENTRE_MIN ? centre : low;
}

/** Spec §9: "Hotspot narrow layout at width up to 650 or height up to 360" (both inclusive). */
export function isNarrowHotspotLayout(width: number, height: number): boolean {
  return width <= HOTSPOT_NARROW_MAX_WIDTH_PX || height <= HOTSPOT_NARROW_MAX_HEIGHT_PX;
}

/** The part of an image a container shows, as fractions 0–1 of the image. */
export interface CropRect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const WHOLE_IMAGE: Readonly<CropRect> = Object.freeze({ left: 0, top: 0, right: 1, bottom: 1 });

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/**
 * The visible part of an image (aspect width/height) filling a container of another aspect like
 * `object-fit: cover`: the side that overflows is cut, keeping the focal point in the middle as
 * far as the image's edges allow (as the media service crops around a point of interest).
 * Aspects that are not positive numbers show the whole image; a focal coordinate that is not a
 * number counts as the centre.
 */
export function coverCrop(imageAspect: number, containerAspect: number, focal: ImagePoint): CropRect {
  if (!(imageAspect > 0) || !(containerAspect > 0) || !Number.isFinite(imageAspect + containerAspect)) {
    return { ...WHOLE_IMAGE };
  }
  const fx = Number.isFinite(focal.x) ? clamp(focal.x, 0, 1) : 0.5;
  const fy = Number.isFinite(focal.y) ? clamp(focal.y, 0, 1) : 0.5;
  if (imageAspect > containerAspect) {
    const width = containerAspect / imageAspect;
    const left = clamp(fx - width / 2, 0, 1 - width);
    return { left, top: 0, right: left + width, bottom: 1 };
  }
  const height = imageAspect / containerAspect;
  const top = clamp(fy - height / 2, 0, 1 - height);
  return { left: 0, top, right: 1, bottom: top + height };
}

/**
 * Where a hotspot sits in the cropped view, as fractions of the container, or null when it lies
 * outside the crop. Spec §5: "A hotspot is hidden at a focal-point breakpoint if it lies outside
 * the visible crop"; a hotspot on the crop's edge is still shown.
 */
export function hotspotPositionInCrop(point: ImagePoint, crop: CropRect): ImagePoint | null {
  if (!isHotspotInCrop(point, crop)) return null;
  return {
    x: (point.x - crop.left) / (crop.right - crop.left),
    y: (point.y - crop.top) / (crop.bottom - crop.top),
  };
}

/** Spec §5: true when the hotspot lies inside the visible crop (edges included). */
export function isHotspotInCrop(point: ImagePoint, crop: CropRect): boolean {
  return point.x >= crop.left && point.x <= crop.right && point.y >= crop.top && point.y <= crop.bottom;
}

interface HotspotContentBase {
  id: string;
  title: string;
  description: string;
  /** The media-service image shown in the popup, if any. */
  ampId: string | null;
  /** The popup's call to action: ctaCopy, else the §9 default label of the type. */
  ctaCopy: string;
  point: ImagePoint;
}

/**
 * What a hotspot's popup shows. Manual hotspots carry their own link; product and page hotspots
 * name an entry whose link the caller resolves (product → productCardHref from the product's
 * url, page → buildContentHref of the page's url), as only the caller has those entries.
 */
export type HotspotContent =
  | (HotspotContentBase & { type: 'manual'; link: ContentHref | null })
  | (HotspotContentBase & { type: 'product'; productUid: string | null })
  | (HotspotContentBase & { type: 'page'; pageUid: string | null });

function text(value: string | undefined): string {
  return value?.trim() ?? '';
}

function optional(value: string | undefined): string | null {
  return text(value) || null;
}

/**
 * The popup content of a visible hotspot by its dataType (spec §3 'Hotspot'): manual hotspots use
 * the manual group (its title falling back to the hotspot's own, which is never empty); product
 * and page hotspots use the top-level title, description and ampId plus product.uid / page.uid.
 * A manual href that is a path stays in the shop (localized), anything else must be a safe URL.
 */
export function hotspotContent(hotspot: VisibleHotspot, locale: string): HotspotContent {
  const type = hotspot.dataType.value;
  const ctaCopy = text(hotspot.ctaCopy) || (type === 'product' ? DEFAULT_CTA_LABELS.product : DEFAULT_CTA_LABELS.other);
  const common = { id: hotspot.id, ctaCopy, point: hotspot.points };
  if (type === 'manual') {
    const manual = hotspot.manual;
    return {
      ...common,
      type,
      title: text(manual?.title) || hotspot.title.trim(),
      description: text(manual?.description),
      ampId: optional(manual?.ampId),
      link: resolveHref(manual?.href ?? '', locale),
    };
  }
  const base = {
    ...common,
    title: hotspot.title.trim(),
    description: text(hotspot.description),
    ampId: optional(hotspot.ampId),
  };
  return type === 'product'
    ? { ...base, type, productUid: optional(hotspot.product?.uid) }
    : { ...base, type, pageUid: optional(hotspot.page?.uid) };
}
