import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_HEADERS, fixtureSnapshot, TEST_KEYS } from '@piste/content/testing';
import { runSeeds } from '@piste/db';
import { testDatabaseKinds, type TestDatabase } from '@piste/db/testing';
import { buildApp } from '../app';
import { seedSteps } from '../seed/steps';
import { createSeededApiApp, testConfig } from '../../test/support/app-harness';

describe.each(testDatabaseKinds())('content routes on $name', (kind) => {
  let testDatabase: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    testDatabase = await kind.create();
    app = await buildApp({
      config: testConfig({
        CONTENT_API_KEY: TEST_KEYS.apiKey,
        CONTENT_DELIVERY_TOKEN: TEST_KEYS.deliveryToken,
        CONTENT_ENVIRONMENT: TEST_KEYS.environment,
      }),
      database: testDatabase.database,
    });
    await app.ready();
    await app.services.content.store.replace(fixtureSnapshot());
  });
  afterAll(async () => {
    await app.close();
    await testDatabase.dispose();
  });

  const environment = `environment=${TEST_KEYS.environment}`;
  const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url,
      payload,
      headers: { ...AUTH_HEADERS, 'x-http-method-override': 'GET', 'content-type': 'application/json', ...headers },
    });
  const expectError = (response: { statusCode: number; json(): unknown }, status: number, code: number) => {
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({
      error_code: code,
      error_message: expect.any(String),
      errors: expect.any(Object),
    });
  };

  it('serves the delivery API under /api/content/v3 with GET', async () => {
    const query = encodeURIComponent(JSON.stringify({ regions: 'eu' }));
    const response = await app.inject({
      url: `/api/content/v3/content_types/product/entries?${environment}&query=${query}&only[BASE][]=title&asc=uid`,
      headers: AUTH_HEADERS,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.json()).toEqual({
      entries: [
        { uid: 'ridge', title: 'Ridge Binding' },
        { uid: 'vanta', title: 'Vanta MIPS Helmet' },
      ],
    });
  });

  it('takes a POST with the GET override and the parameters as JSON, whatever its content type', async () => {
    const body = JSON.stringify({
      environment: TEST_KEYS.environment,
      include: ['main_nav.link.banner'],
      include_count: true,
    });
    for (const contentType of ['application/json', 'text/plain']) {
      const response = await post('/api/content/v3/content_types/header/entries', body, {
        'content-type': contentType,
      });
      expect(response.statusCode).toBe(200);
      const { entries, count } = response.json();
      expect(count).toBe(1);
      expect(entries[0].main_nav[0].link.banner[0]).toMatchObject({ uid: 'hero', _content_type_uid: 'banner' });
    }
  });

  it('answers one entry, and a missing one with 404 code 141', async () => {
    const found = await app.inject({
      url: `/api/content/v3/content_types/banner/entries/hero?${environment}`,
      headers: AUTH_HEADERS,
    });
    expect(found.json().entry).toMatchObject({ uid: 'hero', title: 'Hero' });
    const missing = await app.inject({
      url: `/api/content/v3/content_types/banner/entries/nope?${environment}`,
      headers: AUTH_HEADERS,
    });
    expectError(missing, 404, 141);
  });

  it('refuses requests without the keys', async () => {
    expectError(await app.inject({ url: `/api/content/v3/content_types?${environment}` }), 412, 109);
    expectError(
      await app.inject({ url: `/api/content/v3/content_types?${environment}`, headers: { api_key: TEST_KEYS.apiKey } }),
      401,
      105,
    );
  });

  it('answers malformed input in the content error shape, never with a 500', async () => {
    expectError(await post('/api/content/v3/content_types/product/entries', '{"environment":'), 400, 400);
    expectError(await post('/api/content/v3/content_types/product/entries', 'x'.repeat(70 * 1024)), 413, 413);
    expectError(
      await post(
        '/api/content/v3/content_types/product/entries',
        JSON.stringify({ environment: TEST_KEYS.environment, limit: 1e9 }),
      ),
      422,
      422,
    );
    for (const url of [
      `/api/content/v3/content_types/product/entries?${environment}&query=%7Bnot-json`,
      `/api/content/v3/content_types/product/entries?${environment}&skip=-1`,
      `/api/content/v3/content_types/product/entries?${environment}&locale=%00`,
      `/api/content/v3/content_types/product/entries?${environment}&include[]=a..b`,
      `/api/content/v3/content_types/product/entries?${environment}&only[BASE][x][]=title`,
    ]) {
      expectError(await app.inject({ url, headers: AUTH_HEADERS }), 422, 422);
    }
    expectError(
      await app.inject({ url: `/api/content/v3/content_types/pro%00duct?${environment}`, headers: AUTH_HEADERS }),
      422,
      118,
    );
    expectError(await app.inject({ url: `/api/content/v3/nothing?${environment}`, headers: AUTH_HEADERS }), 404, 404);
    expectError(
      await app.inject({ url: `/api/content/v2/content_types?${environment}`, headers: AUTH_HEADERS }),
      404,
      404,
    );
    expectError(
      await app.inject({ method: 'PUT', url: `/api/content/v3/content_types`, headers: AUTH_HEADERS, payload: '{}' }),
      405,
      405,
    );
  });

  it('serves GET /api/interstack/references with the api key in the query', async () => {
    const url = (apiKey: string) =>
      `/api/interstack/references?content_type=product&api_key=${apiKey}&entry_uids=vanta,summit&locale=de-de`;
    const response = await app.inject({ url: url(TEST_KEYS.apiKey) });
    expect(response.statusCode).toBe(200);
    expect(response.json().entries.map((entry: { uid: string; title: string }) => [entry.uid, entry.title])).toEqual([
      ['vanta', 'Vanta MIPS Helmet'],
      ['summit', 'Summit Bindung'],
    ]);
    expectError(await app.inject({ url: url('wrong') }), 412, 109);
  });
});

