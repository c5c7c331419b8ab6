import { HttpError, createHttpClient, type FetchLike } from '@piste/core';
import { mediaMetadataUrl, type MediaKind } from '@piste/media';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import type { ImageLayoutMetadata, MediaMetadata, MediaMetadataLookup, MediaMetadataRequest } from './media-metadata';

/** One try of a metadata call; it is tried once more on a retry status (spec §7 'Other'). */
export const HOSTED_MEDIA_TIMEOUT_MS = 2_500;
/** How long an answer is reused: focal points and set members change rarely, and a publish is minutes away. */
export const HOSTED_MEDIA_TTL_MS = 10 * 60 * 1000;
/** How long a failed or unexpected answer is remembered, so an outage does not slow every page. */
export const HOSTED_MEDIA_FAILURE_TTL_MS = 30 * 1000;
/** Distinct assets remembered at once. */
export const HOSTED_MEDIA_CACHE_MAX = 5_000;

export interface HostedMediaLogger {
  warn(details: object, message: string): void;
}

export interface HostedMediaMetadataOptions {
  /** MEDIA_BASE_URL, e.g. https://cdn.media.amplience.net. */
  baseUrl: string;
  /** MEDIA_ALIAS, the account's endpoint name. */
  alias: string;
  logger: HostedMediaLogger;
  /** The global fetch unless given (tests replay documented answers through it). */
  fetch?: FetchLike;
  timeoutMs?: number;
  ttlMs?: number;
  failureTtlMs?: number;
  /** The clock the cache ages answers by (milliseconds); `performance.now` unless given. */
  now?: () => number;
}

const fraction = z.number();

/**
 * `metadata.pointOfInterest` as the media service stores it: `x`, `y`, `w`, `h` as fractions of
 * the image. Values outside 0–1, or all zeros, mean no focal point is set.
 */
const pointOfInterestSchema = z
  .object({ x: fraction, y: fraction, w: fraction.optional(), h: fraction.optional() })
  .loose()
  .nullish()
  .catch(null);

const imageAnswerSchema = z
  .object({
    width: z.number().positive(),
    height: z.number().positive(),
    metadata: z.object({ pointOfInterest: pointOfInterestSchema }).loose().nullish().catch(null),
  })
  .loose();

const setAnswerSchema = z
  .object({
    items: z.array(
      z
        .object({
          type: z.string().optional(),
          src: z.string().optional(),
          name: z.string().optional(),
        })
        .loose(),
    ),
  })
  .loose();

type PoiAnswer = z.infer<typeof pointOfInterestSchema>;

function inUnit(value: number | undefined): boolean {
  return value === undefined || (value >= 0 && value <= 1);
}

function focalPoint(poi: PoiAnswer): ImageLayoutMetadata['poi'] {
  if (!poi || ![poi.x, poi.y, poi.w, poi.h].every(inUnit)) return null;
  // All zeros is an image nobody placed a focal point on.
  if (poi.x === 0 && poi.y === 0 && !poi.w && !poi.h) return null;
  const box = poi.w !== undefined || poi.h !== undefined ? { w: poi.w ?? 0, h: poi.h ?? 0 } : {};
  return { x: poi.x, y: poi.y, ...box };
}

/** A set member's image id: its `name`, else the last segment of its `src` (`…/i/{alias}/{id}`). */
function memberId(item: { name?: string; src?: string }): string {
  if (item.name && item.name.trim() !== '') return item.name.trim();
  const path = (item.src ?? '').split(/[?#]/)[0] ?? '';
  const last = path.split('/').pop() ?? '';
  try {
    return decodeURIComponent(last).trim();
  } catch {
    return last.trim();
  }
}

function toImage(data: unknown): ImageLayoutMetadata | undefined {
  const parsed = imageAnswerSchema.safeParse(data);
  if (!parsed.success) return undefined;
  return {
    width: parsed.data.width,
    height: parsed.data.height,
    poi: focalPoint(parsed.data.metadata?.pointOfInterest),
  };
}

function toSetMembers(data: unknown): readonly string[] | undefined {
  const parsed = setAnswerSchema.safeParse(data);
  if (!parsed.success) return undefined;
  // Sets may hold videos too; a banner's image set shows its images.
  return parsed.data.items
    .filter((item) => item.type === undefined || item.type === 'img')
    .map(memberId)
    .filter((id) => id !== '');
}

/**
 * The hosted media provider (Amplience Dynamic Media): image-set members, natural sizes and
 * focal points from `GET /{i|s}/{alias}/{id}.json?metadata=true&protocol=https` (spec §7
 * 'Media service'), through the shared HTTP client, cached. A failed, timed-out or unexpected
 * answer is logged with its call and read as "unknown": the page still renders (spec §8).
 */
export function createHostedMediaMetadata(options: HostedMediaMetadataOptions): MediaMetadata {
  const http = createHttpClient({
    baseUrl: options.baseUrl,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs ?? HOSTED_MEDIA_TIMEOUT_MS,
  });
  const ttl = options.ttlMs ?? HOSTED_MEDIA_TTL_MS;
  const failureTtl = options.failureTtlMs ?? HOSTED_MEDIA_FAILURE_TTL_MS;
  // Promises are cached, so concurrent pages asking for one asset share one call.
  const cache = new LRUCache<string, Promise<unknown>>({
    max: HOSTED_MEDIA_CACHE_MAX,
    ttl,
    ...(options.now ? { perf: { now: options.now }, ttlResolution: 0 } : {}),
  });

  async function call<T>(kind: MediaKind, id: string, read: (data: unknown) => T | undefined): Promise<T | null> {
    // The path and query of spec §7, relative to the base the client holds.
    const path = mediaMetadataUrl('', kind, options.alias, id);
    try {
      const response = await http.request(path);
      const value = read(response.data);
      if (value === undefined) {
        options.logger.warn(
          { call: `${http.baseUrl}${path}`, status: response.status, body: response.text.slice(0, 200) },
          'Media service answered an unexpected shape',
        );
        return null;
      }
      return value;
    } catch (error) {
      const details =
        error instanceof HttpError
          ? { call: error.url, kind: error.kind, status: error.status, error: error.message }
          : { call: `${http.baseUrl}${path}`, error: String(error) };
      options.logger.warn(details, 'Media service metadata call failed');
      return null;
    }
  }

  function cached<T>(kind: MediaKind, id: string, read: (data: unknown) => T | undefined): Promise<T | null> {
    const key = `${kind}/${id}`;
    const hit = cache.get(key) as Promise<T | null> | undefined;
    if (hit) return hit;
    const pending = call(kind, id, read);
    cache.set(key, pending);
    void pending.then((value) => {
      // A failure is kept briefly; a later call may find the service back.
      if (value === null && cache.peek(key) === pending) cache.set(key, pending, { ttl: failureTtl });
    });
    return pending;
  }

  return {
    async lookup(request: MediaMetadataRequest): Promise<MediaMetadataLookup> {
      const ids = (list: readonly string[] | undefined) => [
        ...new Set((list ?? []).map((id) => id.trim()).filter((id) => id !== '')),
      ];
      const [sets, images] = await Promise.all([
        Promise.all(ids(request.sets).map(async (id) => [id, await cached('s', id, toSetMembers)] as const)),
        Promise.all(ids(request.images).map(async (id) => [id, await cached('i', id, toImage)] as const)),
      ]);
      const setsById = new Map(sets);
      const imagesById = new Map(images);
      return {
        imageSetMembers: (setId) => setsById.get(setId.trim()) ?? [],
        image: (imageId) => imagesById.get(imageId.trim()) ?? null,
      };
    },
  };
}
