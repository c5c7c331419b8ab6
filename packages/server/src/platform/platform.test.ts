import { readdirSync } from 'node:fs';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storefrontClientBuild } from '../paths';
import { createSeededPagesApp } from '../../test/support/app-harness';
import { expectedScriptHashes, policyScriptHashes } from '../../test/support/page-policy';

let harness: Awaited<ReturnType<typeof createSeededPagesApp>>;
let app: typeof harness.app;

const METRICS_TOKEN = 'scrape-token-0123456789';
/** Documentation addresses (RFC 5737): public, in no country, in no default list. */
const VISITOR = '192.0.2.10';
const BRITISH_VISITOR = '81.2.69.160';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

beforeAll(async () => {
  harness = await createSeededPagesApp({
    GEO_COUNTRY_HEADERS: 'cf-ipcountry,cloudfront-viewer-country',
    BLOCKED_IPS: '198.51.100.7,2001:db8:bad::/48',
    METRICS_TOKEN,
    // The proxy in front is the loopback peer inject uses by default; other peers are visitors.
    TRUST_PROXY: '127.0.0.1',
  });
  app = harness.app;
});

afterAll(() => harness.close());

const get = (url: string, options: Omit<InjectOptions, 'url' | 'method'> = {}) =>
  app.inject({ method: 'GET', url, remoteAddress: VISITOR, ...options });

async function scrape(): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/metrics' });
  expect(response.statusCode).toBe(200);
  return response.body;
}

/** One sample of the exposition, by name and exact labels; 0 when absent. */
function sample(exposition: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels)
    .map(([label, value]) => `${label}="${value}"`)
    .sort()
    .join(',');
  for (const line of exposition.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = (match[2] ?? '')
      .split(/,(?=[a-z_]+=")/)
      .filter(Boolean)
      .sort()
      .join(',');
    if (found === wanted) return Number(match[3]);
  }
  return 0;
}

describe('blocklists (spec §6)', () => {
  it.each([
    ['.php', '/index.php'],
    ['wp-', '/wp-admin/'],
    ['-wp', '/old-wp/setup'],
    ['sleep(', '/en-us/search?q=1%27%20AND%20SLEEP(5)--'],
    ['select(', '/x?q=SELECT%28'],
    ['an encoded fragment', '/xmlrpc%2Ephp'],
    ['malformed encoding around a fragment', '/setup.php?q=%E0%A4%A'],
  ])('refuses a URL with %s with a quick 403 in the API error shape, counted by reason', async (_description, url) => {
    const before = sample(await scrape(), 'piste_blocked_requests_total', { reason: 'url' });
    const response = await get(url);
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'This request is not allowed.' } });
    expect(response.headers['x-request-id']).toMatch(UUID);
    // Refused before cookies: no XSRF or session cookie is handed out.
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(sample(await scrape(), 'piste_blocked_requests_total', { reason: 'url' })).toBe(before + 1);
  });

  it('answers a malformed encoding that hides nothing normally', async () => {
    const response = await get('/en-us/search?q=%E0%A4%A');
    expect(response.statusCode).not.toBe(403);
    expect(response.statusCode).toBeLessThan(500);
  });

  it.each([
    ['a blocked IPv4 address', '198.51.100.7'],
    ['an address in a blocked IPv6 range', '2001:db8:bad::99'],
  ])('refuses %s, counted by reason', async (_description, remoteAddress) => {
    const before = sample(await scrape(), 'piste_blocked_requests_total', { reason: 'ip' });
    const response = await get('/en-us/c/helmets', { remoteAddress });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('FORBIDDEN');
    expect(sample(await scrape(), 'piste_blocked_requests_total', { reason: 'ip' })).toBe(before + 1);
  });

  it('refuses a blocked address relayed by the trusted proxy', async () => {
    const response = await app.inject({ url: '/en-us/c/helmets', headers: { 'x-forwarded-for': '198.51.100.7' } });
    expect(response.statusCode).toBe(403);
  });

  it('refuses an attack scanner’s user agent, counted by reason', async () => {
    const before = sample(await scrape(), 'piste_blocked_requests_total', { reason: 'user-agent' });
    const response = await get('/api/products', {
      headers: { 'user-agent': 'sqlmap/1.8.2#stable (https://sqlmap.org)' },
    });
    expect(response.statusCode).toBe(403);
    expect(sample(await scrape(), 'piste_blocked_requests_total', { reason: 'user-agent' })).toBe(before + 1);
  });

  it('never blocks internal addresses', async () => {
    for (const remoteAddress of ['127.0.0.1', '10.1.2.3', 'fd00::7']) {
      const response = await get('/wp-login.php', { remoteAddress, headers: { 'user-agent': 'nikto' } });
      expect(response.statusCode).not.toBe(403);
    }
  });

  it('lets a normal page, API call and build file through', async () => {
    expect((await get('/en-us/c/helmets')).statusCode).toBe(200);
    expect((await get('/api/products', { headers: { 'x-bc-region': 'us' } })).statusCode).toBe(200);
    expect((await get('/api/geolocation')).statusCode).toBe(200);
    const asset = readdirSync(`${storefrontClientBuild}/assets`).find((file) => file.endsWith('.js'))!;
    expect((await get(`/assets/${asset}`)).statusCode).toBe(200);
  });
});

