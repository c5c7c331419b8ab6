import type { PointOfInterest, ScaleMode } from '../descriptor';

/** Formats the service renders; `auto` is resolved per request from `Accept`. */
export type OutputFormat = 'jpg' | 'png' | 'webp' | 'avif';
export type RequestedFormat = OutputFormat | 'auto';

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/**
 * A transform as the HTTP layer validated it (see the `/media` routes). Every field is in its
 * canonical form, so two URLs asking for the same image produce the same cache key.
 */
export interface TransformParams {
  w?: number;
  h?: number;
  sm?: ScaleMode;
  /** `aspect=W:H` for `sm=aspect`. */
  aspect?: { w: number; h: number };
  maxW?: number;
  maxH?: number;
  /** 1–100, default 90 (spec §9). */
  qlt: number;
  fmt: RequestedFormat;
  bg?: Rgb;
  poi?: Required<PointOfInterest>;
  /** `center` ignores the point of interest. */
  scaleFit?: 'poi' | 'center';
  /** Progressive JPEG / interlaced PNG. */
  interlaced: boolean;
}

export const DEFAULT_TRANSFORM: TransformParams = { qlt: 90, fmt: 'auto', interlaced: false };

/** A stable string for the cache key: fixed field order, defaults included, format resolved. */
export function canonicalTransform(params: TransformParams, format: OutputFormat): string {
  const { w, h, sm, aspect, maxW, maxH, qlt, bg, poi, scaleFit, interlaced } = params;
  return JSON.stringify([w, h, sm, aspect, maxW, maxH, qlt, format, bg, poi, scaleFit, interlaced]);
}

const MIME_BY_FORMAT: Record<OutputFormat, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
};

export function mimeTypeOf(format: OutputFormat): string {
  return MIME_BY_FORMAT[format];
}

interface AcceptedType {
  type: string;
  q: number;
}

function parseAccept(accept: string | undefined): AcceptedType[] {
  if (!accept) return [];
  return accept.split(',').flatMap((part) => {
    const [type, ...parameters] = part.trim().split(';');
    if (!type) return [];
    const qParameter = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParameter ? Number(qParameter.slice(2)) : 1;
    return [{ type: type.trim().toLowerCase(), q: Number.isFinite(q) ? q : 0 }];
  });
}

/**
 * `fmt=auto` (Amplience "smart images"): AVIF when the browser names it in `Accept`, else WebP,
 * else JPEG — or PNG for an image with transparency, which JPEG would lose. Wildcards do not
 * count: browsers that decode AVIF or WebP say so explicitly.
 */
export function negotiateFormat(
  requested: RequestedFormat,
  accept: string | undefined,
  hasAlpha: boolean,
): OutputFormat {
  if (requested !== 'auto') return requested;
  const accepted = parseAccept(accept);
  const acceptsExplicitly = (type: string) => accepted.some((entry) => entry.type === type && entry.q > 0);
  if (acceptsExplicitly('image/avif')) return 'avif';
  if (acceptsExplicitly('image/webp')) return 'webp';
  return hasAlpha ? 'png' : 'jpg';
}
