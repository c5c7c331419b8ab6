import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { CdnPageIndex } from './cdn-page-index';
import { createNginxPurge } from './cdn-purge';

/** A purge listener standing in for nginx's: answers each request with the next status given. */
async function purgeListener(statuses: number[]) {
  const purged: { method: string; key: string }[] = [];
  const server: Server = createServer((request: IncomingMessage, response) => {
    purged.push({ method: request.method!, key: String(request.headers['x-cache-key']) });
    response.statusCode = statuses.shift() ?? 200;
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/purge`;
  return { url, purged, close: () => new Promise((resolve) => server.close(resolve)) };
}

function indexOf(pages: Record<string, string>): CdnPageIndex {
  const index = new CdnPageIndex();
  for (const [key, tags] of Object.entries(pages)) index.remember(key, tags);
  return index;
}

const PAGES = {
  'http://shop/en-us/p/ski||': 'page content locale-en-us product-12 product-13',
  'http://shop/en-us/p/ski|de-de|': 'page content locale-en-us product-12 product-13',
  'http://shop/en-us/c/skis||': 'page content locale-en-us category-skis product-13 product-14',
  'http://shop/en-us/stores||': 'page content locale-en-us',
};

describe('purging nginx’s cache', () => {
  const listeners: { close(): Promise<unknown> }[] = [];
  afterEach(async () => {
    await Promise.all(listeners.splice(0).map((listener) => listener.close()));
  });

  it('purges every key holding a page that shows a changed product, and only those', async () => {
    const nginx = await purgeListener([]);
    listeners.push(nginx);
    const purge = createNginxPurge({ url: nginx.url, index: indexOf(PAGES), log: pino({ level: 'silent' }) });

    purge.purge({ products: [12] });
    await purge.settled();
    expect(nginx.purged.map(({ key }) => key).sort()).toEqual([
      'http://shop/en-us/p/ski|de-de|',
      'http://shop/en-us/p/ski||',
    ]);
    expect(nginx.purged.every(({ method }) => method === 'PURGE')).toBe(true);

    // Purged keys are forgotten until a page is answered under them again; content is on every page.
    purge.purge({ content: true });
    await purge.settled();
    expect(nginx.purged.map(({ key }) => key)).toHaveLength(4);
  });

  it('retries what nginx could not answer, and takes 404 (nothing cached) as done', async () => {
    const nginx = await purgeListener([503, 404]);
    listeners.push(nginx);
    const index = indexOf({ 'http://shop/en-us/stores||': PAGES['http://shop/en-us/stores||'] });
    const purge = createNginxPurge({ url: nginx.url, index, log: pino({ level: 'silent' }), retryDelaysMs: [10, 10] });

    purge.purge({ rebuild: true });
    await purge.settled();
    expect(nginx.purged.map(({ key }) => key)).toEqual(['http://shop/en-us/stores||', 'http://shop/en-us/stores||']);
  });

  it('gives up on an unreachable nginx with a log line, never an error thrown into the shop', async () => {
    const nginx = await purgeListener([]);
    await nginx.close();
    const lines: { level: number; msg: string }[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const purge = createNginxPurge({ url: nginx.url, index: indexOf(PAGES), log, retryDelaysMs: [10] });

    expect(() => purge.purge({ rebuild: true })).not.toThrow();
    await purge.settled();
    expect(lines.map(({ msg }) => msg)).toEqual([
      expect.stringMatching(/did not answer for 4 pages; retrying in 10 ms/),
      expect.stringMatching(/gave up on 4 pages/),
    ]);
  });

  it('does not retry a purge nginx refuses (403: this instance is not allowed)', async () => {
    const nginx = await purgeListener([403]);
    listeners.push(nginx);
    const lines: { msg: string }[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const index = indexOf({ 'http://shop/en-us/stores||': PAGES['http://shop/en-us/stores||'] });
    const purge = createNginxPurge({ url: nginx.url, index, log, retryDelaysMs: [10] });

    purge.purge({ rebuild: true });
    await purge.settled();
    expect(nginx.purged).toHaveLength(1);
    expect(lines.map(({ msg }) => msg)).toEqual(['CDN purge refused for 1 pages']);
  });
});
