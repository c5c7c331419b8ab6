import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds, type TestDatabase } from '@piste/db/testing';
import {
  createSearchClient,
  SearchClientError,
  type RangeFacetResult,
  type SearchFilter,
  type SearchRequest,
  type SearchResponse,
  type SearchResult,
  type ValueFacetResult,
} from '@piste/search';
import { searchSchema } from '@piste/search/server';
import { buildApp } from '../app';
import { createSeededApiApp, testConfig } from '../../test/support/app-harness';

const KEY = 'search-piste-demo';
const ENGINE_PATH = '/api/search/api/as/v1/engines/piste';
const EN_US_PRODUCTS: SearchFilter[] = [{ locale: 'en-us' }, { type: 'product' }];

const rawOf = (result: SearchResult, field: string) => (result[field] as { raw?: unknown } | undefined)?.raw;

describe.each(testDatabaseKinds())('site search API on $name', (kind) => {
  let seeded: Awaited<ReturnType<typeof createSeededApiApp>>;

  beforeAll(async () => {
    seeded = await createSeededApiApp(kind);
  });
  afterAll(() => seeded?.close());

  const post = (action: string, payload: unknown, headers: Record<string, string> = {}) =>
    seeded.app.inject({
      method: 'POST',
      url: `${ENGINE_PATH}/${action}`,
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json', ...headers },
    });

  const search = async (request: Partial<SearchRequest>): Promise<SearchResponse> => {
    const response = await post('search.json', { query: '', page: { size: 100 }, ...request });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const totalOf = async (filters: SearchFilter) => (await search({ filters })).meta.page.total_results;

  const expectErrors = (
    response: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
    status: number,
  ) => {
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = response.json() as { errors: unknown };
    expect(body).toEqual({ errors: expect.arrayContaining([expect.any(String)]) });
    return body.errors as string[];
  };

  it('builds the index from the seeded catalogue and content in the background; searches wait for it', async () => {
    // The first search waits for the build, so it finds the whole catalogue.
    expect(await totalOf({ all: EN_US_PRODUCTS })).toBeGreaterThanOrEqual(60);
    expect(seeded.app.services.search.engine!.size).toBeGreaterThan(0);
    const ready = await seeded.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    const content = await search({ filters: { all: [{ locale: 'en-us' }], none: [{ type: 'product' }] } });
    expect(content.meta.page.total_results).toBeGreaterThan(0);
  });

  it('answers search.json in App Search shapes, with the request id as a header', async () => {
    const response = await post('search.json', {
      query: 'goggles',
      filters: { all: EN_US_PRODUCTS },
      result_fields: { title: { raw: {}, snippet: { size: 100, fallback: true } }, price_us: { raw: {} } },
      page: { size: 5, current: 1 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    const body: SearchResponse = response.json();
    expect(response.headers['x-request-id']).toBe(body.meta.request_id);
    expect(body.meta).toMatchObject({
      engine: { name: 'piste' },
      page: { current: 1, size: 5, total_results: expect.any(Number), total_pages: expect.any(Number) },
    });
    expect(body.meta.page.total_results).toBeGreaterThan(0);
    expect(body.results).toHaveLength(5);
    const [first] = body.results;
    expect(first!._meta).toMatchObject({ id: expect.stringMatching(/^product-.+-en-us$/), engine: 'piste' });
    expect(first!.title).toEqual({ raw: expect.any(String), snippet: expect.stringContaining('<em>') });
    // Only the fields asked for, and the id App Search always returns.
    expect(Object.keys(first!).sort()).toEqual(['_meta', 'id', 'price_us', 'title']);
  });

  it('is exempt from the CSRF check: the bearer key authorises it, never cookies', async () => {
    const response = await post('search.json', { query: 'helmet' }, { cookie: 'XSRF-TOKEN=' + 'a'.repeat(43) });
    expect(response.statusCode).toBe(200);
  });

  it('filters by a text value, any of several, and a list field', async () => {
    const goggles = await search({ filters: { all: [...EN_US_PRODUCTS, { category: 'Goggles' }] } });
    expect(goggles.results.length).toBeGreaterThan(0);
    expect(new Set(goggles.results.map((result) => rawOf(result, 'category')))).toEqual(new Set(['Goggles']));
    const helmets = await totalOf({ all: [...EN_US_PRODUCTS, { category: 'Helmets' }] });
    expect(await totalOf({ all: [...EN_US_PRODUCTS, { category: ['Goggles', 'Helmets'] }] })).toBe(
      goggles.meta.page.total_results + helmets,
    );
    const black = await search({ filters: { all: [...EN_US_PRODUCTS, { colours: 'Stealth Black' }] } });
    expect(black.results.length).toBeGreaterThan(0);
    for (const result of black.results) expect(rawOf(result, 'colours')).toContain('Stealth Black');
  });

  it('combines all, any and none, nested', async () => {
    const response = await search({
      filters: {
        all: [...EN_US_PRODUCTS, { any: [{ category: 'Goggles' }, { category: 'Helmets' }] }],
        none: [{ in_stock: 'false' }],
      },
    });
    expect(response.results.length).toBeGreaterThan(0);
    for (const result of response.results) {
      expect(['Goggles', 'Helmets']).toContain(rawOf(result, 'category'));
      expect(rawOf(result, 'in_stock')).toBe('true');
    }
    const inStock = await totalOf({ all: [...EN_US_PRODUCTS, { in_stock: 'true' }] });
    const outOfStock = await totalOf({ all: [...EN_US_PRODUCTS, { in_stock: 'false' }] });
    expect(outOfStock).toBeGreaterThan(0);
    expect(inStock + outOfStock).toBe(await totalOf({ all: EN_US_PRODUCTS }));
  });

  it('includes and excludes regions', async () => {
    const all = await totalOf({ all: EN_US_PRODUCTS });
    const inJapan = await totalOf({ all: [...EN_US_PRODUCTS, { regions: 'jp' }] });
    const notInJapan = await totalOf({ all: EN_US_PRODUCTS, none: [{ regions: 'jp' }] });
    expect(inJapan).toBeGreaterThan(0);
    expect(notInJapan).toBeGreaterThan(0);
    expect(inJapan + notInJapan).toBe(all);
  });

  it('filters by stack, environment and locale', async () => {
    const all = await totalOf({ all: EN_US_PRODUCTS });
    expect(
      await totalOf({ all: [...EN_US_PRODUCTS, { stack: 'piste_demo_stack' }, { environment: 'production' }] }),
    ).toBe(all);
    expect(await totalOf({ all: [...EN_US_PRODUCTS, { stack: 'another_stack' }] })).toBe(0);
    expect(await totalOf({ all: [...EN_US_PRODUCTS, { environment: 'staging' }] })).toBe(0);
    const german = await search({ query: 'helm', filters: { all: [{ locale: 'de' }, { type: 'product' }] } });
    expect(german.results.length).toBeGreaterThan(0);
    for (const result of german.results) expect(rawOf(result, 'locale')).toBe('de');
  });

  it('filters numbers and dates by range, from inclusive and to exclusive', async () => {
    const priced = await search({ filters: { all: [...EN_US_PRODUCTS, { price_us: { from: 10_000, to: 20_000 } }] } });
    expect(priced.results.length).toBeGreaterThan(0);
    for (const result of priced.results) {
      expect(rawOf(result, 'price_us')).toBeGreaterThanOrEqual(10_000);
      expect(rawOf(result, 'price_us')).toBeLessThan(20_000);
    }
    const cheap = await totalOf({ all: [...EN_US_PRODUCTS, { price_us: { to: 10_000 } }] });
    const dear = await totalOf({ all: [...EN_US_PRODUCTS, { price_us: { from: 20_000 } }] });
    expect(cheap + priced.meta.page.total_results + dear).toBe(await totalOf({ all: EN_US_PRODUCTS }));

    const all = await totalOf({ all: EN_US_PRODUCTS });
    expect(await totalOf({ all: [...EN_US_PRODUCTS, { updated_at: { from: '2000-01-01T00:00:00Z' } }] })).toBe(all);
    expect(await totalOf({ all: [...EN_US_PRODUCTS, { updated_at: { to: '2000-01-01T00:00:00Z' } }] })).toBe(0);
  });

  it('counts value and range facets over the filtered results', async () => {
    const response = await search({
      filters: { all: EN_US_PRODUCTS },
      page: { size: 1 },
      facets: {
        category: { type: 'value' },
        price_us: {
          type: 'range',
          ranges: [
            { to: 10_000, name: 'under 100' },
            { from: 10_000, name: '100 and over' },
          ],
        },
      },
    });
    const total = response.meta.page.total_results;
    const categories = response.facets.category![0] as ValueFacetResult;
    expect(categories.type).toBe('value');
    expect(categories.data.map((entry) => entry.value).sort()).toEqual([
      'Accessories',
      'Bindings',
      'Goggles',
      'Helmets',
    ]);
    expect(categories.data.reduce((sum, entry) => sum + entry.count, 0)).toBe(total);
    const prices = response.facets.price_us![0] as RangeFacetResult;
    expect(prices.type).toBe('range');
    expect(prices.data.map((entry) => entry.name)).toEqual(['under 100', '100 and over']);
    expect(prices.data.reduce((sum, entry) => sum + entry.count, 0)).toBe(total);
  });

  it('tolerates a typo', async () => {
    const response = await search({ query: 'gogles', filters: { all: EN_US_PRODUCTS }, page: { size: 3 } });
    expect(response.results.length).toBeGreaterThan(0);
    expect(rawOf(response.results[0]!, 'category')).toBe('Goggles');
  });

  it('answers multi_search with one response per query, in order', async () => {
    const response = await post('multi_search.json', {
      queries: [
        { query: 'helmet', filters: { all: EN_US_PRODUCTS }, page: { size: 2 } },
        { query: '', filters: { all: [{ locale: 'en-us' }, { type: 'blog_post' }] }, page: { size: 1 } },
      ],
    });
    expect(response.statusCode).toBe(200);
    const [products, posts] = response.json() as SearchResponse[];
    expect(products!.results).toHaveLength(2);
    expect(products!.results.every((result) => result._meta.id.startsWith('product-'))).toBe(true);
    expect(posts!.results[0]!._meta.id).toMatch(/^blog_post-/);
  });

  it('answers query_suggestion from titles, within the filters', async () => {
    const response = await post('query_suggestion.json', {
      query: 'gog',
      size: 5,
      filters: { all: [{ locale: 'en-us' }] },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { results: { documents: { suggestion: string }[] }; meta: { request_id: string } };
    expect(response.headers['x-request-id']).toBe(body.meta.request_id);
    expect(body.results.documents.length).toBeGreaterThan(0);
    expect(body.results.documents.length).toBeLessThanOrEqual(5);
    expect(body.results.documents.some(({ suggestion }) => /goggle/i.test(suggestion))).toBe(true);
  });

  it('stores a click and answers {}', async () => {
    const searched = await post('search.json', { query: 'helmet', filters: { all: EN_US_PRODUCTS } });
    const { meta, results } = searched.json() as SearchResponse;
    const documentId = results[0]!._meta.id;
    const response = await post('click.json', {
      query: ' Helmet ',
      document_id: documentId,
      request_id: meta.request_id,
      tags: ['en-us', 'results'],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
    const rows = await seeded.database.db
      .select()
      .from(searchSchema.searchClicks)
      .where(eq(searchSchema.searchClicks.requestId, meta.request_id));
    expect(rows).toEqual([
      expect.objectContaining({ engine: 'piste', query: ' Helmet ', documentId, tags: ['en-us', 'results'] }),
    ]);
    expect(await seeded.app.services.search.clicks.popularQueries('piste', 5, { tag: 'en-us' })).toContain('helmet');
  });

  it('refuses a missing or wrong key with 401', async () => {
    for (const authorization of [undefined, 'Bearer search-wrong', `Basic ${KEY}`]) {
      const response = await seeded.app.inject({
        method: 'POST',
        url: `${ENGINE_PATH}/search.json`,
        payload: '{"query":"x"}',
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
      });
      expect(expectErrors(response, 401)).toEqual(['Invalid credentials']);
    }
  });

  it('answers an unknown engine or call with 404, another method with 405', async () => {
    const unknownEngine = await seeded.app.inject({
      method: 'POST',
      url: '/api/search/api/as/v1/engines/other/search.json',
      headers: { authorization: `Bearer ${KEY}` },
      payload: '{}',
    });
    expect(expectErrors(unknownEngine, 404)).toEqual(['Could not find engine.']);
    expect(expectErrors(await post('documents.json', {}), 404)).toEqual(['Not found']);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const response = await seeded.app.inject({
        method,
        url: `${ENGINE_PATH}/search.json`,
        headers: { authorization: `Bearer ${KEY}` },
      });
      expect(expectErrors(response, 405)).toEqual(['Only POST is allowed']);
      expect(response.headers.allow).toBe('POST');
    }
  });

  it('answers malformed JSON and invalid requests with 400 and App Search errors', async () => {
    expect(expectErrors(await post('search.json', '{"query": '), 400)).toEqual(['Request body must be valid JSON']);
    expect(expectErrors(await post('search.json', '["goggles"]'), 400)).toEqual(['Request body must be a JSON object']);
    const invalid = expectErrors(
      await post('search.json', { query: 'x', page: { size: 0 }, filters: { all: [{ colour: 'red' }] } }),
      400,
    );
    expect(invalid.length).toBeGreaterThanOrEqual(2);
    expect(expectErrors(await post('click.json', { query: 'x' }), 400).join(' ')).toMatch(/document_id/);
    expect(expectErrors(await post('multi_search.json', { queries: 'x' }), 400).length).toBeGreaterThan(0);
    expect(expectErrors(await post('query_suggestion.json', { query: 42 }), 400).length).toBeGreaterThan(0);
  });

  it('refuses a body over 64 KB with 413', async () => {
    const response = await post('search.json', { query: 'x'.repeat(70 * 1024) });
    expectErrors(response, 413);
  });

  it('never answers 500 to odd input', async () => {
    const deep = (depth: number): SearchFilter => (depth === 0 ? { locale: 'en-us' } : { all: [deep(depth - 1)] });
    const bodies: unknown[] = [
      { query: { $ne: null } },
      { query: 'x', filters: deep(50) },
      { query: 'x', page: { size: 1e308, current: -1 } },
      { query: 'x', facets: { __proto__: { type: 'value' } } },
      { query: 'x', facets: { constructor: { type: 'value' } } },
      { query: 'x', sort: [{ toString: 'asc' }] },
      { query: 'x', result_fields: { title: { snippet: { size: 'big' } } } },
      { query: 'x', filters: { price_us: { from: 'cheap' } } },
      { query: 'x', filters: { updated_at: { from: 'yesterday' } } },
      { query: '\u0000\uffff\ud800' },
      { queries: Array.from({ length: 11 }, () => ({ query: 'x' })) },
    ];
    for (const action of ['search.json', 'multi_search.json', 'query_suggestion.json', 'click.json']) {
      for (const body of bodies) {
        const response = await post(action, body);
        expect(response.statusCode, `${action} ${JSON.stringify(body)}: ${response.body}`).toBeLessThan(500);
      }
    }
  });

  it('serves the server-side client in-process, and its failures read "[status] messages"', async () => {
    const { client, api } = seeded.app.services.search;
    const viaClient = await client.search('helmet', { filters: { all: EN_US_PRODUCTS }, page: { size: 3 } });
    const viaHttp = await search({ query: 'helmet', filters: { all: EN_US_PRODUCTS }, page: { size: 3 } });
    expect(viaClient.results.map((result) => result._meta.id)).toEqual(
      viaHttp.results.map((result) => result._meta.id),
    );

    const wrongKey = createSearchClient({
      endpointBase: 'http://search.embedded/api/as/v1',
      engineName: 'piste',
      searchKey: 'search-wrong',
      fetch: (input, init) => api!.handle(new Request(input, init)),
    });
    const failure = await wrongKey.search('helmet').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SearchClientError);
    expect((failure as Error).message).toBe('[401] Invalid credentials');
    expect(seeded.app.services.search.browser).toEqual({
      endpointBase: '/api/search/api/as/v1',
      engineName: 'piste',
      searchKey: KEY,
      hosted: false,
    });
  });
});

describe('site search with a hosted engine', () => {
  let testDatabase: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    testDatabase = await testDatabaseKinds()[0]!.create();
    app = await buildApp({
      config: testConfig({
        SEARCH_ENDPOINT: 'https://host-2376rb.api.swiftype.com/api/as/v1',
        SEARCH_KEY: 'search-hosted',
        SEARCH_ENGINE: 'piste-eu',
      }),
      database: testDatabase.database,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await testDatabase?.dispose();
  });

  it('builds no index, serves no /api/search, and points both clients at the hosted engine', async () => {
    expect(app.services.search).toMatchObject({ engine: null, api: null, sync: null });
    expect(app.services.search.browser).toEqual({
      endpointBase: 'https://host-2376rb.api.swiftype.com/api/as/v1',
      engineName: 'piste-eu',
      searchKey: 'search-hosted',
      hosted: true,
    });
    const response = await app.inject({
      method: 'POST',
      url: '/api/search/api/as/v1/engines/piste-eu/search.json',
      headers: { authorization: 'Bearer search-hosted', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    expect((await app.inject('/readyz')).statusCode).toBe(200);
  });
});
