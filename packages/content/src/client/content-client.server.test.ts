import { describe, expect, it, vi } from 'vitest';
import { ContentServiceError } from './content-service-error';
import { createContentClient } from './content-client.server';
import { createDeliveryTransport } from './delivery-transport';
import { TEST_BASE_URL, fakeDeliveryFetch, jsonResponse, type RecordedRequest } from '../../test/fake-delivery-fetch';

type Answer = (request: RecordedRequest) => Response | Promise<Response>;

/** Equality on a top-level field, as the delivery API answers `{ url: '/x' }` or `{ regions: 'us' }`. */
function matchesEquality(entry: Record<string, unknown>, query: Record<string, unknown>): boolean {
  return Object.entries(query).every(([field, wanted]) => {
    if (typeof wanted !== 'string' || field.includes('.')) return true;
    const value = entry[field];
    return Array.isArray(value) ? value.includes(wanted) : value === wanted;
  });
}

/**
 * A delivery API holding entries per content type: it pages by skip/limit and applies equality
 * on top-level fields; operators (`$in`, `$ne`) and field paths are left to the tests' assertions.
 */
function entriesApi(entriesByType: Record<string, Array<Record<string, unknown>>>): Answer {
  return ({ path, params }) => {
    const contentType = /^\/content_types\/([^/]+)\/entries$/.exec(path)?.[1];
    const query = (params.query ?? {}) as Record<string, unknown>;
    const all = (entriesByType[contentType ?? ''] ?? []).filter((entry) => matchesEquality(entry, query));
    const skip = Number(params.skip ?? 0);
    const limit = Number(params.limit ?? 100);
    return jsonResponse({ entries: all.slice(skip, skip + limit), count: all.length });
  };
}

function setup(answer: Answer) {
  const api = fakeDeliveryFetch(answer);
  const logger = { warn: vi.fn(), error: vi.fn() };
  const transport = createDeliveryTransport({
    baseUrl: TEST_BASE_URL,
    apiKey: 'stack-key',
    deliveryToken: 'delivery-token',
    environment: 'production',
    fetch: api.fetch,
    retryDelayMs: 0,
    logger,
  });
  return { client: createContentClient({ transport, logger }), requests: api.requests, logger };
}

/** An entry with its system fields; `locale` marks it as a resolved reference. */
function entry(uid: string, fields: Record<string, unknown> = {}) {
  return {
    uid,
    locale: 'en-us',
    title: uid,
    tags: [],
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    _version: 1,
    publish_details: { environment: 'production', locale: 'en-us', time: '2026-01-01T00:00:00.000Z' },
    ...fields,
  };
}

function numbered(count: number) {
  return Array.from({ length: count }, (_, index) => entry(`entry-${index}`));
}

const serverError = () =>
  jsonResponse({ error_message: 'Internal error', error_code: 500 }, 500, 'Internal Server Error');

describe('entries: paging and locale fallback (spec §7, §9 "Content page size 100")', () => {
  it('reads 250 entries in three pages of 100', async () => {
    const { client, requests } = setup(entriesApi({ product: numbered(250) }));

    const products = await client.entries('product');

    expect(products.map((product) => product.uid)).toEqual(numbered(250).map((product) => product.uid));
    expect(requests.map((request) => request.path)).toEqual(Array(3).fill('/content_types/product/entries'));
    expect(requests.map((request) => request.params)).toEqual(
      [0, 100, 200].map((skip) => ({
        environment: 'production',
        locale: 'en-us',
        limit: 100,
        skip,
        include_count: true,
      })),
    );
  });

  it('stops at the count without asking for an empty page', async () => {
    const { client, requests } = setup(entriesApi({ product: numbered(200) }));
    expect(await client.entries('product')).toHaveLength(200);
    expect(requests).toHaveLength(2);
  });

  it('reads en-us with one call and no fallback', async () => {
    const { client, requests } = setup(entriesApi({ header: numbered(1) }));
    await client.entries('header', { locale: 'en-us' });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.params).not.toHaveProperty('include_fallback');
  });

  it('asks for the en-us fallback in the same call for other locales', async () => {
    const { client, requests } = setup(entriesApi({ header: numbered(1) }));
    await client.entries('header', { locale: 'de-de' });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.params).toMatchObject({ locale: 'de-de', include_fallback: true });
  });

  it('puts query, include, only, except and sort in the query string', async () => {
    const { client, requests } = setup(entriesApi({}));
    await client.entries('blog', {
      query: { url: '/first-tracks' },
      include: ['blog_category'],
      only: ['title', 'url'],
      except: ['body'],
      desc: 'published_date',
    });
    expect(requests[0]?.params).toEqual({
      environment: 'production',
      locale: 'en-us',
      query: { url: '/first-tracks' },
      include: ['blog_category'],
      only: { BASE: ['title', 'url'] },
      except: { BASE: ['body'] },
      desc: 'published_date',
      limit: 100,
      skip: 0,
      include_count: true,
    });
  });

  it('reads no more than a limit', async () => {
    const { client, requests } = setup(entriesApi({ blog: numbered(400) }));
    expect(await client.entries('blog', { limit: 150 })).toHaveLength(150);
    expect(requests.map(({ params }) => [params.skip, params.limit])).toEqual([
      [0, 100],
      [100, 50],
    ]);
  });

  it('rejects like the transport: the named queries are the ones that degrade', async () => {
    const { client } = setup(serverError);
    await expect(client.entries('product')).rejects.toBeInstanceOf(ContentServiceError);
  });
});