describe.each(testDatabaseKinds())('the demo content on $name', (kind) => {
  let harness: Awaited<ReturnType<typeof createSeededApiApp>>;

  beforeAll(async () => {
    harness = await createSeededApiApp(kind);
  });
  afterAll(() => harness.close());

  /** The embedded service's default keys, as `npm start` serves them. */
  const read = async (path: string, params: Record<string, unknown>) => {
    const { keys } = harness.app.services.content;
    const response = await harness.app.inject({
      method: 'POST',
      url: `/api/content/v3${path}`,
      headers: { api_key: keys.apiKey, access_token: keys.deliveryToken, 'x-http-method-override': 'GET' },
      payload: { environment: keys.environment, ...params },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('loads every seed file that exists, with the product and category entries built from the catalogue', async () => {
    const { content_types } = await read('/content_types', {});
    expect(content_types.map((type: { uid: string }) => type.uid)).toEqual(
      expect.arrayContaining(['product', 'product_category']),
    );

    const { entries: products, count } = await read('/content_types/product/entries', {
      include_count: true,
      include: ['product_category'],
      query: { uid: 'summit-pro-binding' },
    });
    expect(count).toBe(1);
    const [product] = products;
    expect(product).toMatchObject({ uid: 'summit-pro-binding', url: '/summit-pro-binding', bc_products: { us: 100 } });
    expect(product.product_category.map((category: { uid: string }) => category.uid)).toEqual([
      'bindings',
      expect.stringMatching(/^bindings-/),
    ]);
    expect(product.product_category[0].cat_ids_bc).toEqual({ us: 20, ca: 20, eu_region_1: 20 });

    const { entries: categories } = await read('/content_types/product_category/entries', {
      locale: 'de-de',
      include_fallback: true,
      query: { url: '/goggles/spherical' },
    });
    expect(categories).toEqual([
      expect.objectContaining({
        uid: 'goggles-spherical',
        url: '/goggles/spherical',
        regions: expect.arrayContaining(['us', 'eu']),
      }),
    ]);
  });

  it('loads the same content again only when the seed changes', async () => {
    const report = await runSeeds(harness.database.db, seedSteps());
    expect(report.applied).toEqual([]);
    expect(report.skipped.some((step) => step.startsWith('demo-content@'))).toBe(true);
  });
});
