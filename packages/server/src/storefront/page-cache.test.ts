import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serializeConsent } from '@piste/core';
import { createSeededPagesApp } from '../../test/support/app-harness';
import { expectedScriptHashes, policyScriptHashes } from '../../test/support/page-policy';

let harness: Awaited<ReturnType<typeof createSeededPagesApp>>;

beforeAll(async () => {
  // A tag-manager container makes pages ask for consent, so the consent cookie changes them.
  harness = await createSeededPagesApp({ PAGE_CACHE_TTL_SECONDS: '60', TAG_MANAGER_ID: 'GTM-PAGECACHE' });
});

afterAll(() => harness.close());

const PRODUCT = '/en-us/p/summit-pro-binding';

const get = (url: string, cookies: Record<string, string> = {}) => harness.app.inject({ method: 'GET', url, cookies });

/** A page asked for as a browser does, taking `acceptEncoding`. */
const getIn = (url: string, acceptEncoding: string) =>
  harness.app.inject({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } });

async function pageLookups(result: 'hit' | 'miss'): Promise<number> {
  const metrics = await harness.app.inject({ method: 'GET', url: '/metrics' });
  const line = metrics.body
    .split('\n')
    .find((row) => row.startsWith(`piste_cache_lookups_total{cache="page",result="${result}"}`));
  return Number(line?.split(' ').at(-1) ?? Number.NaN);
}

describe('the page cache (docs/performance.md)', () => {
  it('serves an anonymous page again as it was, with the policy that lists its inline scripts', async () => {
    const hitsBefore = await pageLookups('hit');
    const first = await get(PRODUCT);
    const second = await get(PRODUCT);
    expect(second.statusCode).toBe(200);
    expect(await pageLookups('hit')).toBe(hitsBefore + 1);

    expect(second.body).toBe(first.body);
    const policy = String(second.headers['content-security-policy']);
    expect(policy).toBe(first.headers['content-security-policy']);
    expect(policyScriptHashes(policy)).toEqual(expectedScriptHashes(second.body));
    expect(second.body).not.toMatch(/\snonce=/);
    // Nothing of this visitor's own: `/api/shopper` hands out the CSRF token (decision 029-a).
    expect(second.headers['set-cookie']).toBeUndefined();
  });

  it('never shares the page of a visitor with a session', async () => {
    await get('/en-us/c/helmets');
    const misses = await pageLookups('miss');
    const hits = await pageLookups('hit');
    const response = await get('/en-us/c/helmets', { piste_session: 'anything' });
    expect(response.statusCode).toBe(200);
    expect([await pageLookups('hit'), await pageLookups('miss')]).toEqual([hits, misses]);
  });

  it('serves a visitor with a cart or an order the page every signed-out visitor shares', async () => {
    const shared = await get('/en-us/c/goggles');
    for (const cookie of ['piste_cart', 'piste_order']) {
      const hits = await pageLookups('hit');
      const response = await get('/en-us/c/goggles', { [cookie]: 'anything' });
      expect(response.statusCode).toBe(200);
      expect(await pageLookups('hit')).toBe(hits + 1);
      expect(response.body).toBe(shared.body);
    }
  });

  it('keeps pages apart by the cookies they read: a visitor who has decided on consent gets no banner', async () => {
    const undecided = await get('/en-us/team');
    const decided = await get('/en-us/team', {
      piste_consent: serializeConsent({ analytics: false, marketing: false }),
    });
    const again = await get('/en-us/team', { piste_consent: serializeConsent({ analytics: false, marketing: false }) });
    expect(again.body).toBe(decided.body);
    expect(decided.body).not.toBe(undecided.body);
    // The banner is in the undecided page's markup only (the texts after it hold every label).
    const markup = (body: string) => body.slice(0, body.indexOf('window.__reactRouterContext'));
    expect(markup(undecided.body)).toContain('We use cookies');
    expect(markup(decided.body)).not.toContain('We use cookies');
  });

  it('does not keep answers other than 200: a missing product is looked up again', async () => {
    const missesBefore = await pageLookups('miss');
    expect((await get('/en-us/p/no-such-product')).statusCode).toBe(404);
    expect((await get('/en-us/p/no-such-product')).statusCode).toBe(404);
    expect(await pageLookups('miss')).toBe(missesBefore + 2);
  });

  it('drops a kept page when a price it shows changes, though an operator changed it in SQL', async () => {
    expect((await get(PRODUCT)).body).not.toContain('$1,234.56');
    await harness.database.db.execute(
      sql`update variant_prices set price = 123456, sale_price = null
          where region_id = 'us' and variant_id in (
            select v.id from variants v join products p on p.id = v.product_id where p.uid = 'summit-pro-binding')`,
    );
    await vi.waitFor(async () => expect((await get(PRODUCT)).body).toContain('$1,234.56'), {
      timeout: 5_000,
      interval: 50,
    });
  });

  it('drops a kept page when content it shows changes, though an operator changed it in SQL', async () => {
    expect((await get(PRODUCT)).body).not.toContain('Summit Pro Binding Edition');
    await harness.database.db.execute(
      sql`update content_entries set document = document || '{"display_title": "Summit Pro Binding Edition"}'
          where content_type_uid = 'product' and uid = 'summit-pro-binding' and locale = 'en-us'`,
    );
    await vi.waitFor(async () => expect((await get(PRODUCT)).body).toContain('Summit Pro Binding Edition'), {
      timeout: 5_000,
      interval: 50,
    });
  });
});