describe('entry and references', () => {
  it('reads one entry by uid', async () => {
    const { client, requests } = setup(() => jsonResponse({ entry: entry('ridge') }));
    expect(await client.entry('product', 'ridge', { locale: 'fr-fr', include: ['related_products'] })).toMatchObject({
      uid: 'ridge',
    });
    expect(requests[0]?.path).toBe('/content_types/product/entries/ridge');
    expect(requests[0]?.params).toEqual({
      environment: 'production',
      locale: 'fr-fr',
      include_fallback: true,
      include: ['related_products'],
    });
  });

  it('rejects with code 141 when the entry does not exist (spec §8)', async () => {
    const { client } = setup(() =>
      jsonResponse({ error_message: "The requested entry doesn't exist.", error_code: 141, errors: {} }, 404),
    );
    await expect(client.entry('product', 'gone')).rejects.toMatchObject({ error_code: 141, status: 404 });
  });

  it('reads references by a uid list, and nothing for an empty list', async () => {
    const { client, requests } = setup(entriesApi({ banner: [entry('b1'), entry('b2')] }));
    expect(await client.references('banner', ['b1', 'b2'], 'it-it')).toHaveLength(2);
    expect(requests[0]?.params).toMatchObject({
      locale: 'it-it',
      include_fallback: true,
      query: { uid: { $in: ['b1', 'b2'] } },
    });
    expect(await client.references('banner', [])).toEqual([]);
    expect(requests).toHaveLength(1);
  });
});

