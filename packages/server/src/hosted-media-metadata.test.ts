import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AMPLIENCE_ALIAS,
  imageSet,
  imageWithPoi,
  imageWithoutPoi,
  missingImage,
  type MediaFixture,
} from '../test/fixtures/amplience-media';
import { createHostedMediaMetadata, type HostedMediaMetadataOptions } from './hosted-media-metadata';

/**
 * The hosted media provider replayed against Amplience Dynamic Media answers (fixtures and
 * their sources in test/fixtures/amplience-media.ts), served from loopback. A fixture answers
 * only the exact path and query it documents: any other request gets a 400, so a wrong request
 * reads as "unknown" and fails the test.
 */
interface Recorded {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

type Reply = MediaFixture | { request: string; status: number; body: unknown; hang: true };

const servers: Array<{ close: () => void }> = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function dynamicMedia(replies: Reply[]) {
  const requests: Recorded[] = [];
  const queues = new Map<string, Reply[]>();
  for (const reply of replies) queues.set(reply.request, [...(queues.get(reply.request) ?? []), reply]);
  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    const queue = queues.get(req.url ?? '');
    // The last reply for a request repeats; earlier ones are used once, in order.
    const reply = queue && (queue.length > 1 ? queue.shift() : queue[0]);
    if (!reply) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end(`unexpected request ${req.url}`);
      return;
    }
    if ('hang' in reply) return;
    const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    res.writeHead(reply.status, { 'content-type': 'application/json' }).end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push({
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { baseUrl, requests };
}

function provider(baseUrl: string, options: Partial<HostedMediaMetadataOptions> = {}) {
  const logger = { warn: vi.fn() };
  const metadata = createHostedMediaMetadata({ baseUrl, alias: AMPLIENCE_ALIAS, logger, ...options });
  return { metadata, logger };
}

describe('hosted media metadata (Amplience Dynamic Media)', () => {
  it('reads an image’s size and focal point from GET /i/{alias}/{id}.json?metadata=true&protocol=https', async () => {
    const service = await dynamicMedia([imageWithPoi]);
    const { metadata, logger } = provider(service.baseUrl);
    const lookup = await metadata.lookup({ images: [' lodge-scene '] });
    expect(lookup.image('lodge-scene')).toEqual({
      width: 2400,
      height: 1600,
      poi: { x: 0.42, y: 0.61, w: 0.2, h: 0.25 },
    });
    expect(service.requests).toEqual([expect.objectContaining({ method: 'GET', url: imageWithPoi.request })]);
    expect(service.requests[0]!.headers.accept).toBe('application/json');
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it('reads an image without a focal point as size only', async () => {
    const service = await dynamicMedia([imageWithoutPoi]);
    const lookup = await provider(service.baseUrl).metadata.lookup({ images: ['summit-ridge'] });
    expect(lookup.image('summit-ridge')).toEqual({ width: 1920, height: 1080, poi: null });
  });

  it('reads a set’s image members, in order, from GET /s/{alias}/{id}.json', async () => {
    const service = await dynamicMedia([imageSet]);
    const lookup = await provider(service.baseUrl).metadata.lookup({ sets: ['winter-hero'] });
    expect(lookup.imageSetMembers('winter-hero')).toEqual(['winter-hero-1', 'winter-hero-2', 'winter hero 3']);
    expect(service.requests.map((request) => request.url)).toEqual([imageSet.request]);
  });

  it('reads each asset once while it is fresh, and again after the TTL', async () => {
    let clock = 1_000;
    const service = await dynamicMedia([imageWithPoi, imageSet]);
    const { metadata } = provider(service.baseUrl, { ttlMs: 60_000, now: () => clock });
    await Promise.all([
      metadata.lookup({ images: ['lodge-scene', 'lodge-scene'], sets: ['winter-hero'] }),
      metadata.lookup({ images: ['lodge-scene'] }),
    ]);
    await metadata.lookup({ images: ['lodge-scene'], sets: ['winter-hero'] });
    expect(service.requests).toHaveLength(2);
    clock += 61_000;
    const later = await metadata.lookup({ images: ['lodge-scene'] });
    expect(later.image('lodge-scene')?.width).toBe(2400);
    expect(service.requests).toHaveLength(3);
  });

  it('answers empty for an asset the account does not hold, and logs the call', async () => {
    const service = await dynamicMedia([missingImage]);
    const { metadata, logger } = provider(service.baseUrl);
    const lookup = await metadata.lookup({ images: ['no-such-image'], sets: [] });
    expect(lookup.image('no-such-image')).toBeNull();
    expect(lookup.imageSetMembers('no-such-image')).toEqual([]);
    expect(service.requests).toHaveLength(1); // 404 is not retried
    expect(logger.warn).toHaveBeenCalledWith(
      expect.objectContaining({ call: `${service.baseUrl}${missingImage.request}`, status: 404 }),
      'Media service metadata call failed',
    );
  });

  it('retries a 503 once (a read, spec §7 Other), then uses the answer', async () => {
    const service = await dynamicMedia([{ ...imageWithPoi, status: 503, body: '' }, imageWithPoi]);
    const lookup = await provider(service.baseUrl).metadata.lookup({ images: ['lodge-scene'] });
    expect(lookup.image('lodge-scene')?.height).toBe(1600);
    expect(service.requests).toHaveLength(2);
  });

  it('degrades to empty after the retry fails, and remembers the failure briefly', async () => {
    let clock = 1_000;
    const service = await dynamicMedia([{ ...imageSet, status: 500, body: 'oops' }]);
    const { metadata, logger } = provider(service.baseUrl, { failureTtlMs: 5_000, now: () => clock });
    const lookup = await metadata.lookup({ sets: ['winter-hero'] });
    expect(lookup.imageSetMembers('winter-hero')).toEqual([]);
    expect(service.requests).toHaveLength(2);
    expect(logger.warn).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'status', status: 500, error: 'Request failed with status code 500' }),
      'Media service metadata call failed',
    );
    await metadata.lookup({ sets: ['winter-hero'] });
    expect(service.requests).toHaveLength(2);
    clock += 6_000;
    await metadata.lookup({ sets: ['winter-hero'] });
    expect(service.requests).toHaveLength(4);
  });

  it('gives up on a service that does not answer within the timeout', async () => {
    const service = await dynamicMedia([{ ...imageWithPoi, hang: true }]);
    const { metadata, logger } = provider(service.baseUrl, { timeoutMs: 100 });
    const lookup = await metadata.lookup({ images: ['lodge-scene'] });
    expect(lookup.image('lodge-scene')).toBeNull();
    expect(logger.warn).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'timeout', error: 'timeout of 100ms exceeded' }),
      'Media service metadata call failed',
    );
  });

  it('logs an unexpected shape with its call and reads it as unknown', async () => {
    const service = await dynamicMedia([
      { ...imageWithPoi, body: { isImage: true, status: 'ok' } },
      { ...imageSet, body: '<html>maintenance</html>' },
    ]);
    const { metadata, logger } = provider(service.baseUrl);
    const lookup = await metadata.lookup({ images: ['lodge-scene'], sets: ['winter-hero'] });
    expect(lookup.image('lodge-scene')).toBeNull();
    expect(lookup.imageSetMembers('winter-hero')).toEqual([]);
    expect(logger.warn).toHaveBeenCalledTimes(2);
    expect(logger.warn).toHaveBeenCalledWith(
      expect.objectContaining({ call: `${service.baseUrl}${imageSet.request}`, status: 200 }),
      'Media service answered an unexpected shape',
    );
  });

  it('never rejects, even when nothing listens', async () => {
    const { metadata, logger } = provider('http://127.0.0.1:9');
    const lookup = await metadata.lookup({ images: ['lodge-scene'] });
    expect(lookup.image('lodge-scene')).toBeNull();
    expect(logger.warn).toHaveBeenCalledWith(expect.objectContaining({ kind: 'network' }), expect.any(String));
  });
});
