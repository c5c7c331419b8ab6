import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { VIDEO_PROFILE_720P } from '../descriptor';
import { mediaUrl } from '../media-urls';
import type { ImageMetadata, ImageSetMetadata, VideoMetadata } from '../metadata';
import { DiskLruCache, type CachedFile } from './disk-cache.server';
import { MediaLibrary, type ResolvedImage } from './library.server';
import type { ManifestVideoRendition } from './manifest.server';
import { ConcurrencyLimit, SingleFlight } from './single-flight.server';
import { renderTransform } from './transform.server';
import {
  canonicalTransform,
  mimeTypeOf,
  negotiateFormat,
  type OutputFormat,
  type TransformParams,
} from './transform-params.server';

export interface MediaServiceOptions {
  /** Folder of alias folders, each with a manifest.json and its originals. */
  mediaDir: string;
  /** Folder for transformed images. */
  cacheDir: string;
  cacheMaxBytes: number;
  /** Hot renditions kept in memory as well; 0 turns the layer off. */
  memoryCacheBytes?: number;
  /** Transforms running at once; the rest queue. Defaults to the number of cores. */
  transformConcurrency?: number;
  /** Hears whether each rendition was found in the cache (the server's hit-ratio metric). */
  onCacheLookup?: (hit: boolean) => void;
}

export interface ImageResponse {
  body: Buffer;
  etag: string;
  contentType: string;
  format: OutputFormat;
}

export interface MediaStats {
  /** Transforms actually run (cache misses that were not joined to one in flight). */
  transforms: number;
  cacheHits: number;
}

/** Where `src` fields of metadata answers point: `{protocol}://{host}{basePath}`. */
export type MediaOrigin = string;

/**
 * The embedded media provider: originals from the library, renditions through sharp, a disk
 * cache in front, and one transform per key however many requests ask for it at once.
 */
export class MediaService {
  readonly stats: MediaStats = { transforms: 0, cacheHits: 0 };
  private readonly flights = new SingleFlight<{ entry: CachedFile; body: Buffer }>();
  private readonly limit: ConcurrencyLimit;
  private readonly onCacheLookup: (hit: boolean) => void;

  private constructor(
    readonly library: MediaLibrary,
    private readonly cache: DiskLruCache,
    options: MediaServiceOptions,
  ) {
    this.limit = new ConcurrencyLimit(options.transformConcurrency ?? availableParallelism());
    this.onCacheLookup = options.onCacheLookup ?? (() => {});
  }

  static async create(options: MediaServiceOptions): Promise<MediaService> {
    const library = await MediaLibrary.open(options.mediaDir);
    const cache = new DiskLruCache({
      dir: options.cacheDir,
      maxBytes: options.cacheMaxBytes,
      memoryMaxBytes: options.memoryCacheBytes ?? 32 * 1024 * 1024,
    });
    await cache.open();
    return new MediaService(library, cache, options);
  }

  get cacheSize() {
    return this.cache.size;
  }

  /** An image (`i`) or the first image of a set (`s`), transformed; null when the id is unknown. */
  async image(
    kind: 'i' | 's',
    alias: string,
    id: string,
    params: TransformParams,
    accept: string | undefined,
  ): Promise<ImageResponse | null> {
    let image = kind === 'i' ? this.library.image(alias, id) : this.firstImageOfSet(alias, id);
    if (!image && kind === 'i') {
      // Perhaps uploaded through another instance since this one read the manifest.
      await this.library.reloadIfChanged(alias);
      image = this.library.image(alias, id);
    }
    if (!image) return null;
    const format = negotiateFormat(params.fmt, accept, image.alpha);
    const key = createHash('sha1')
      .update(JSON.stringify([image.alias, image.id, image.hash, canonicalTransform(params, format)]))
      .digest('hex');
    const { entry, body } = await this.rendition(key, image, params, format);
    return { body, etag: entry.etag, contentType: mimeTypeOf(format), format };
  }

