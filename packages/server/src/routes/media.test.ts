import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MediaService } from '@piste/media/server';
import { createTestLibrary } from '@piste/media/server/testing';
import { createHostedMediaMetadata } from '../hosted-media-metadata';
import { mediaRoutes } from './media';

let app: FastifyInstance;
let service: MediaService;

beforeAll(async () => {
  service = await MediaService.create({ ...(await createTestLibrary()), cacheMaxBytes: 50e6 });
  app = Fastify({ logger: false });
  await app.register(mediaRoutes(service), { prefix: '/media' });
  await app.ready();
});

afterAll(() => app.close());

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

describe('GET /media/i/{alias}/{id}', () => {
  it('serves a transformed image with immutable caching, a strong ETag and Vary: Accept', async () => {
    const response = await get('/media/i/test/photo?w=200&h=100&sm=c&fmt=jpg&qlt=70&fmt.jpeg.interlaced=true');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toBe('Accept');
    expect(response.headers.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    const meta = await sharp(response.rawPayload).metadata();
    expect(meta).toMatchObject({ width: 200, height: 100, format: 'jpeg', isProgressive: true });
  });

  it.each([
    ['image/avif,image/webp,image/apng,*/*;q=0.8', 'image/avif'],
    ['image/webp,*/*', 'image/webp'],
    ['*/*', 'image/jpeg'],
  ])('fmt=auto with Accept %s → %s', async (accept, type) => {
    const response = await get('/media/i/test/photo?w=64', { accept });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(type);
  });

  it('takes the format from a file extension, and fmt= over it', async () => {
    expect((await get('/media/i/test/photo.png?w=32')).headers['content-type']).toBe('image/png');
    expect((await get('/media/i/test/photo.png?w=32&fmt=webp')).headers['content-type']).toBe('image/webp');
  });

  it('answers If-None-Match with 304', async () => {
    const first = await get('/media/i/test/photo?w=120&fmt=webp');
    const second = await get('/media/i/test/photo?w=120&fmt=webp', { 'if-none-match': first.headers.etag as string });
    expect(second.statusCode).toBe(304);
    expect(second.rawPayload.length).toBe(0);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['cache-control']).toContain('immutable');
    const stale = await get('/media/i/test/photo?w=120&fmt=webp', { 'if-none-match': '"other"' });
    expect(stale.statusCode).toBe(200);
  });

  it('serves repeats from the cache, and equal parameters in any spelling share an entry', async () => {
    const before = service.stats.transforms;
    await get('/media/i/test/photo?w=77&h=77&fmt=webp');
    await get('/media/i/test/photo?h=77&w=77&fmt=webp&qlt=90');
    expect(service.stats.transforms).toBe(before + 1);
  });

  it('runs one transform for concurrent identical requests', async () => {
    const before = service.stats.transforms;
    const responses = await Promise.all(Array.from({ length: 10 }, () => get('/media/i/test/banner?w=1792&fmt=webp')));
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    expect(new Set(responses.map((response) => response.headers.etag)).size).toBe(1);
    expect(service.stats.transforms).toBe(before + 1);
  });

  it('pads with bg, crops with poi, honours maxW', async () => {
    const padded = await sharp((await get('/media/i/test/photo?w=100&h=100&bg=rgb(255,0,0)&fmt=png')).rawPayload)
      .raw()
      .toBuffer();
    expect([padded[0], padded[1], padded[2]]).toEqual([255, 0, 0]);
    const capped = await sharp((await get('/media/i/test/photo?w=800&maxW=100&fmt=png')).rawPayload).metadata();
    expect(capped.width).toBe(100);
    const cropped = await get('/media/i/test/photo?w=50&h=100&sm=c&poi=0.25,0.25&scaleFit=poi&fmt=png');
    expect(cropped.statusCode).toBe(200);
  });

  it.each([
    ['w=0', 'INVALID_PARAMETER', 'w'],
    ['w=4001', 'INVALID_PARAMETER', 'w'],
    ['w=abc', 'INVALID_PARAMETER', 'w'],
    ['w=1e3', 'INVALID_PARAMETER', 'w'],
    ['h=-5', 'INVALID_PARAMETER', 'h'],
    ['maxW=99999', 'INVALID_PARAMETER', 'maxW'],
    ['qlt=0', 'INVALID_PARAMETER', 'qlt'],
    ['qlt=101', 'INVALID_PARAMETER', 'qlt'],
    ['fmt=gif', 'INVALID_PARAMETER', 'fmt'],
    ['sm=zoom', 'INVALID_PARAMETER', 'sm'],
    ['bg=red', 'INVALID_PARAMETER', 'bg'],
    ['bg=rgb(300,0,0)', 'INVALID_PARAMETER', 'bg'],
    ['poi=0.5', 'INVALID_PARAMETER', 'poi'],
    ['poi=2,0.5', 'INVALID_PARAMETER', 'poi'],
    ['aspect=16x9', 'INVALID_PARAMETER', 'aspect'],
    ['aspect=0:9', 'INVALID_PARAMETER', 'aspect'],
    ['scaleFit=edge', 'INVALID_PARAMETER', 'scaleFit'],
    ['fmt.jpeg.interlaced=yes', 'INVALID_PARAMETER', 'fmt.jpeg.interlaced'],
    ['w=10&w=20', 'INVALID_PARAMETER', 'w'],
    ['width=10', 'UNKNOWN_PARAMETER', 'width'],
    ['metadata=true', 'UNKNOWN_PARAMETER', 'metadata'],
  ])('?%s → 400 %s naming %s', async (search, code, name) => {
    const response = await get(`/media/i/test/photo?${search}`);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error.code).toBe(code);
    expect(body.error.message).toContain(`'${name}'`);
  });

  it.each([
    '/media/i/test/missing',
    '/media/i/nobody/photo',
    '/media/i/test/constructor',
    '/media/x/test/photo',
    '/media',
    '/media/i/test',
  ])('%s → 404 JSON', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });

  it.each([
    '/media/i/test/..%2F..%2Fmanifest.json',
    '/media/i/..%2Ftest/photo',
    '/media/i/test/.hidden',
    '/media/i/test/__proto__',
    '/media/i/test/%2Fetc%2Fpasswd',
    '/media/v/test/clip/..%2F..%2Fmanifest.json',
  ])('refuses a name outside [A-Za-z0-9._-] (path traversal) %s with 400', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('INVALID_PARAMETER');
  });
});

