import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serializeConsent } from '@piste/core';
import { createSeededPagesApp } from '../../test/support/app-harness';

let harness: Awaited<ReturnType<typeof createSeededPagesApp>>;

beforeAll(async () => {
  // A tag-manager container makes pages ask for consent, so the consent cookie changes them.
  harness = await createSeededPagesApp({ PAGE_CACHE_TTL_SECONDS: '60', TAG_MANAGER_ID: 'GTM-PAGECACHE' });
});

afterAll(() => harness.close());

const PRODUCT = '/en-us/p/summit-pro-binding';

const get = (url: string, cookies: Record<string, string> = {}) => harness.app.inject({ method: 'GET', url, cookies });

/** The nonces a page's tags carry, and the one its CSP header allows. */
function noncesOf(response: Awaited<ReturnType<typeof get>>) {
  const inBody = new Set([...response.body.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]));
  const inHeader = /'nonce-([^']+)'/.exec(String(response.headers['content-security-policy']))?.[1];
  return { inBody, inHeader };
}

async function pageLookups(result: 'hit' | 'miss'): Promise<number> {
  const metrics = await harness.app.inject({ method: 'GET', url: '/metrics' });
  const line = metrics.body
    .split('\n')
    .find((row) => row.startsWith(`piste_cache_lookups_total{cache="page",result="${result}"}`));
  return Number(line?.split(' ').at(-1) ?? Number.NaN);
}

describe('the page cache (docs/performance.md)', () => {
  it('serves an anonymous page again with the same HTML and a fresh nonce that its CSP allows', async () => {
    const hitsBefore = await pageLookups('hit');
    const first = await get(PRODUCT);
    const second = await get(PRODUCT);
    expect(second.statusCode).toBe(200);
    expect(await pageLookups('hit')).toBe(hitsBefore + 1);

    const [a, b] = [noncesOf(first), noncesOf(second)];
    expect(a.inBody).toEqual(new Set([a.inHeader]));
    expect(b.inBody).toEqual(new Set([b.inHeader]));
    expect(b.inHeader).not.toBe(a.inHeader);
    expect(second.body.replaceAll(b.inHeader!, 'N')).toBe(first.body.replaceAll(a.inHeader!, 'N'));
    // The CSRF cookie is still handed out to a new visitor answered from the cache.
    expect(String(second.headers['set-cookie'])).toContain('XSRF-TOKEN=');
  });

  it('never shares the page of a visitor with a session, cart or order', async () => {
    await get('/en-us/c/helmets');
    for (const cookie of ['piste_session', 'piste_cart', 'piste_order']) {
      const misses = await pageLookups('miss');
      const hits = await pageLookups('hit');
      const response = await get('/en-us/c/helmets', { [cookie]: 'anything' });
      expect(response.statusCode).toBe(200);
      expect([await pageLookups('hit'), await pageLookups('miss')]).toEqual([hits, misses]);
    }
  });

  it('keeps pages apart by the cookies they read: a visitor who has decided on consent gets no banner', async () => {
    const undecided = await get('/en-us/team');
    const decided = await get('/en-us/team', {
      piste_consent: serializeConsent({ analytics: false, marketing: false }),
    });
    const again = await get('/en-us/team', { piste_consent: serializeConsent({ analytics: false, marketing: false }) });
    expect(decided.body.replaceAll(noncesOf(decided).inHeader!, 'N')).toBe(
      again.body.replaceAll(noncesOf(again).inHeader!, 'N'),
    );
    expect(decided.body.replaceAll(noncesOf(decided).inHeader!, 'N')).not.toBe(
      undecided.body.replaceAll(noncesOf(undecided).inHeader!, 'N'),
    );
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
  it('are sent as gzip compressed once, each answer still with a nonce of its own', async () => {
    await get('/en-us/c/goggles');
    const plain = await get('/en-us/c/goggles');
    const answers = await Promise.all(
      [1, 2].map(() =>
        harness.app.inject({
          method: 'GET',
          url: '/en-us/c/goggles',
          headers: { 'accept-encoding': 'gzip, deflate, br' },
        }),
      ),
    );
    for (const answer of answers) {
      expect(answer.headers['content-encoding']).toBe('gzip');
      expect(String(answer.headers.vary)).toContain('accept-encoding');
      const html = gunzipSync(answer.rawPayload).toString();
      const nonce = /'nonce-([^']+)'/.exec(String(answer.headers['content-security-policy']))![1]!;
      expect(new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]))).toEqual(new Set([nonce]));
      expect(html.replaceAll(nonce, 'N')).toBe(plain.body.replaceAll(noncesOf(plain).inHeader!, 'N'));
    }
    expect(answers[0]!.headers['content-security-policy']).not.toBe(answers[1]!.headers['content-security-policy']);
  });

  it('is rendered once when many visitors ask for it at the same moment', async () => {
    const [hits, misses] = [await pageLookups('hit'), await pageLookups('miss')];
    const answers = await Promise.all(Array.from({ length: 8 }, () => get('/en-us/c/bindings')));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
    expect([(await pageLookups('hit')) - hits, (await pageLookups('miss')) - misses]).toEqual([7, 1]);
  });
});