  private async rendition(key: string, image: ResolvedImage, params: TransformParams, format: OutputFormat) {
    const cached = this.cache.lookup(key);
    if (cached) {
      try {
        const body = await this.cache.read(cached);
        this.stats.cacheHits += 1;
        this.onCacheLookup(true);
        return { entry: cached, body };
      } catch {
        // Evicted between lookup and read: render it again.
      }
    }
    this.onCacheLookup(false);
    return this.flights.run(key, () =>
      this.limit.run(async () => {
        this.stats.transforms += 1;
        const { body } = await renderTransform(image, params, format);
        const entry = await this.cache.store(key, format, body);
        return { entry, body };
      }),
    );
  }

  private firstImageOfSet(alias: string, id: string): ResolvedImage | undefined {
    const first = this.library.set(alias, id)?.[0];
    return first === undefined ? undefined : this.library.image(alias, first);
  }

  imageMetadata(alias: string, id: string, origin: MediaOrigin): ImageMetadata | null {
    const image = this.library.image(alias, id);
    if (!image) return null;
    return {
      name: id,
      isImage: true,
      alpha: image.alpha,
      width: image.width,
      height: image.height,
      format: image.alpha ? 'PNG' : 'JPEG',
      status: 'ok',
      src: mediaUrl(origin, 'i', alias, id),
      metadata: { pointOfInterest: image.poi ?? null },
    };
  }

  setMetadata(alias: string, id: string, origin: MediaOrigin): ImageSetMetadata | null {
    const ids = this.library.set(alias, id);
    if (!ids) return null;
    const items = ids.flatMap((itemId) => {
      const image = this.library.image(alias, itemId);
      if (!image) return [];
      return [
        {
          type: 'img' as const,
          name: itemId,
          src: mediaUrl(origin, 'i', alias, itemId),
          width: image.width,
          height: image.height,
          format: image.alpha ? 'PNG' : 'JPEG',
          opaque: !image.alpha,
        },
      ];
    });
    const first = ids[0] === undefined ? undefined : this.library.image(alias, ids[0]);
    return {
      name: id,
      isImageSet: true,
      items,
      width: first?.width ?? 0,
      height: first?.height ?? 0,
      metadata: { pointOfInterest: first?.poi ?? null },
    };
  }

  videoMetadata(alias: string, id: string, origin: MediaOrigin, protocol: 'http' | 'https'): VideoMetadata | null {
    const video = this.library.video(alias, id);
    if (!video) return null;
    const poster = this.library.image(alias, id);
    return {
      name: id,
      isVideo: true,
      width: video.width,
      height: video.height,
      duration: video.duration,
      meta: {
        mainThumb: {
          src: mediaUrl(origin, 'i', alias, id),
          width: poster?.width ?? video.width,
          height: poster?.height ?? video.height,
        },
      },
      media: video.renditions.map((rendition) => ({
        src: `${mediaUrl(origin, 'v', alias, id)}/${encodeURIComponent(rendition.profile)}`,
        profile: rendition.profile,
        protocol,
        width: rendition.width,
        height: rendition.height,
        format: rendition.format,
        type: rendition.type,
      })),
      metadata: { pointOfInterest: poster?.poi ?? null },
    };
  }

  /** A video's rendition file (the 720p mp4 by default, else the first listed). */
  videoRendition(
    alias: string,
    id: string,
    profile?: string,
  ): (ManifestVideoRendition & { absolutePath: string }) | null {
    const video = this.library.video(alias, id);
    if (!video) return null;
    const rendition = profile
      ? video.renditions.find((candidate) => candidate.profile === profile)
      : (video.renditions.find((candidate) => candidate.profile === VIDEO_PROFILE_720P) ?? video.renditions[0]);
    if (!rendition) return null;
    return { ...rendition, absolutePath: this.library.inside(alias, rendition.file) };
  }
}