describe('cached pages on the wire', () => {
  it('are the same bytes for every visitor of an encoding: brotli or gzip compressed once, else as they are', async () => {
    const url = '/en-us/c/goggles';
    const plain = await get(url);
    const [brotli, brotliAgain] = [await getIn(url, 'gzip, deflate, br'), await getIn(url, 'gzip, deflate, br')];
    const [gzip, gzipAgain] = [await getIn(url, 'gzip, br;q=0.5'), await getIn(url, 'gzip')];
    const [identity, identityAgain] = [await getIn(url, 'identity'), await get(url)];

    expect([brotli, gzip, identity].map((answer) => answer.headers['content-encoding'])).toEqual([
      'br',
      'gzip',
      undefined,
    ]);
    expect(brotliAgain.rawPayload.equals(brotli.rawPayload)).toBe(true);
    expect(gzipAgain.rawPayload.equals(gzip.rawPayload)).toBe(true);
    expect(identityAgain.rawPayload.equals(identity.rawPayload)).toBe(true);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(identity.body).toBe(plain.body);
    // Smaller than on-the-fly brotli 2 makes it, and smaller in brotli than in gzip.
    const onTheFly = brotliCompressSync(plain.rawPayload, { params: { [constants.BROTLI_PARAM_QUALITY]: 2 } });
    expect(brotli.rawPayload.length).toBeLessThan(onTheFly.length);
    expect(brotli.rawPayload.length).toBeLessThan(gzip.rawPayload.length);
    for (const answer of [brotli, gzip, identity]) {
      expect(String(answer.headers.vary)).toMatch(/accept-encoding/i);
      expect(answer.headers['content-security-policy']).toBe(plain.headers['content-security-policy']);
    }
  });

  it('gives the visitor who rendered the page the bytes every later visitor gets', async () => {
    const url = '/en-us/c/helmets/freeride';
    const rendered = await getIn(url, 'br');
    const kept = await getIn(url, 'br');
    expect(rendered.headers['content-encoding']).toBe('br');
    expect(kept.rawPayload.equals(rendered.rawPayload)).toBe(true);
  });

  it('is rendered once when many visitors ask for it at the same moment', async () => {
    const [hits, misses] = [await pageLookups('hit'), await pageLookups('miss')];
    const answers = await Promise.all(Array.from({ length: 8 }, () => get('/en-us/c/bindings')));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
    expect([(await pageLookups('hit')) - hits, (await pageLookups('miss')) - misses]).toEqual([7, 1]);
  });
});