describe('GET /media/s/{alias}/{id}', () => {
  it('renders the first image of the set', async () => {
    const response = await get('/media/s/test/duo?w=40&fmt=png');
    expect(response.statusCode).toBe(200);
    expect((await sharp(response.rawPayload).metadata()).width).toBe(40);
  });

  it('an image id is not a set', async () => {
    expect((await get('/media/s/test/photo')).statusCode).toBe(404);
  });

  it('.json?metadata=true&protocol=https lists the items (spec §7)', async () => {
    const response = await get('/media/s/test/duo.json?metadata=true&protocol=https', { host: 'shop.example' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.items.map((item: { name: string }) => item.name)).toEqual(['photo', 'cutout']);
    expect(body.items[0]).toMatchObject({
      type: 'img',
      src: 'https://shop.example/media/i/test/photo',
      width: 800,
      height: 600,
    });
    expect(body).toMatchObject({ width: 800, height: 600, metadata: { pointOfInterest: { x: 0.25, y: 0.25 } } });
  });

  it('rejects unknown metadata parameters', async () => {
    const response = await get('/media/s/test/duo.json?metadata=true&w=10');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain("'w'");
  });
});

describe('image metadata', () => {
  it('/i/{alias}/{id}.json gives width, height and the point of interest', async () => {
    const body = (await get('/media/i/test/photo.json?metadata=true&protocol=https', { host: 'shop.example' })).json();
    expect(body).toMatchObject({
      name: 'photo',
      width: 800,
      height: 600,
      src: 'https://shop.example/media/i/test/photo',
      metadata: { pointOfInterest: { x: 0.25, y: 0.25 } },
    });
  });

  it('protocol must be http or https', async () => {
    expect((await get('/media/i/test/photo.json?metadata=true&protocol=ftp')).statusCode).toBe(400);
  });
});

describe('GET /media/v/{alias}/{id}', () => {
  it('.json gives the renditions and the poster (data.media, data.meta.mainThumb.src)', async () => {
    const body = (await get('/media/v/test/clip.json?metadata=true&protocol=https', { host: 'shop.example' })).json();
    expect(body.meta.mainThumb.src).toBe('https://shop.example/media/i/test/clip');
    expect(body.media[0]).toMatchObject({
      src: 'https://shop.example/media/v/test/clip/mp4_720p',
      profile: 'mp4_720p',
      protocol: 'https',
      width: 1280,
      height: 720,
      type: 'video/mp4',
    });
    expect(body).toMatchObject({ width: 1280, height: 720 });
  });

  it('serves the 720p mp4 by default, with byte ranges', async () => {
    const whole = await get('/media/v/test/clip');
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.rawPayload.length).toBe(4096);
    const part = await get('/media/v/test/clip/mp4_720p', { range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(100);
  });

  it('serves another rendition by profile', async () => {
    const response = await get('/media/v/test/clip/webp_720p');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
  });

  it('the video poster is an image with the video id, e.g. 15x15 jpg (spec §7)', async () => {
    const response = await get('/media/i/test/clip?w=15&h=15&fmt=jpg');
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({ width: 15, height: 15 });
  });

  it.each([
    ['/media/v/test/nope', 404],
    ['/media/v/test/clip/hd_4k', 404],
    ['/media/v/test/clip.mp4', 404],
    ['/media/v/test/clip.jpg', 400],
    ['/media/v/test/clip?w=10', 400],
    ['/media/v/test/photo.json?metadata=true', 404],
  ])('%s → %i', async (url, status) => {
    expect((await get(url)).statusCode).toBe(status);
  });
});

describe('the metadata answers, read by the hosted reader', () => {
  it('gives the same set members, sizes and focal points as Amplience’s would (a CDN may front /media)', async () => {
    const asked: string[] = [];
    const fetch = async (url: string) => {
      const path = url.replace('https://cdn.shop.test', '');
      asked.push(path);
      const response = await get(path);
      return new Response(response.body, { status: response.statusCode });
    };
    const logger = { warn: vi.fn() };
    const metadata = createHostedMediaMetadata({
      baseUrl: 'https://cdn.shop.test/media',
      alias: 'test',
      logger,
      fetch,
    });
    const lookup = await metadata.lookup({ sets: ['duo'], images: ['photo'] });
    expect(asked.sort()).toEqual([
      '/media/i/test/photo.json?metadata=true&protocol=https',
      '/media/s/test/duo.json?metadata=true&protocol=https',
    ]);
    expect(lookup.imageSetMembers('duo')).toEqual(['photo', 'cutout']);
    expect(lookup.image('photo')).toEqual({ width: 800, height: 600, poi: { x: 0.25, y: 0.25, w: 0, h: 0 } });
    expect(logger.warn).not.toHaveBeenCalled();
  });
});
