import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds, type TestDatabase } from '@piste/db/testing';
import type { ContentStore } from '../store/content-store-contract';
import { createContentStore } from '../store/content-store.server';
import { createDeliveryApi, type DeliveryApi } from './delivery-api.server';
import { AUTH_HEADERS, DISPLAY_TEXT_COUNT, fixtureSnapshot, TEST_KEYS } from '../../test/test-fixtures.server';
import { COUNT, ENTRIES, ENTRY_NOT_FOUND, SYNC_INIT, type CdaExchange } from '../../test/contentstack/cda-exchanges';
import { createContentClient } from '../client/content-client.server';
import { syncStack } from '../client/delivery-sync.server';
import { createDeliveryTransport } from '../client/delivery-transport';

const BASE = 'http://content.test/v3';

describe.each(testDatabaseKinds())('delivery API on $name', (kind) => {
  let testDatabase: TestDatabase;
  let store: ContentStore;
  let api: DeliveryApi;

  beforeAll(async () => {
    testDatabase = await kind.create();
    store = createContentStore(testDatabase.database.db, { environment: TEST_KEYS.environment });
    api = createDeliveryApi({ store, keys: TEST_KEYS });
    await store.replace(fixtureSnapshot());
  });
  afterAll(() => testDatabase.dispose());

  /** GET with query-string parameters (objects become JSON, lists `name[]`). */
  const get = (path: string, params: Record<string, unknown> = {}, headers: Record<string, string> = AUTH_HEADERS) => {
    const search = new URLSearchParams({ environment: TEST_KEYS.environment });
    for (const [name, value] of Object.entries(params)) {
      if (Array.isArray(value)) for (const item of value) search.append(`${name}[]`, String(item));
      else search.set(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
    }
    return api.handle(new Request(`${BASE}${path}?${search}`, { headers }));
  };
  /** POST with the GET override and the parameters as a JSON body, as the content client sends them. */
  const post = (path: string, body: unknown, headers: Record<string, string> = AUTH_HEADERS) =>
    api.handle(
      new Request(`${BASE}${path}`, {
        method: 'POST',
        headers: { ...headers, 'x-http-method-override': 'GET', 'content-type': 'application/json' },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    );
  // JSON.parse types the answers loosely; the assertions check their shape.
  const ok = async (response: Promise<Response>) => {
    const answer = await response;
    const body = JSON.parse(await answer.text());
    expect(answer.status, JSON.stringify(body)).toBe(200);
    return body;
  };
  const failure = async (response: Promise<Response>, status: number, code: number) => {
    const answer = await response;
    const body = JSON.parse(await answer.text());
    expect(answer.status, JSON.stringify(body)).toBe(status);
    expect(body).toMatchObject({ error_code: code, error_message: expect.any(String), errors: expect.any(Object) });
    return body as { error_message: string; errors: Record<string, string[]> };
  };
  const uids = (body: { entries: Array<{ uid: string }> }) => body.entries.map((entry) => entry.uid);
  const entriesOf = (type: string, params: Record<string, unknown>) =>
    post(`/content_types/${type}/entries`, { environment: TEST_KEYS.environment, ...params });

  describe('keys', () => {
    it('refuses a missing or wrong api_key with 412 and code 109', async () => {
      const body = await failure(get('/content_types', {}, { access_token: TEST_KEYS.deliveryToken }), 412, 109);
      expect(body.errors).toEqual({ api_key: ['is not valid.'] });
      await failure(get('/content_types', {}, { ...AUTH_HEADERS, api_key: 'other' }), 412, 109);
    });

    it('refuses a missing or wrong access token with 401 and code 105', async () => {
      await failure(get('/content_types', {}, { api_key: TEST_KEYS.apiKey }), 401, 105);
      await failure(get('/content_types', {}, { ...AUTH_HEADERS, access_token: 'nope' }), 401, 105);
    });

    it('accepts branch main only', async () => {
      await ok(get('/content_types', {}, { ...AUTH_HEADERS, branch: 'main' }));
      const body = await failure(get('/content_types', {}, { ...AUTH_HEADERS, branch: 'dev' }), 422, 422);
      expect(body.errors).toHaveProperty('branch');
    });

    it('needs the environment of the token', async () => {
      const missing = await failure(post('/content_types', {}), 422, 422);
      expect(missing.errors.environment).toEqual(['is required']);
      const wrong = await failure(post('/content_types', { environment: 'staging' }), 422, 422);
      expect(wrong.errors.environment).toEqual(['is not valid.']);
    });
  });

  describe('content types, assets and taxonomies', () => {
    it('lists content types with a count, and answers one by uid', async () => {
      const list = await ok(get('/content_types', { include_count: true }));
      expect(list.count).toBe(7);
      expect(list.content_types.map((type: { uid: string }) => type.uid)).toContain('header');
      const one = await ok(get('/content_types/header'));
      expect(one.content_type).toMatchObject({ uid: 'header', options: { singleton: true }, _version: 1 });
      const body = await failure(get('/content_types/nope'), 422, 118);
      expect(body.error_message).toBe("The Content Type 'nope' was not found. Please try again.");
    });

    it('answers assets, one asset, and taxonomies', async () => {
      const assets = await ok(get('/assets', { include_count: true, limit: 1 }));
      expect(assets.count).toBe(2);
      expect(assets.assets).toHaveLength(1);
      const asset = await ok(get('/assets/logo'));
      expect(asset.asset).toMatchObject({
        uid: 'logo',
        filename: 'logo.svg',
        url: '/media/logo.svg',
        tags: [],
        publish_details: { environment: TEST_KEYS.environment, locale: 'en-us' },
      });
      await failure(get('/assets/none'), 404, 145);
      const queried = await ok(get('/assets', { query: { content_type: 'image/jpeg' } }));
      expect(queried.assets.map((item: { uid: string }) => item.uid)).toEqual(['hero-image']);
      const taxonomies = await ok(get('/taxonomies'));
      expect(taxonomies.taxonomies).toEqual([expect.objectContaining({ uid: 'activity', terms: expect.any(Array) })]);
    });
  });

  describe('entries', () => {
    it('answers entries with the system fields', async () => {
      const body = await ok(entriesOf('banner', { query: { uid: 'sale' } }));
      expect(body.entries).toEqual([
        {
          uid: 'sale',
          locale: 'en-us',
          title: 'Sale',
          tags: [],
          content: '<p>Sale</p>',
          regions: ['us'],
          created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          _version: 1,
          publish_details: { environment: TEST_KEYS.environment, locale: 'en-us', time: expect.any(String) },
        },
      ]);
    });

    it.each([
      ['equality on an array field matches any element', { regions: 'eu' }, ['ridge', 'vanta']],
      ['a dotted path', { 'bc_products.us': 102 }, ['vanta']],
      ['a path through a reference list', { 'product_category.uid': 'bindings' }, ['ridge', 'summit']],
      ['$in', { uid: { $in: ['vanta', 'horizon', 'missing'] } }, ['horizon', 'vanta']],
      ['$nin on an array field', { regions: { $nin: ['us', 'jp'] } }, ['vanta']],
      ['$ne', { 'product_category.uid': { $ne: 'bindings' } }, ['horizon', 'vanta']],
      ['$exists false', { seo_meta: { $exists: false }, url: '/ridge' }, ['ridge']],
      ['$regex with the i option', { title: { $regex: '^(summit|VANTA)', $options: 'i' } }, ['summit', 'vanta']],
      ['$gt on numbers', { price: { $gt: 200 } }, ['ridge', 'summit']],
      ['$or', { $or: [{ url: '/horizon' }, { 'bc_products.ca': 100 }] }, ['horizon', 'summit']],
      [
        '$and with a uid exclusion',
        { $and: [{ 'product_category.uid': { $in: ['bindings', 'helmets'] } }, { uid: { $ne: 'ridge' } }] },
        ['summit', 'vanta'],
      ],
    ])('filters: %s', async (_, query, expected) => {
      const body = await ok(entriesOf('product', { query }));
      expect(uids(body).sort()).toEqual(expected);
    });

    it('takes the query as JSON text in the query string too', async () => {
      const body = await ok(get('/content_types/product/entries', { query: { url: '/vanta' } }));
      expect(uids(body)).toEqual(['vanta']);
    });

    it('sorts ascending or descending by a field', async () => {
      expect(uids(await ok(entriesOf('product', { asc: 'price' })))).toEqual(['horizon', 'vanta', 'ridge', 'summit']);
      expect(uids(await ok(get('/content_types/product/entries', { desc: 'bc_products.us' })))).toEqual([
        'horizon',
        'vanta',
        'ridge',
        'summit',
      ]);
    });

    it('pages with limit and skip, counts with include_count, and defaults to 100', async () => {
      const first = await ok(entriesOf('display_text', { include_count: true, asc: 'uid' }));
      expect(first.count).toBe(DISPLAY_TEXT_COUNT);
      expect(first.entries).toHaveLength(100);
      const page = await ok(get('/content_types/display_text/entries', { limit: 5, skip: 147, asc: 'uid' }));
      expect(uids(page)).toEqual(['text-147', 'text-148', 'text-149']);
      expect(page).not.toHaveProperty('count');
      const beyond = await ok(entriesOf('display_text', { skip: 1000, include_count: true }));
      expect(beyond).toEqual({ entries: [], count: DISPLAY_TEXT_COUNT });
    });

    it('projects with only and except', async () => {
      const only = await ok(
        entriesOf('product', { query: { uid: 'summit' }, only: { BASE: ['title', 'bc_products.us'] } }),
      );
      expect(only.entries).toEqual([{ uid: 'summit', title: 'Summit Binding', bc_products: { us: 100 } }]);
      const fromQueryString = await ok(
        api.handle(
          new Request(
            `${BASE}/content_types/product/entries?environment=${TEST_KEYS.environment}&only[BASE][]=title&query=${encodeURIComponent('{"uid":"ridge"}')}`,
            { headers: AUTH_HEADERS },
          ),
        ),
      );
      expect(fromQueryString.entries).toEqual([{ uid: 'ridge', title: 'Ridge Binding' }]);
      const except = await ok(
        entriesOf('product', { query: { uid: 'summit' }, except: { BASE: ['related_products', 'publish_details'] } }),
      );
      expect(except.entries[0]).not.toHaveProperty('related_products');
      expect(except.entries[0]).not.toHaveProperty('publish_details');
      expect(except.entries[0]).toHaveProperty('bc_products');
    });

    it('answers one entry by uid, or 404 with code 141', async () => {
      const body = await ok(get('/content_types/banner/entries/hero'));
      expect(body.entry).toMatchObject({ uid: 'hero', title: 'Hero' });
      const missing = await failure(get('/content_types/banner/entries/nope'), 404, 141);
      expect(missing.error_message).toBe("The requested entry doesn't exist.");
      await failure(get('/content_types/nope/entries/hero'), 422, 118);
      await failure(get('/content_types/nope/entries'), 422, 118);
    });
  });

  describe('locales and fallback', () => {
    it('answers only the locale’s own entries without include_fallback', async () => {
      const body = await ok(entriesOf('banner', { locale: 'de-de' }));
      expect(body.entries).toEqual([expect.objectContaining({ uid: 'hero', title: 'Held', locale: 'de-de' })]);
      await failure(get('/content_types/banner/entries/sale', { locale: 'de-de' }), 404, 141);
    });

    it('falls back to the en-us entry for uids without one in the locale', async () => {
      const body = await ok(entriesOf('banner', { locale: 'de-de', include_fallback: true, asc: 'uid' }));
      expect(body.entries).toEqual([
        expect.objectContaining({ uid: 'hero', title: 'Held', locale: 'de-de' }),
        expect.objectContaining({
          uid: 'sale',
          title: 'Sale',
          locale: 'en-us',
          publish_details: expect.objectContaining({ locale: 'de-de' }),
        }),
      ]);
      const one = await ok(get('/content_types/banner/entries/sale', { locale: 'de-de', include_fallback: true }));
      expect(one.entry).toMatchObject({ uid: 'sale', locale: 'en-us' });
    });

    it('filters the locale’s own version of an entry', async () => {
      const german = await ok(
        entriesOf('product', { locale: 'de-de', include_fallback: true, query: { regions: 'ca' } }),
      );
      expect(uids(german)).toEqual([]);
      const english = await ok(entriesOf('product', { query: { regions: 'ca' } }));
      expect(uids(english)).toEqual(['summit']);
    });
  });

  describe('references', () => {
    it('includes references and nested paths, leaving unresolvable ones out', async () => {
      const body = await ok(entriesOf('header', { include: ['main_nav', 'main_nav.link.banner'] }));
      const [header] = body.entries;
      expect(header.main_nav.map((nav: { uid: string }) => nav.uid)).toEqual(['nav-bindings', 'nav-helmets']);
      expect(header.main_nav[0]).toMatchObject({ _content_type_uid: 'main_nav', title: 'Bindings' });
      expect(header.main_nav[0].link.banner).toEqual([
        expect.objectContaining({ uid: 'hero', _content_type_uid: 'banner', content: '<p>Fresh snow</p>' }),
      ]);
      expect(header.main_nav[1].link.banner[0]).toMatchObject({ uid: 'sale', title: 'Sale' });
    });

    it('includes through a deep path alone, and leaves paths not asked for as references', async () => {
      const [header] = (await ok(entriesOf('header', { include: ['main_nav.link.banner'] }))).entries;
      expect(header.main_nav[0].link.banner[0].title).toBe('Hero');
      const [plain] = (await ok(entriesOf('header', {}))).entries;
      expect(plain.main_nav[0]).toEqual({ uid: 'nav-bindings', _content_type_uid: 'main_nav' });
    });

    it('includes through modular blocks', async () => {
      const body = await ok(
        get('/content_types/page/entries/home', { include: ['landing_page.modules.banner.banner'] }),
      );
      const modules = body.entry.landing_page.modules;
      expect(modules[0].banner.banner[0]).toMatchObject({ uid: 'hero', title: 'Hero' });
      expect(modules[1]).toEqual({ rich_text: { content: '<p>Welcome</p>' } });
      expect(modules[2].banner.banner[0]).toMatchObject({ uid: 'sale' });
    });

    it('resolves references in the request locale with en-us fallback', async () => {
      const body = await ok(
        entriesOf('main_nav', { locale: 'de-de', include_fallback: true, include: ['link.banner'] }),
      );
      const bindings = body.entries.find((nav: { uid: string }) => nav.uid === 'nav-bindings');
      expect(bindings.link.banner[0]).toMatchObject({ uid: 'hero', title: 'Held', locale: 'de-de' });
      const helmets = body.entries.find((nav: { uid: string }) => nav.uid === 'nav-helmets');
      expect(helmets.link.banner[0]).toMatchObject({ uid: 'sale', locale: 'en-us' });
    });

    it('shapes included entries with only[path]', async () => {
      const body = await ok(
        entriesOf('product', {
          query: { uid: 'summit' },
          include: ['related_products', 'product_category'],
          only: { BASE: ['related_products', 'product_category'], related_products: ['url'] },
        }),
      );
      const [summit] = body.entries;
      expect(summit.related_products).toEqual([
        { uid: 'ridge', url: '/ridge', _content_type_uid: 'product' },
        { uid: 'vanta', url: '/vanta', _content_type_uid: 'product' },
        { uid: 'horizon', url: '/horizon', _content_type_uid: 'product' },
      ]);
      expect(summit.product_category[0]).toMatchObject({ uid: 'bindings', url: '/bindings' });
    });

    it('ignores include paths that name no field', async () => {
      const body = await ok(entriesOf('banner', { include: ['nothing.here'], query: { uid: 'sale' } }));
      expect(body.entries[0].title).toBe('Sale');
    });
  });

  describe('GET override', () => {
    it('reads parameters from the query string under a POST body', async () => {
      const body = await ok(
        api.handle(
          new Request(`${BASE}/content_types/banner/entries?locale=de-de`, {
            method: 'POST',
            headers: { ...AUTH_HEADERS, 'x-http-method-override': 'get' },
            body: JSON.stringify({ environment: TEST_KEYS.environment }),
          }),
        ),
      );
      expect(uids(body)).toEqual(['hero']);
    });

    it('refuses other methods and a POST without the override', async () => {
      await failure(
        api.handle(new Request(`${BASE}/content_types`, { method: 'POST', headers: AUTH_HEADERS, body: '{}' })),
        405,
        405,
      );
      await failure(
        api.handle(new Request(`${BASE}/content_types`, { method: 'DELETE', headers: AUTH_HEADERS })),
        405,
        405,
      );
    });
  });

  describe('malformed input is a 4xx, never a 500', () => {
    it.each([
      ['limit 0', { limit: 0 }, 'limit'],
      ['limit above 100', { limit: 101 }, 'limit'],
      ['a huge limit', { limit: '99999999999999999999' }, 'limit'],
      ['a negative skip', { skip: -1 }, 'skip'],
      ['a fractional skip', { skip: 1.5 }, 'skip'],
      ['a non-numeric limit', { limit: 'ten' }, 'limit'],
      ['query that is not JSON', { query: '{"uid":' }, 'query'],
      ['query that is a list', { query: [1] }, 'query'],
      ['an unknown operator', { query: { uid: { $where: 'x' } } }, 'query.uid'],
      ['a bad field path', { query: { 'a..b': 1 } }, 'query.a..b'],
      ['an object as a value', { query: { uid: { a: 1 } } }, 'query.uid'],
      ['$options without $regex', { query: { uid: { $options: 'i', $ne: 'x' } } }, 'query.uid.$options'],
      ['an unsupported regex', { query: { title: { $regex: '(a)\\1' } } }, 'query.title.$regex'],
      ['an invalid regex', { query: { title: { $regex: '(' } } }, 'query.title.$regex'],
      ['a bad include path', { include: ['main_nav..x'] }, 'include.0'],
      ['an include that is not text', { include: [{}] }, 'include.0'],
      ['a NUL byte in the locale', { locale: 'en-us\u0000' }, 'locale'],
      ['an unknown parameter', { colour: 'red' }, 'colour'],
      ['asc and desc together', { asc: 'title', desc: 'title' }, 'desc'],
      ['a bad include_fallback', { include_fallback: 'yes' }, 'include_fallback'],
      ['deep nesting', { query: JSON.parse('{"$and":['.repeat(30) + '{}' + ']}'.repeat(30)) }, 'query'],
    ])('%s', async (_, params, field) => {
      const body = await failure(entriesOf('product', params), 422, 422);
      expect(Object.keys(body.errors)).toContain(field);
    });

    it('answers a body that is not a JSON object with 400', async () => {
      await failure(post('/content_types/product/entries', '{"environment":'), 400, 400);
      await failure(post('/content_types/product/entries', '[1,2]'), 400, 400);
    });

    it('answers odd paths with 404 or the not-found codes', async () => {
      await failure(get('/unknown'), 404, 404);
      await failure(get('/content_types/product/entries/summit/more'), 404, 404);
      await failure(get('/content_types/%E0%A4%A/entries'), 404, 404);
      await failure(get('/content_types/pro%00duct/entries'), 422, 118);
      await failure(get('/content_types/product/entries/sum%00mit'), 404, 141);
      await failure(
        api.handle(new Request('http://content.test/v2/content_types', { headers: AUTH_HEADERS })),
        404,
        404,
      );
    });

    it('runs a catastrophic $regex in linear time', async () => {
      const started = performance.now();
      const body = await ok(entriesOf('product', { query: { title: { $regex: '(a|a)*(b+)+$' } } }));
      expect(body.entries).toEqual([]);
      expect(performance.now() - started).toBeLessThan(1_000);
    });
  });

  describe('sync', () => {
    type SyncBody = {
      items: Array<{ type: string; content_type_uid: string; data: { uid: string } }>;
      total_count: number;
      pagination_token?: string;
      sync_token?: string;
    };
    const sync = (params: Record<string, unknown>) => ok(get('/stacks/sync', params)) as Promise<SyncBody>;

    it('pages an initial sync by 100 and ends with a sync token that reports later changes', async () => {
      const snapshot = fixtureSnapshot();
      const total = snapshot.entries.length + snapshot.assets.length;
      const first = await sync({ init: true });
      expect(first.items).toHaveLength(100);
      expect(first.total_count).toBe(total);
      expect(first.sync_token).toBeUndefined();
      const items = [...first.items];
      let token = first.pagination_token;
      let last: SyncBody = first;
      while (token) {
        last = await sync({ pagination_token: token });
        items.push(...last.items);
        token = last.pagination_token;
      }
      expect(items).toHaveLength(total);
      expect(new Set(items.map((item) => item.type))).toEqual(new Set(['entry_published', 'asset_published']));
      expect(items.find((item) => item.content_type_uid === 'sys_assets')?.data).toMatchObject({
        filename: expect.any(String),
      });
      expect(last.sync_token).toEqual(expect.any(String));

      const unchanged = await sync({ sync_token: last.sync_token });
      expect(unchanged).toMatchObject({ items: [], total_count: 0, sync_token: expect.any(String) });

      // Publishing the same document again changes nothing; a new one is reported once.
      await store.publish({
        entries: [
          snapshot.entries.find((entry) => entry.uid === 'sale')!,
          {
            ...snapshot.entries.find((entry) => entry.uid === 'hero' && entry.locale === 'en-us')!,
            document: { title: 'Hero 2' },
          },
        ],
      });
      const changed = await sync({ sync_token: unchanged.sync_token });
      expect(changed.items).toEqual([
        expect.objectContaining({
          type: 'entry_published',
          content_type_uid: 'banner',
          data: expect.objectContaining({ uid: 'hero', title: 'Hero 2', _version: 2 }),
        }),
      ]);
      // The store's readers see the change at once.
      expect((await ok(get('/content_types/banner/entries/hero'))).entry.title).toBe('Hero 2');

      await store.replace({ ...snapshot, entries: snapshot.entries.filter((entry) => entry.uid !== 'sale') });
      const deleted = await sync({ sync_token: changed.sync_token });
      expect(deleted.items).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            type: 'entry_deleted',
            content_type_uid: 'banner',
            data: { uid: 'sale', locale: 'en-us' },
          }),
          expect.objectContaining({
            type: 'entry_published',
            data: expect.objectContaining({ uid: 'hero', title: 'Hero' }),
          }),
        ]),
      );
      await failure(get('/content_types/banner/entries/sale'), 404, 141);
      await store.replace(snapshot);
    });

    it('filters an initial sync by content type and locale', async () => {
      const body = await sync({ init: true, content_type_uid: 'banner', locale: 'de-de' });
      expect(body.items.map((item) => item.data.uid)).toEqual(['hero']);
      expect(body.total_count).toBe(1);
    });

    it('refuses bad sync parameters and tokens', async () => {
      await failure(get('/stack/sync'), 422, 422);
      await failure(get('/stack/sync', { init: true, sync_token: 'x' }), 422, 422);
      await failure(get('/stack/sync', { sync_token: 'x', locale: 'de-de' }), 422, 422);
      const body = await failure(get('/stack/sync', { sync_token: 'not-a-token' }), 422, 422);
      expect(body.errors).toEqual({ sync_token: ['is not valid'] });
      const forged = Buffer.from(JSON.stringify({ u: 1, l: 'de\u0000de' })).toString('base64url');
      await failure(get('/stack/sync', { sync_token: forged }), 422, 422);
    });

    it('answers the path it first served, stack/sync, as stacks/sync', async () => {
      const [old, documented] = await Promise.all([ok(get('/stack/sync', { init: true })), sync({ init: true })]);
      expect(old).toEqual(documented);
    });
  });

  // The requests the content client sends a hosted stack (Contentstack's reference, in
  // test/contentstack/cda-exchanges.ts) reach the embedded stack too, through the same client.
  describe("Contentstack's documented requests", () => {
    /** An exchange's request, verbatim but for the environment, with the branch header main. */
    const documented = (exchange: CdaExchange) => {
      const search = new URLSearchParams(
        exchange.request.query.map(([name, value]): [string, string] => [
          name,
          name === 'environment' ? TEST_KEYS.environment : value,
        ]),
      );
      return api.handle(
        new Request(`${BASE}${exchange.request.path}?${search}`, { headers: { ...AUTH_HEADERS, branch: 'main' } }),
      );
    };

    it('answers the reference requests: entries, count, a missing entry and an initial sync', async () => {
      const entries = await ok(documented(ENTRIES));
      expect(entries.count).toBe(2);
      // de-de's own hero, and sale through the en-us fallback; only[BASE] keeps the uid and the fields named.
      const found = entries.entries.map((entry: { uid: string; title: string }) => `${entry.uid} ${entry.title}`);
      expect(found.sort()).toEqual(['hero Held', 'sale Sale']);
      expect(Object.keys(entries.entries[0])).toEqual(expect.arrayContaining(['content', 'regions', 'title', 'uid']));
      expect(await ok(documented(COUNT))).toMatchObject({ count: 2 });
      await failure(documented(ENTRY_NOT_FOUND), 404, 141);
      const synced = await ok(documented(SYNC_INIT));
      expect(synced).toMatchObject({ total_count: expect.any(Number), sync_token: expect.any(String) });
      expect(synced.items.length).toBeGreaterThan(0);
      expect(synced.items.every((item: { content_type_uid: string }) => item.content_type_uid === 'banner')).toBe(true);
    });

    it('serves the content client and the sync reader with the branch header', async () => {
      const transport = createDeliveryTransport({
        baseUrl: BASE,
        apiKey: TEST_KEYS.apiKey,
        deliveryToken: TEST_KEYS.deliveryToken,
        environment: TEST_KEYS.environment,
        branch: 'main',
        fetch: (input, init) => api.handle(new Request(input, init)),
        logger: { warn: () => {}, error: () => {} },
      });
      const client = createContentClient({ transport, logger: { warn: () => {}, error: () => {} } });
      const banners = await client.entries('banner', { locale: 'de-de', query: { regions: 'us' }, only: ['title'] });
      expect(banners.map((banner) => banner.title).sort()).toEqual(['Held', 'Sale']);
      expect(await client.count('display_text')).toBe(DISPLAY_TEXT_COUNT);
      expect((await client.entry('banner', 'hero')).title).toBe('Hero');
      const first = await syncStack(transport, { init: true });
      expect(first.items.length).toBeGreaterThan(100);
      expect(await syncStack(transport, { syncToken: first.syncToken })).toMatchObject({ items: [] });

      const otherBranch = createDeliveryTransport({
        baseUrl: BASE,
        apiKey: TEST_KEYS.apiKey,
        deliveryToken: TEST_KEYS.deliveryToken,
        environment: TEST_KEYS.environment,
        branch: 'development',
        fetch: (input, init) => api.handle(new Request(input, init)),
        logger: { warn: () => {}, error: () => {} },
      });
      await expect(otherBranch.get('/content_types')).rejects.toMatchObject({ status: 422 });
    });
  });

  describe('GET /api/interstack/references', () => {
    const references = (params: Record<string, string>, method = 'GET') =>
      api.handleReferences(
        new Request(`http://shop.test/api/interstack/references?${new URLSearchParams(params)}`, { method }),
      );

    it('answers the entries of a type by uid list, in the order asked, with fallback', async () => {
      const body = await ok(
        references({
          content_type: 'banner',
          api_key: TEST_KEYS.apiKey,
          entry_uids: 'sale,hero,nope,hero',
          locale: 'de-de',
        }),
      );
      expect(body.entries.map((entry: { uid: string; title: string }) => [entry.uid, entry.title])).toEqual([
        ['sale', 'Sale'],
        ['hero', 'Held'],
      ]);
    });

    it('checks the api key and the parameters', async () => {
      await failure(references({ content_type: 'banner', api_key: 'x', entry_uids: 'hero' }), 412, 109);
      await failure(references({ content_type: 'nope', api_key: TEST_KEYS.apiKey, entry_uids: 'hero' }), 422, 118);
      const body = await failure(references({ content_type: 'banner', api_key: TEST_KEYS.apiKey }), 422, 422);
      expect(body.errors).toHaveProperty('entry_uids');
      await failure(references({ content_type: 'banner', api_key: TEST_KEYS.apiKey, entry_uids: 'a b' }), 422, 422);
      await failure(
        references({ content_type: 'banner', api_key: TEST_KEYS.apiKey, entry_uids: 'hero' }, 'POST'),
        405,
        405,
      );
    });
  });
});