describe('/metrics', () => {
  it('is Prometheus text with the request, latency, error, blocking, cache and process series', async () => {
    await get('/en-us/c/helmets');
    await get('/en-us/c/helmets');
    const response = await app.inject({ method: 'GET', url: '/metrics' });
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    const lines = response.body.split('\n').filter((line) => line !== '');
    for (const line of lines) {
      expect(line).toMatch(/^(# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* .+|[a-zA-Z_:][a-zA-Z0-9_:]*(\{.*\})? \S+)$/);
    }
    const body = response.body;
    expect(
      sample(body, 'piste_http_requests_total', { method: 'GET', route: 'storefront', status: '200' }),
    ).toBeGreaterThan(0);
    expect(
      sample(body, 'piste_http_request_duration_seconds_count', { method: 'GET', route: 'storefront' }),
    ).toBeGreaterThan(0);
    expect(body).toContain('piste_http_request_duration_seconds_bucket{le="0.1",method="GET",route="storefront"}');
    expect(body).toContain('# TYPE piste_http_server_errors_total counter');
    for (const reason of ['ip', 'url', 'user-agent'])
      expect(body).toContain(`piste_blocked_requests_total{reason="${reason}"}`);
    // The second category view is answered from the catalogue and content caches.
    expect(sample(body, 'piste_cache_lookups_total', { cache: 'catalogue', result: 'hit' })).toBeGreaterThan(0);
    expect(sample(body, 'piste_cache_lookups_total', { cache: 'content', result: 'hit' })).toBeGreaterThan(0);
    expect(sample(body, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(body).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    expect(body).toContain('# TYPE nodejs_heap_size_used_bytes gauge');
  });

  it('counts ETag revalidations and media renditions as cache lookups', async () => {
    const before = await scrape();
    const first = await get('/api/products?limit=1', { headers: { 'x-bc-region': 'us' } });
    const etag = first.headers.etag as string;
    const again = await get('/api/products?limit=1', { headers: { 'x-bc-region': 'us', 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    for (let view = 0; view < 2; view += 1) {
      expect((await get('/media/i/piste/alpine-pom-beanie-charcoal-1?w=40&fmt=jpg')).statusCode).toBe(200);
    }
    const after = await scrape();
    const delta = (cache: string, result: string) =>
      sample(after, 'piste_cache_lookups_total', { cache, result }) -
      sample(before, 'piste_cache_lookups_total', { cache, result });
    expect(delta('http_etag', 'miss')).toBe(1);
    expect(delta('http_etag', 'hit')).toBe(1);
    expect(delta('media', 'hit')).toBeGreaterThanOrEqual(1);
  });

  it('labels requests by route pattern, so unknown paths add no series', async () => {
    await get('/api/no-such-thing-4711');
    await get('/en-us/p/no-such-product-4711');
    await get('/en-us/c/helmets?utm_source=label-4711');
    const body = await scrape();
    expect(body).not.toContain('4711');
    expect(
      sample(body, 'piste_http_requests_total', { method: 'GET', route: '/api/*', status: '404' }),
    ).toBeGreaterThan(0);
    expect(
      sample(body, 'piste_http_requests_total', { method: 'GET', route: 'metrics', status: '200' }),
    ).toBeGreaterThan(0);
  });

  it('answers visitors and proxied requests as an unknown path does, and a bearer of the token from anywhere', async () => {
    for (const response of [
      await get('/metrics'),
      // Through the proxy the socket address is internal, whoever the visitor is.
      await app.inject({ url: '/metrics', headers: { 'x-forwarded-for': '10.0.0.8' } }),
      await get('/metrics', { headers: { authorization: 'Bearer wrong-token-0123456789' } }),
      await get('/metrics', { headers: { authorization: METRICS_TOKEN } }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('# HELP');
    }
    const withToken = await get('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(withToken.statusCode).toBe(200);
    expect(withToken.body).toContain('# HELP piste_http_requests_total');
  });

  it('is not served under /api', async () => {
    const response = await app.inject({ url: '/api/metrics' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });
});

describe('request ids', () => {
  it('echoes one id per response: pages, API answers, API errors and redirects', async () => {
    const ids = new Set<string>();
    for (const url of ['/en-us/c/helmets', '/api/geolocation', '/api/no-such-thing', '/cart']) {
      const id = (await get(url)).headers['x-request-id'];
      expect(id).toMatch(UUID);
      ids.add(id as string);
    }
    expect(ids.size).toBe(4);
  });

  it('adopts a safe id from the trusted proxy only', async () => {
    const proxied = await app.inject({ url: '/api/geolocation', headers: { 'x-request-id': 'edge-4f1c2b9a' } });
    expect(proxied.headers['x-request-id']).toBe('edge-4f1c2b9a');
    const unsafe = await app.inject({ url: '/api/geolocation', headers: { 'x-request-id': 'edge 4f1c\r2b9a' } });
    expect(unsafe.headers['x-request-id']).toMatch(UUID);
    const visitor = await get('/api/geolocation', { headers: { 'x-request-id': 'edge-4f1c2b9a' } });
    expect(visitor.headers['x-request-id']).toMatch(UUID);
  });

  it('leaves the search API one id, the one its answer names', async () => {
    const { searchKey, engineName } = app.services.search.browser;
    const response = await app.inject({
      method: 'POST',
      url: `/api/search/api/as/v1/engines/${engineName}/search.json`,
      headers: { authorization: `Bearer ${searchKey}`, 'content-type': 'application/json' },
      payload: { query: 'helmet', page: { size: 1 } },
    });
    expect(response.statusCode).toBe(200);
    expect(typeof response.headers['x-request-id']).toBe('string');
    expect(response.headers['x-request-id']).toBe(response.json().meta.request_id);
  });
});

describe('GET /api/geolocation (spec §7)', () => {
  const country = async (options: Omit<InjectOptions, 'url' | 'method'>) => {
    const response = await get('/api/geolocation', options);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    return response.json() as { country: string | null };
  };

  it('reads a trusted CDN header, lowercased', async () => {
    expect(await country({ headers: { 'cf-ipcountry': 'DE' } })).toEqual({ country: 'de' });
    expect(await country({ headers: { 'cloudfront-viewer-country': 'CH' } })).toEqual({ country: 'ch' });
  });

  it('ignores a garbage or unknown header value and an untrusted header', async () => {
    expect(await country({ headers: { 'cf-ipcountry': 'XX' } })).toEqual({ country: null });
    expect(await country({ headers: { 'cf-ipcountry': 'T1' } })).toEqual({ country: null });
    expect(await country({ headers: { 'cf-ipcountry': '<script>' } })).toEqual({ country: null });
    expect(await country({ headers: { 'x-vercel-ip-country': 'FR' } })).toEqual({ country: null });
    expect(await country({ remoteAddress: BRITISH_VISITOR, headers: { 'cf-ipcountry': 'XX' } })).toEqual({
      country: 'gb',
    });
  });

  it('finds a public address in the offline GeoIP database, directly or through the trusted proxy', async () => {
    expect(await country({ remoteAddress: BRITISH_VISITOR })).toEqual({ country: 'gb' });
    expect(await country({ remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': BRITISH_VISITOR } })).toEqual({
      country: 'gb',
    });
  });

  it('answers null for loopback and private addresses', async () => {
    expect(await country({ remoteAddress: '127.0.0.1' })).toEqual({ country: null });
    expect(await country({ remoteAddress: '10.9.8.7' })).toEqual({ country: null });
  });

  it('sends a first visit without a locale cookie to its GeoIP country’s locale (spec §4)', async () => {
    const fromBritain = await get('/cart', { remoteAddress: BRITISH_VISITOR, headers: { 'accept-language': 'de-DE' } });
    expect(fromBritain.statusCode).toBe(302);
    expect(fromBritain.headers.location).toBe('/en-gb/cart');
    const local = await get('/cart', { remoteAddress: '127.0.0.1', headers: { 'accept-language': 'de-DE' } });
    expect(local.headers.location).toBe('/de-de/cart');
  });
});

describe('security headers (spec §8)', () => {
  it('allows exactly the inline scripts a page runs, by their hashes: no nonce', async () => {
    const page = await get('/en-us/c/helmets');
    const hashes = policyScriptHashes(String(page.headers['content-security-policy']));
    // Same-origin files and data blocks (JSON-LD) need no hash; every other inline script has one.
    expect(hashes).toEqual(expectedScriptHashes(page.body));
    expect(hashes.length).toBeGreaterThan(0);
    expect(page.body).not.toMatch(/<script\b[^>]*\snonce=/);
  });

  it.each([
    ['a page', '/en-us/c/helmets', "script-src 'self' 'sha256-"],
    ['an API answer', '/api/geolocation', "default-src 'none'"],
  ])('sends the framing, sniffing and referrer rules on %s', async (_description, url, policy) => {
    const response = await get(url);
    expect(response.headers['content-security-policy']).toContain(policy);
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('sends HSTS only over HTTPS, as the trusted proxy reports it', async () => {
    for (const url of ['/en-us/c/helmets', '/api/geolocation']) {
      const overHttps = await app.inject({ url, headers: { 'x-forwarded-proto': 'https' } });
      expect(overHttps.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect((await app.inject({ url })).headers['strict-transport-security']).toBeUndefined();
      // A visitor cannot claim HTTPS: only the listed proxy's word counts.
      const claimed = await get(url, { headers: { 'x-forwarded-proto': 'https' } });
      expect(claimed.headers['strict-transport-security']).toBeUndefined();
    }
  });
});
