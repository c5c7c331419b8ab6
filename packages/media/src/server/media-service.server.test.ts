import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DiskLruCache } from './disk-cache.server';
import { MediaLibrary } from './library.server';
import { MediaService } from './media-service.server';
import { ConcurrencyLimit, SingleFlight } from './single-flight.server';
import { createTestLibrary } from '../../test/test-library.server';
import { DEFAULT_TRANSFORM, negotiateFormat, type TransformParams } from './transform-params.server';

const params = (overrides: Partial<TransformParams> = {}): TransformParams => ({ ...DEFAULT_TRANSFORM, ...overrides });

describe('negotiateFormat', () => {
  it.each([
    ['image/avif,image/webp,*/*', false, 'avif'],
    ['image/webp,*/*', false, 'webp'],
    ['image/avif;q=0,image/webp', false, 'webp'],
    ['*/*', false, 'jpg'],
    [undefined, false, 'jpg'],
    ['*/*', true, 'png'],
    ['image/webp', true, 'webp'],
  ] as const)('Accept %s (alpha %s) → %s', (accept, alpha, expected) => {
    expect(negotiateFormat('auto', accept, alpha)).toBe(expected);
  });
  it('an explicit format wins over Accept', () => {
    expect(negotiateFormat('png', 'image/avif', false)).toBe('png');
  });
});

describe('DiskLruCache', () => {
  it('evicts the least recently used files once the total passes the limit, on disk too', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'piste-lru-'));
    const cache = new DiskLruCache({ dir, maxBytes: 250 });
    await cache.open();
    const key = (n: number) => String(n).repeat(40).slice(0, 40);
    await cache.store(key(1), 'webp', Buffer.alloc(100, 1));
    await cache.store(key(2), 'webp', Buffer.alloc(100, 2));
    expect(cache.lookup(key(1))).toBeDefined(); // 1 is now more recent than 2
    await cache.store(key(3), 'webp', Buffer.alloc(100, 3));
    expect(cache.lookup(key(2))).toBeUndefined();
    expect(cache.lookup(key(1))).toBeDefined();
    expect(cache.lookup(key(3))).toBeDefined();
    expect(cache.size).toEqual({ files: 2, bytes: 200 });
    expect((await readdir(dir)).filter((name) => name.startsWith(key(2)))).toEqual([]);
  });

  it('rebuilds its index from the files an earlier run left, and cleans temporary files', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'piste-lru-'));
    const first = new DiskLruCache({ dir, maxBytes: 10_000 });
    await first.open();
    const stored = await first.store('a'.repeat(40), 'avif', Buffer.from('hello'));
    await writeFile(join(dir, 'junk.tmp'), 'x');
    const second = new DiskLruCache({ dir, maxBytes: 10_000 });
    await second.open();
    const found = second.lookup('a'.repeat(40));
    expect(found).toMatchObject({ etag: stored.etag, extension: 'avif', size: 5 });
    expect((await second.read(found!)).toString()).toBe('hello');
    expect(await readdir(dir)).not.toContain('junk.tmp');
  });
});

describe('SingleFlight and ConcurrencyLimit', () => {
  it('joins concurrent calls for one key', async () => {
    const flights = new SingleFlight<number>();
    let runs = 0;
    const task = async () => {
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return 7;
    };
    const results = await Promise.all(Array.from({ length: 5 }, () => flights.run('k', task)));
    expect(results).toEqual([7, 7, 7, 7, 7]);
    expect(runs).toBe(1);
    expect(flights.size).toBe(0);
  });

  it('never runs more than the limit at once', async () => {
    const limit = new ConcurrencyLimit(2);
    let active = 0;
    let peak = 0;
    await Promise.all(
      Array.from({ length: 8 }, () =>
        limit.run(async () => {
          active += 1;
          peak = Math.max(peak, active);
          await new Promise((resolve) => setTimeout(resolve, 5));
          active -= 1;
        }),
      ),
    );
    expect(peak).toBe(2);
  });
});

