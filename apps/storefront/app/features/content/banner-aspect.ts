import type { CSSProperties } from 'react';
import { DEFAULT_BANNER_SIZES, type ImageSize } from '@piste/media';

/**
 * A banner's shape (width / height) on desktop (from 769 px) and on phones (768 px or less,
 * spec §9 'Breakpoints': "Phone is 768 or less"). Null keeps the spec §9 default banner sizes:
 * 480x480 up to 480 px, 768x432 up to 768 px, 1440x480 above.
 */
export interface BannerAspect {
  desktop: number | null;
  mobile: number | null;
}

export const DEFAULT_BANNER_ASPECT: Readonly<BannerAspect> = Object.freeze({ desktop: null, mobile: null });

/**
 * From a tall 1:2 to a 6:1 strip. Outside this the renditions would pass the media service's
 * 4000 px edge (1440 / 0.36) or be slivers; such values fall back to the default sizes.
 */
const MIN_ASPECT = 0.5;
const MAX_ASPECT = 6;

const RATIO = /^(\d+(?:\.\d+)?)\s*(?:[:/x×]\s*(\d+(?:\.\d+)?))?$/i;

/**
 * An editor's aspect ratio (`desktop_aspect_ratio`, `mobile_aspect_ratio` of spec §3 'Banner'),
 * written `16:9`, `16/9`, `16x9` or `1.78`, as width / height; null when blank, unreadable or
 * out of range.
 */
export function parseAspectRatio(value: string | null | undefined): number | null {
  const match = RATIO.exec(value?.trim() ?? '');
  if (!match) return null;
  const ratio = Number(match[1]) / Number(match[2] ?? 1);
  return ratio >= MIN_ASPECT && ratio <= MAX_ASPECT ? ratio : null;
}

/**
 * The renditions of a banner image (spec §9 "Default banner sizes are 480x480, 768x432 and
 * 1440x480"), keeping each width and reshaping the phone sizes (the ones with a breakpoint) to
 * the mobile aspect and the default size to the desktop aspect.
 */
export function bannerImageSizes(aspect: BannerAspect): ImageSize[] {
  return DEFAULT_BANNER_SIZES.map((size) => {
    const ratio = size.breakpoint ? aspect.mobile : aspect.desktop;
    return ratio === null ? { ...size } : { ...size, height: Math.round(size.width / ratio) };
  });
}

/**
 * The shape of each rendition as CSS variables (`--aspect-480`, `--aspect-768`, `--aspect-wide`)
 * for media-frame.module.css, so the frame reserves the art-directed box before the image loads.
 */
export function bannerFrameStyle(sizes: readonly ImageSize[]): CSSProperties {
  const variables: Record<string, string> = {};
  for (const size of sizes) {
    variables[`--aspect-${size.breakpoint?.max ?? 'wide'}`] = `${size.width} / ${size.height}`;
  }
  return variables as CSSProperties;
}
