import sharp, { type Sharp } from 'sharp';
import type { OutputFormat, Rgb, TransformParams } from './transform-params.server';

const WHITE = { r: 255, g: 255, b: 255, alpha: 1 };
const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 };

/** Where a padded image sits in its box (`sm` anchors; `mc`, the default, centres it). */
const POSITION_BY_ANCHOR: Record<string, string> = {
  tl: 'left top',
  tc: 'top',
  tr: 'right top',
  ml: 'left',
  mc: 'centre',
  mr: 'right',
  bl: 'left bottom',
  bc: 'bottom',
  br: 'right bottom',
};

export interface TransformSource {
  path: string;
  width: number;
  height: number;
  alpha: boolean;
}

export interface TransformResult {
  body: Buffer;
  width: number;
  height: number;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Applies maxW/maxH to the requested box, keeping its proportions. */
function boundedBox(params: TransformParams, source: TransformSource) {
  let { w, h } = params;
  if (params.maxW === undefined && params.maxH === undefined) return { w, h };
  const outW = w ?? (h ? Math.round((source.width * h) / source.height) : source.width);
  const outH = h ?? (w ? Math.round((source.height * w) / source.width) : source.height);
  const factor = Math.min(1, (params.maxW ?? Infinity) / outW, (params.maxH ?? Infinity) / outH);
  if (factor === 1) return { w, h };
  // Scaling one side fixes the other through the aspect ratio; scale the sides that were given.
  w = w !== undefined || h === undefined ? Math.max(1, Math.round(outW * factor)) : undefined;
  h = h !== undefined || params.w === undefined ? Math.max(1, Math.round(outH * factor)) : undefined;
  return { w, h };
}

/** The focus of a crop: the point of interest unless `scaleFit=center` or none was given. */
function focusOf(params: TransformParams) {
  if (!params.poi || params.scaleFit === 'center') return { x: 0.5, y: 0.5 };
  return { x: params.poi.x, y: params.poi.y };
}

/** The largest region of `width`×`height` with the given ratio, centred on the focus as far as the edges allow. */
function regionWithRatio(width: number, height: number, ratio: number, focus: { x: number; y: number }) {
  const regionW = Math.min(width, Math.round(height * ratio));
  const regionH = Math.min(height, Math.round(width / ratio));
  return {
    left: clamp(Math.round(focus.x * width - regionW / 2), 0, width - regionW),
    top: clamp(Math.round(focus.y * height - regionH / 2), 0, height - regionH),
    width: Math.max(1, regionW),
    height: Math.max(1, regionH),
  };
}

function background(bg: Rgb | undefined, transparentAllowed: boolean) {
  if (bg) return { ...bg, alpha: 1 };
  return transparentAllowed ? TRANSPARENT : WHITE;
}

function geometry(image: Sharp, params: TransformParams, source: TransformSource, format: OutputFormat): Sharp {
  const { w, h } = boundedBox(params, source);
  const focus = focusOf(params);
  let width = source.width;
  let height = source.height;

  if (params.sm === 'aspect' && params.aspect) {
    const region = regionWithRatio(width, height, params.aspect.w / params.aspect.h, focus);
    image = image.extract(region);
    width = region.width;
    height = region.height;
  }
  if (w === undefined || h === undefined) {
    return w === undefined && h === undefined ? image : image.resize({ width: w, height: h });
  }

  switch (params.sm) {
    case 's':
      return image.resize({ width: w, height: h, fit: 'fill' });
    case 'aspect':
      return image.resize({ width: w, height: h, fit: 'inside' });
    case 'c': {
      // Cover the box, then cut it out around the focus (sharp's own crop only knows the centre and edges).
      const scale = Math.max(w / width, h / height);
      const coverW = Math.max(w, Math.round(width * scale));
      const coverH = Math.max(h, Math.round(height * scale));
      return image.resize({ width: coverW, height: coverH, fit: 'fill' }).extract({
        left: clamp(Math.round(focus.x * coverW - w / 2), 0, coverW - w),
        top: clamp(Math.round(focus.y * coverH - h / 2), 0, coverH - h),
        width: w,
        height: h,
      });
    }
    default: {
      const transparent = source.alpha && format !== 'jpg';
      return image.resize({
        width: w,
        height: h,
        fit: 'contain',
        position: POSITION_BY_ANCHOR[params.sm ?? 'mc'],
        background: background(params.bg, transparent),
      });
    }
  }
}

/** Quality 1–100 as JPEG means it; AVIF reaches the same look at a lower number. */
function avifQuality(qlt: number): number {
  return clamp(Math.round(qlt * 0.65), 1, 100);
}

function encode(image: Sharp, params: TransformParams, format: OutputFormat): Sharp {
  switch (format) {
    case 'jpg':
      return image.flatten({ background: background(params.bg, false) }).jpeg({
        quality: params.qlt,
        progressive: params.interlaced,
        mozjpeg: false,
      });
    case 'png':
      return (params.bg ? image.flatten({ background: background(params.bg, false) }) : image).png({
        progressive: params.interlaced,
        compressionLevel: 6,
      });
    case 'webp':
      // effort 2: close to the default's size at a fraction of its time (the cold-transform budget).
      return (params.bg ? image.flatten({ background: background(params.bg, false) }) : image).webp({
        quality: params.qlt,
        effort: 2,
      });
    case 'avif':
      return (params.bg ? image.flatten({ background: background(params.bg, false) }) : image).avif({
        quality: avifQuality(params.qlt),
        effort: 2,
      });
  }
}

/** Renders one original to the requested box and format. */
export async function renderTransform(
  source: TransformSource,
  params: TransformParams,
  format: OutputFormat,
): Promise<TransformResult> {
  const image = sharp(source.path, { failOn: 'none' }).autoOrient();
  const { data, info } = await encode(geometry(image, params, source, format), params, format).toBuffer({
    resolveWithObject: true,
  });
  return { body: data, width: info.width, height: info.height };
}