describe('MediaService', () => {
  it('renders boxes, crops around the point of interest, pads, stretches and caps with maxW', async () => {
    const service = await MediaService.create({ ...(await createTestLibrary()), cacheMaxBytes: 50e6 });
    const size = async (p: Partial<TransformParams>) => {
      const result = await service.image('i', 'test', 'photo', params({ fmt: 'png', ...p }), undefined);
      const meta = await sharp(result!.body).metadata();
      return `${meta.width}x${meta.height}`;
    };
    expect(await size({ w: 200 })).toBe('200x150');
    expect(await size({ h: 60 })).toBe('80x60');
    expect(await size({ w: 100, h: 100, sm: 'c' })).toBe('100x100');
    expect(await size({ w: 100, h: 100 })).toBe('100x100');
    expect(await size({ w: 100, h: 100, sm: 'aspect' })).toBe('100x75');
    expect(await size({ w: 90, h: 30, sm: 's' })).toBe('90x30');
    expect(await size({ w: 400, h: 300, maxW: 200 })).toBe('200x150');
    expect(await size({ maxH: 60 })).toBe('80x60');
    expect(await size({ w: 300, sm: 'aspect', aspect: { w: 1, h: 1 } })).toBe('300x300');
  });

  it('crops towards the point of interest: the white sun at (0.25, 0.25) stays in a poi crop', async () => {
    const service = await MediaService.create({ ...(await createTestLibrary()), cacheMaxBytes: 50e6 });
    const crop = async (scaleFit: 'poi' | 'center') => {
      const result = await service.image(
        'i',
        'test',
        'photo',
        params({ fmt: 'png', w: 50, h: 100, sm: 'c', poi: { x: 0.25, y: 0.25, w: 0, h: 0 }, scaleFit }),
        undefined,
      );
      const { data, info } = await sharp(result!.body).raw().toBuffer({ resolveWithObject: true });
      // The sun's centre (200, 150) lands at (25, 25) of a 50×100 crop taken around x = 0.25.
      const centre = (25 * info.width + 25) * info.channels;
      return [data[centre], data[centre + 1], data[centre + 2]];
    };
    expect(await crop('poi')).toEqual([255, 255, 255]);
    expect(await crop('center')).not.toEqual([255, 255, 255]);
  });

  it('pads with the background colour and flattens transparency for JPEG', async () => {
    const service = await MediaService.create({ ...(await createTestLibrary()), cacheMaxBytes: 50e6 });
    const result = await service.image(
      'i',
      'test',
      'cutout',
      params({ fmt: 'jpg', w: 50, h: 50, bg: { r: 0, g: 0, b: 255 } }),
      undefined,
    );
    expect(result!.contentType).toBe('image/jpeg');
    const { data } = await sharp(result!.body).raw().toBuffer({ resolveWithObject: true });
    expect(data[2]).toBeGreaterThan(100); // red at half alpha over blue
    const auto = await service.image('i', 'test', 'cutout', params(), '*/*');
    expect(auto!.contentType).toBe('image/png');
  });

  it('caches by normalized parameters and negotiated format, and runs one transform for concurrent requests', async () => {
    const service = await MediaService.create({ ...(await createTestLibrary()), cacheMaxBytes: 50e6 });
    const results = await Promise.all(
      Array.from({ length: 12 }, () => service.image('i', 'test', 'banner', params({ w: 640 }), 'image/webp')),
    );
    expect(service.stats.transforms).toBe(1);
    expect(new Set(results.map((result) => result!.etag)).size).toBe(1);
    await service.image('i', 'test', 'banner', params({ w: 640 }), 'image/webp,*/*');
    expect(service.stats).toMatchObject({ transforms: 1, cacheHits: 1 });
    await service.image('i', 'test', 'banner', params({ w: 640 }), 'image/avif');
    expect(service.stats.transforms).toBe(2);
  });

  it('reports each cache lookup, a joined concurrent miss included, to onCacheLookup', async () => {
    const lookups: boolean[] = [];
    const service = await MediaService.create({
      ...(await createTestLibrary()),
      cacheMaxBytes: 50e6,
      onCacheLookup: (hit) => lookups.push(hit),
    });
    await Promise.all([1, 2].map(() => service.image('i', 'test', 'banner', params({ w: 320 }), 'image/webp')));
    await service.image('i', 'test', 'banner', params({ w: 320 }), 'image/webp');
    expect(lookups).toEqual([false, false, true]);
  });

  it('survives a restart: renditions on disk are served without transforming again', async () => {
    const library = await createTestLibrary();
    const first = await MediaService.create({ ...library, cacheMaxBytes: 50e6 });
    const a = await first.image('i', 'test', 'photo', params({ w: 100 }), undefined);
    const second = await MediaService.create({ ...library, cacheMaxBytes: 50e6 });
    const b = await second.image('i', 'test', 'photo', params({ w: 100 }), undefined);
    expect(second.stats.transforms).toBe(0);
    expect(b!.etag).toBe(a!.etag);
  });

  it('answers null for unknown ids and aliases, and never reads outside the library', async () => {
    const service = await MediaService.create({ ...(await createTestLibrary()), cacheMaxBytes: 50e6 });
    expect(await service.image('i', 'test', 'nope', params(), undefined)).toBeNull();
    expect(await service.image('i', 'other', 'photo', params(), undefined)).toBeNull();
    expect(await service.image('i', 'test', 'constructor', params(), undefined)).toBeNull();
    expect(await service.image('s', 'test', 'photo', params(), undefined)).toBeNull();
    expect(service.library.manifest('..')).toBeUndefined();
    expect(() => service.library.inside('test', '../../etc/passwd')).toThrow(/outside/);
  });

  it('opens an empty library when the folder is missing', async () => {
    const library = await MediaLibrary.open(join(tmpdir(), 'piste-missing-media-folder'));
    expect(library.aliases).toEqual([]);
  });
});
