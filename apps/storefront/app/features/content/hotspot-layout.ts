import {
  coverCrop,
  hotspotPopupPosition,
  hotspotPositionInCrop,
  isNarrowHotspotLayout,
  type HotspotPopupPosition,
  type ImagePoint,
} from '@piste/content';
import type { HotspotImageView, HotspotView } from './hotspot-view';

/** The measured box the image covers, in CSS pixels. */
export interface HotspotBox {
  width: number;
  height: number;
}

export interface PlacedHotspot {
  hotspot: HotspotView;
  /** Where the marker sits in the box, as fractions 0–1 of the box. */
  position: ImagePoint;
  /** Where its popup opens around the marker (spec §5 'Hotspot popup position'). */
  popup: HotspotPopupPosition;
}

export interface HotspotLayout {
  /** Spec §9: at width up to 650 or height up to 360 the popup takes over the whole image. */
  narrow: boolean;
  /** The hotspots inside the visible crop, in order. */
  placed: PlacedHotspot[];
}

/**
 * The point the image is cropped around: its point of interest clamped into the image, the
 * centre when it has none or it is not a number. HotspotImage asks the media service for the
 * same point, so the crop drawn and the crop computed here agree.
 */
export function focalPoint(poi: ImagePoint | null | undefined): ImagePoint {
  const fraction = (value: number | undefined) =>
    value !== undefined && Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0.5;
  return { x: fraction(poi?.x), y: fraction(poi?.y) };
}

/**
 * Where the markers go in a box of this size. The image covers the box cropped around its point
 * of interest (as the media service crops it), so spec §5 "A hotspot is hidden at a focal-point
 * breakpoint if it lies outside the visible crop" applies, and the rest move into box
 * coordinates. The popup side follows the marker's place on screen, not on the whole image.
 */
export function layoutHotspots(
  hotspots: readonly HotspotView[],
  image: Pick<HotspotImageView, 'width' | 'height' | 'poi'>,
  box: HotspotBox,
): HotspotLayout {
  const crop = coverCrop(image.width / image.height, box.width / box.height, focalPoint(image.poi));
  return {
    narrow: isNarrowHotspotLayout(box.width, box.height),
    placed: hotspots.flatMap((hotspot) => {
      const position = hotspotPositionInCrop(hotspot.point, crop);
      return position ? [{ hotspot, position, popup: hotspotPopupPosition(position) }] : [];
    }),
  };
}