describe('header (spec §3 "Header content", §8)', () => {
  const usAlert = entry('alert-us', { regions: ['us'], message: 'Free shipping' });
  const euAlert = entry('alert-eu', { regions: ['eu_region_1'], message: 'Livraison' });
  const usNav = entry('nav-us', { regions: ['us', 'ca'], link: { title: 'Bindings' }, columns: [] });
  const header = entry('header', {
    top_alert: [usAlert, euAlert],
    main_nav: [usNav, { uid: 'nav-unpublished', _content_type_uid: 'main_nav' }],
    secondary_nav: [
      { title: 'Stores', type: 'internal_path', href: '/stores', regions: ['us'] },
      { title: 'Team', type: 'internal_path', href: '/team', regions: ['jp'] },
    ],
  });

  it('asks for the header with its alerts, navigation and navigation banners', async () => {
    const { client, requests } = setup(entriesApi({ header: [header] }));
    await client.header('de-de', 'eu_region_1');
    expect(requests[0]?.path).toBe('/content_types/header/entries');
    expect(requests[0]?.params).toMatchObject({
      locale: 'de-de',
      include_fallback: true,
      include: ['top_alert', 'main_nav', 'main_nav.link.banner'],
    });
  });

  it("keeps the alerts and navigation of the visitor's region, and drops unresolved references", async () => {
    const { client, logger } = setup(entriesApi({ header: [header] }));
    const content = await client.header('en-us', 'us');
    expect(content.alerts.map((alert) => alert.uid)).toEqual(['alert-us']);
    expect(content.mainNav.map((nav) => nav.uid)).toEqual(['nav-us']);
    expect(content.secondaryNav.map((link) => link.title)).toEqual(['Stores']);
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it("logs 'Header - No Results' and leaves the navigation empty when there is no header", async () => {
    const { client, logger } = setup(entriesApi({ header: [] }));
    expect(await client.header('en-us', 'us')).toEqual({ alerts: [], mainNav: [], secondaryNav: [] });
    expect(logger.warn).toHaveBeenCalledWith('[content:header] Header - No Results', { locale: 'en-us' });
  });

  it("logs 'Header - No Region Match' when no navigation is for the region", async () => {
    const { client, logger } = setup(entriesApi({ header: [header] }));
    const content = await client.header('en-us', 'eu_region_1');
    expect(content.mainNav).toEqual([]);
    expect(content.secondaryNav).toEqual([]);
    expect(logger.warn).toHaveBeenCalledWith('[content:header] Header - No Region Match', {
      locale: 'en-us',
      ctsRegion: 'eu_region_1',
    });
  });

  it('logs a failed read with its label and answers an empty header', async () => {
    const { client, logger } = setup(serverError);
    expect(await client.header('en-us', 'us')).toEqual({ alerts: [], mainNav: [], secondaryNav: [] });
    expect(logger.error).toHaveBeenCalledWith(
      '[content:header] Content request failed',
      expect.any(ContentServiceError),
    );
  });
});

describe('degrading named queries (spec §8: failures are only logged, with a label)', () => {
  it.each([
    ['brand_settings', (client: Client) => client.brandSettings('en-us', 'us'), null],
    ['regions', (client: Client) => client.regions(), []],
    ['product', (client: Client) => client.product('en-us', { url: '/ridge' }), null],
    ['products', (client: Client) => client.productsByUids('en-us', ['ridge']), []],
    ['error_page', (client: Client) => client.errorPage('en-us', 'us'), null],
    ['store', (client: Client) => client.stores('en-us', 'us'), []],
  ] as const)('[content:%s] logs and degrades', async (label, read, fallback) => {
    const failure = new TypeError('fetch failed');
    const { client, logger } = setup(() => Promise.reject(failure));
    await expect(read(client)).resolves.toEqual(fallback);
    expect(logger.error).toHaveBeenCalledWith(`[content:${label}] Content request failed`, failure);
  });

  it('tells a product the service did not answer for from one it does not have', async () => {
    const healthy = setup(entriesApi({ product: [entry('ridge', { url: '/ridge' })] }));
    await expect(healthy.client.product('en-us', { url: '/unknown' })).resolves.toBeNull();
    expect(healthy.client.lastUnavailableAt()).toBeNull();

    const failing = setup(serverError);
    const before = Date.now();
    await expect(failing.client.product('en-us', { url: '/ridge' })).resolves.toBeNull();
    expect(failing.client.lastUnavailableAt()).toBeGreaterThanOrEqual(before);
  });

  it('degrades the two display text types independently', async () => {
    const { client, logger } = setup((request) =>
      request.path.includes('/duplicate_display_text/')
        ? serverError()
        : entriesApi({ display_text: [entry('add-to-cart', { text: 'Add to cart' })] })(request),
    );
    const texts = await client.displayTexts('en-us');
    expect(texts.texts.map((text) => text.uid)).toEqual(['add-to-cart']);
    expect(texts.duplicates).toEqual([]);
    expect(logger.error).toHaveBeenCalledWith(
      '[content:duplicate_display_text] Content request failed',
      expect.any(ContentServiceError),
    );
  });
});

type Client = ReturnType<typeof setup>['client'];

describe('named queries ask for what spec §7 lists', () => {
  it('reads per-region settings by region, one entry', async () => {
    const { client, requests } = setup(entriesApi({ brand_settings: [entry('brand-us', { regions: ['us'] })] }));
    expect(await client.brandSettings('en-us', 'us')).toMatchObject({ uid: 'brand-us' });
    expect(requests[0]?.params).toMatchObject({ query: { regions: 'us' }, limit: 1 });
  });

  it('reads display texts with the referenced texts of duplicates', async () => {
    const { client, requests } = setup(entriesApi({}));
    await client.displayTexts('es-es');
    const duplicates = requests.find((request) => request.path === '/content_types/duplicate_display_text/entries');
    expect(duplicates?.params).toMatchObject({ locale: 'es-es', include: ['display_text_input'] });
  });

  it('reads pages by uid with their banners and only the summary fields', async () => {
    const { client, requests } = setup(
      entriesApi({ page: [entry('about', { url: '/about' })], landing_page: [entry('winter', { url: '/l/winter' })] }),
    );
    const pages = await client.pagesByUids('en-us', ['about', 'winter']);
    expect(pages.map((page) => page.uid)).toEqual(['about', 'winter']);
    const only = { BASE: ['uid', 'title', 'url', 'seo_meta', 'generic_page', 'landing_page'] };
    const banners = ['generic_page.banners', 'landing_page.modules.banner.banner'];
    const query = { uid: { $in: ['about', 'winter'] } };
    expect(requests.map(({ path, params }) => [path, params.include, params.only, params.query])).toEqual([
      ['/content_types/page/entries', banners, only, query],
      ['/content_types/landing_page/entries', banners, only, query],
    ]);
  });

  it('reads product cards by uid with the commerce ids a card needs', async () => {
    const { client, requests } = setup(entriesApi({ product: [entry('ridge')] }));
    await client.productsByUids('en-us', ['ridge']);
    expect(requests[0]?.params.query).toEqual({ uid: { $in: ['ridge'] } });
    expect((requests[0]?.params.only as { BASE: string[] }).BASE).toEqual(
      expect.arrayContaining([
        'description',
        'image',
        'price_range',
        'prices',
        'seo_meta',
        'tagline',
        'title',
        'url',
        'bc_products',
        'regions',
        'is_new',
        'is_redesigned',
      ]),
    );
    expect(await client.productsByUids('en-us', [])).toEqual([]);
    expect(requests).toHaveLength(1);
  });

  it('reads a product by url with its categories and related products', async () => {
    const { client, requests } = setup(entriesApi({ product: [entry('ridge', { url: '/ridge' })] }));
    expect(await client.product('en-us', { url: '/ridge' })).toMatchObject({ uid: 'ridge' });
    expect(requests[0]?.params).toMatchObject({
      query: { url: '/ridge' },
      include: ['product_category', 'related_products'],
      limit: 1,
    });
  });

  it('queries products by category and exclusion, and matches attributes item by item', async () => {
    const products = [
      entry('black-helmet', { product_attributes: [{ attribute: 'colour', values: ['black', 'white'] }] }),
      entry('red-helmet', { product_attributes: [{ attribute: 'colour', values: ['red'] }] }),
      entry('black-size', { product_attributes: [{ attribute: 'size', values: ['black'] }] }),
    ];
    const { client, requests } = setup(entriesApi({ product: products }));

    const found = await client.productsQuery('en-us', {
      categoryUids: ['helmets'],
      excludeUid: 'current',
      attributes: [{ attribute: 'colour', values: ['black'] }],
    });

    expect(found.map((product) => product.uid)).toEqual(['black-helmet']);
    expect(requests[0]?.params.query).toEqual({
      'product_category.uid': { $in: ['helmets'] },
      uid: { $ne: 'current' },
    });
    expect((requests[0]?.params.only as { BASE: string[] }).BASE).toEqual(
      expect.arrayContaining(['product_category', 'product_attributes', 'bc_products']),
    );
  });

  it("finds the add-on config of a category by its reference's uid", async () => {
    const { client, requests } = setup(
      entriesApi({
        category_product_add_on: [
          entry('goggles-add-on', {
            regions: ['us'],
            product_category: [{ uid: 'goggles', _content_type_uid: 'product_category' }],
          }),
          entry('helmets-add-on', {
            regions: ['us'],
            product_category: [{ uid: 'helmets', _content_type_uid: 'product_category' }],
          }),
        ],
      }),
    );
    expect(await client.categoryProductAddOn('en-us', 'us', 'helmets')).toMatchObject({ uid: 'helmets-add-on' });
    expect(await client.categoryProductAddOn('en-us', 'us', 'bindings')).toBeNull();
    expect(requests[0]?.params).toMatchObject({
      query: { regions: 'us' },
      include: ['product_add_on_config.products'],
    });
  });

  it('reads the error page of the region with its references', async () => {
    const { client, requests } = setup(entriesApi({ error_page: [entry('not-found', { regions: ['us'] })] }));
    expect(await client.errorPage('en-us', 'us')).toMatchObject({ uid: 'not-found' });
    expect(requests[0]?.params).toMatchObject({
      query: { regions: 'us' },
      include: ['automated_related_products.category', 'products', 'banner'],
    });
  });

  it('finds a page by url among generic and landing pages', async () => {
    const { client, requests } = setup(entriesApi({ landing_page: [entry('winter', { url: '/l/winter' })] }));
    expect(await client.pageByUrl('en-us', '/l/winter')).toMatchObject({ uid: 'winter' });
    expect(requests.map(({ path, params }) => [path, params.query])).toEqual([
      ['/content_types/page/entries', { url: '/l/winter' }],
      ['/content_types/landing_page/entries', { url: '/l/winter' }],
    ]);
    expect(await client.pageByUrl('en-us', '/nowhere')).toBeNull();
  });

  it('reads blog posts newest first, by category, up to a limit', async () => {
    const { client, requests } = setup(entriesApi({ blog: numbered(5) }));
    expect(await client.blogPosts('en-us', { categoryUid: 'gear', limit: 3 })).toHaveLength(3);
    expect(requests[0]?.params).toMatchObject({
      query: { 'blog_category.uid': 'gear' },
      include: ['blog_category'],
      desc: 'published_date',
      limit: 3,
    });
    await client.blogPosts('en-us');
    expect(requests[1]?.params).not.toHaveProperty('query');
  });

  it('reads support articles and stores of the region', async () => {
    const { client, requests } = setup(entriesApi({}));
    await client.supportArticles('en-us', 'ca');
    await client.stores('en-us', 'jp');
    expect(requests.map(({ path, params }) => [path, params.query])).toEqual([
      ['/content_types/support/entries', { regions: 'ca' }],
      ['/content_types/store/entries', { regions: 'jp' }],
    ]);
  });
});
