import { z } from 'zod';
import { DomainError } from '@piste/core';
import type { TransformParams } from '@piste/media/server';
import { MAX_IMAGE_EDGE } from '@piste/media';

/** Why a media request was refused: a 400 naming the parameter, in words a client developer can act on. */
export function mediaParamError(code: 'INVALID_PARAMETER' | 'UNKNOWN_PARAMETER', message: string): DomainError {
  return new DomainError('INVALID_DATA', message, code);
}

const pixels = z
  .string()
  .regex(/^\d{1,5}$/, 'must be a whole number of pixels')
  .transform(Number)
  .refine((value) => value >= 1 && value <= MAX_IMAGE_EDGE, `must be from 1 to ${MAX_IMAGE_EDGE}`);

const flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const fraction = (value: string) => /^(0(\.\d+)?|1(\.0+)?|\.\d+)$/.test(value);

const channel = (value: string) => /^\d{1,3}$/.test(value) && Number(value) <= 255;

const colour = z.string().transform((value, context) => {
  const rgb = /^rgb\((\d{1,3}),(\d{1,3}),(\d{1,3})\)$/i.exec(value.replace(/\s+/g, ''));
  if (rgb && rgb.slice(1).every(channel)) {
    const [r, g, b] = rgb.slice(1).map(Number) as [number, number, number];
    return { r, g, b };
  }
  const hex = /^#?([0-9a-f]{6})$/i.exec(value);
  if (hex) {
    const digits = hex[1]!;
    return {
      r: parseInt(digits.slice(0, 2), 16),
      g: parseInt(digits.slice(2, 4), 16),
      b: parseInt(digits.slice(4, 6), 16),
    };
  }
  context.addIssue({ code: 'custom', message: 'must be rgb(r,g,b) with 0–255 channels or a #rrggbb colour' });
  return z.NEVER;
});

const poi = z.string().transform((value, context) => {
  const parts = value.split(',');
  if ((parts.length !== 2 && parts.length !== 4) || !parts.every(fraction)) {
    context.addIssue({ code: 'custom', message: 'must be x,y or x,y,w,h with fractions from 0 to 1' });
    return z.NEVER;
  }
  const [x, y, w = 0, h = 0] = parts.map(Number) as number[];
  return { x: x!, y: y!, w, h };
});

const aspect = z
  .string()
  .regex(/^\d{1,4}:\d{1,4}$/, 'must be W:H, e.g. 16:9')
  .transform((value) => {
    const [w, h] = value.split(':').map(Number) as [number, number];
    return { w, h };
  })
  .refine(({ w, h }) => w > 0 && h > 0, 'must have two positive numbers');

/** The transform parameters of `/media/i` and `/media/s` (Amplience names; see docs/decisions/006-media.md). */
const imageQuerySchema = z.strictObject({
  w: pixels.optional(),
  h: pixels.optional(),
  maxW: pixels.optional(),
  maxH: pixels.optional(),
  sm: z.enum(['c', 's', 'aspect', 'tl', 'tc', 'tr', 'ml', 'mc', 'mr', 'bl', 'bc', 'br']).optional(),
  aspect: aspect.optional(),
  qlt: z
    .string()
    .regex(/^\d{1,3}$/, 'must be a whole number')
    .transform(Number)
    .refine((value) => value >= 1 && value <= 100, 'must be from 1 to 100')
    .optional(),
  fmt: z.enum(['auto', 'jpg', 'jpeg', 'png', 'webp', 'avif']).optional(),
  bg: colour.optional(),
  poi: poi.optional(),
  scaleFit: z.enum(['poi', 'center']).optional(),
  'fmt.jpeg.interlaced': flag.optional(),
  'fmt.interlaced': flag.optional(),
});

/** The `.json` metadata form: `?metadata=true&protocol=https` (spec §7). */
const metadataQuerySchema = z.strictObject({
  metadata: flag.optional(),
  protocol: z.enum(['http', 'https']).optional(),
});

type RawQuery = Record<string, string | string[] | undefined>;

function singleValues(query: RawQuery): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    if (Array.isArray(value))
      throw mediaParamError('INVALID_PARAMETER', `Parameter '${name}' is given more than once.`);
    if (value !== undefined) values[name] = value;
  }
  return values;
}

function toParamError(error: z.ZodError): DomainError {
  const issue = error.issues[0]!;
  if (issue.code === 'unrecognized_keys') {
    return mediaParamError('UNKNOWN_PARAMETER', `Unknown parameter '${issue.keys[0]}'.`);
  }
  const name = String(issue.path[0] ?? 'query');
  const message = issue.code === 'invalid_value' ? `must be one of ${issue.values.join(', ')}` : issue.message;
  return mediaParamError('INVALID_PARAMETER', `Parameter '${name}' ${message}.`);
}

/** Query string → canonical transform, or a 400 DomainError naming the offending parameter. */
export function parseImageQuery(query: RawQuery, extensionFormat?: TransformParams['fmt']): TransformParams {
  const parsed = imageQuerySchema.safeParse(singleValues(query));
  if (!parsed.success) throw toParamError(parsed.error);
  const q = parsed.data;
  const fmt = q.fmt === 'jpeg' ? 'jpg' : (q.fmt ?? extensionFormat ?? 'auto');
  return {
    w: q.w,
    h: q.h,
    sm: q.sm,
    aspect: q.aspect,
    maxW: q.maxW,
    maxH: q.maxH,
    qlt: q.qlt ?? 90,
    fmt,
    bg: q.bg,
    poi: q.poi,
    scaleFit: q.scaleFit,
    interlaced: q['fmt.jpeg.interlaced'] ?? q['fmt.interlaced'] ?? false,
  };
}

export function parseMetadataQuery(query: RawQuery): { protocol?: 'http' | 'https' } {
  const parsed = metadataQuerySchema.safeParse(singleValues(query));
  if (!parsed.success) throw toParamError(parsed.error);
  return { protocol: parsed.data.protocol };
}
