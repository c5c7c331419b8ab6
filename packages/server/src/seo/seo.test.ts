import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededPagesApp } from '../../test/support/app-harness';

let harness: Awaited<ReturnType<typeof createSeededPagesApp>>;
let app: typeof harness.app;
const ORIGIN = 'https://shop.example';

beforeAll(async () => {
  // Content read on every request, so a publish below shows at once (the TTL case is documented).
  harness = await createSeededPagesApp({ PUBLIC_URL: `${ORIGIN}/`, CONTENT_CACHE_TTL_SECONDS: '0' });
  app = harness.app;
});

afterAll(() => harness.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { 'accept-language': 'en-US,en;q=0.9', ...headers } });

/** Each `<url>` of a url set: its loc and its hreflang links. */
function parseUrlSet(xml: string) {
  return [...xml.matchAll(/<url><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?([\s\S]*?)<\/url>/g)].map(
    ([, loc, lastmod, links]) => ({
      loc: loc!,
      lastmod,
      alternates: Object.fromEntries(
        [...links!.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map(
          ([, lang, href]) => [lang!, href!],
        ),
      ),
    }),
  );
}

function headLinks(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  return {
    canonical: /<link rel="canonical" href="([^"]+)"/.exec(head)?.[1],
    alternates: Object.fromEntries(
      [...head.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/g)].map(([, lang, href]) => [
        lang!,
        href!,
      ]),
    ),
  };
}

async function publishRedirects(entries: Array<{ uid: string; from: string; to: string; permanent?: boolean }>) {
  await app.services.content.store.publish({
    entries: entries.map(({ uid, ...fields }) => ({
      contentTypeUid: 'redirect',
      uid,
      locale: 'en-us',
      document: { title: uid, ...fields },
    })),
  });
}

describe('robots.txt', () => {
  it('allows the shop, keeps crawlers out of private pages and facets, and names the sitemap on PUBLIC_URL', async () => {
    const response = await get('/robots.txt', { host: 'evil.example' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    const lines = response.body.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Allow: /',
        'Disallow: /api/',
        'Disallow: /_dev/',
        'Disallow: /*/account',
        'Disallow: /*/cart',
        'Disallow: /*/checkout',
        'Disallow: /*/order-status',
        'Disallow: /*/search',
        'Disallow: /*/c/*?colour=',
        'Disallow: /*/c/*&sort=',
        `Sitemap: ${ORIGIN}/sitemap.xml`,
      ]),
    );
    expect(response.body).not.toContain('page=');
    expect(response.body).not.toContain('evil.example');
  });
});

describe('sitemaps', () => {
  it('indexes products, categories and content for every locale', async () => {
    const response = await get('/sitemap.xml', { host: 'evil.example' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex /);
    const locs = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => loc);
    expect(locs).toContain(`${ORIGIN}/sitemaps/de-de/products.xml`);
    expect(locs).toContain(`${ORIGIN}/sitemaps/en-us/categories.xml`);
    expect(locs).toContain(`${ORIGIN}/sitemaps/ja-jp/content.xml`);
    expect(locs).toHaveLength(29 * 3);
  });

  it('lists a locale only the products shown and sold in its region, with alternates where each exists', async () => {
    const us = parseUrlSet((await get('/sitemaps/en-us/products.xml')).body);
    const de = parseUrlSet((await get('/sitemaps/de-de/products.xml')).body);
    const usLocs = us.map((url) => url.loc);
    const deLocs = de.map((url) => url.loc);
    expect(usLocs).toContain(`${ORIGIN}/en-us/p/boxcar-binding`);
    expect(usLocs).not.toContain(`${ORIGIN}/en-us/p/col-split-binding`);
    expect(deLocs).toContain(`${ORIGIN}/de-de/p/col-split-binding`);
    expect(deLocs).not.toContain(`${ORIGIN}/de-de/p/boxcar-binding`);
    expect(us.length).toBeGreaterThan(50);

    const helmet = de.find((url) => url.loc === `${ORIGIN}/de-de/p/vanta-mips-helmet`)!;
    expect(helmet.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(helmet.alternates).toMatchObject({
      'de-DE': `${ORIGIN}/de-de/p/vanta-mips-helmet`,
      'en-US': `${ORIGIN}/en-us/p/vanta-mips-helmet`,
      'fr-CA': `${ORIGIN}/fr-ca/p/vanta-mips-helmet`,
      en: `${ORIGIN}/en-global/p/vanta-mips-helmet`,
      'x-default': `${ORIGIN}/en-us/p/vanta-mips-helmet`,
    });
    // Shown in eu_region_1, eu and other only: no North American versions, no x-default.
    const split = de.find((url) => url.loc === `${ORIGIN}/de-de/p/col-split-binding`)!;
    expect(split.alternates).toHaveProperty('nl-BE');
    expect(split.alternates).not.toHaveProperty('en-US');
    expect(split.alternates).not.toHaveProperty('x-default');
  });

  it('lists categories and editorial pages, and leaves private ones out', async () => {
    const categories = parseUrlSet((await get('/sitemaps/fr-fr/categories.xml')).body).map((url) => url.loc);
    expect(categories).toContain(`${ORIGIN}/fr-fr/c/helmets`);
    expect(categories).toContain(`${ORIGIN}/fr-fr/c/goggles/spherical`);
    const content = parseUrlSet((await get('/sitemaps/en-us/content.xml')).body);
    const locs = content.map((url) => url.loc);
    expect(locs).toEqual(
      expect.arrayContaining([
        `${ORIGIN}/`,
        `${ORIGIN}/en-us/blog`,
        `${ORIGIN}/en-us/about`,
        `${ORIGIN}/en-us/pro`,
        `${ORIGIN}/en-us/l/park-season`,
        `${ORIGIN}/en-us/blog/gear-guides`,
        `${ORIGIN}/en-us/blog/p/first-tracks-in-hokkaido`,
        `${ORIGIN}/en-us/support/returns`,
        `${ORIGIN}/en-us/team`,
      ]),
    );
    expect(locs).not.toContain(`${ORIGIN}/en-us/proclub`);
    expect(locs.filter((loc) => loc.includes('/account') || loc.includes('/cart'))).toEqual([]);
    expect(content.find((url) => url.loc === `${ORIGIN}/`)!.alternates).toMatchObject({
      'de-DE': `${ORIGIN}/de-de`,
      'x-default': `${ORIGIN}/`,
    });
  });

  it('escapes what it writes', async () => {
    await harness.app.services.content.store.publish({
      entries: [
        {
          contentTypeUid: 'blog_category',
          uid: 'odd-category',
          locale: 'en-us',
          document: { title: 'Odd', url: '/odd&<cat>' },
        },
      ],
    });
    const xml = (await get('/sitemaps/en-us/content.xml')).body;
    expect(xml).toContain(`<loc>${ORIGIN}/en-us/blog/odd&amp;&lt;cat&gt;</loc>`);
    expect(xml).not.toContain('<cat>');
  });

  it.each([
    '/sitemaps/xx-yy/products.xml',
    '/sitemaps/DE-DE/products.xml',
    '/sitemaps/de-de/pages.xml',
    '/sitemaps/de-de/products-1.xml',
    '/sitemaps/de-de/products-2.xml',
    '/sitemaps/de-de/products.xml.gz',
  ])('answers 404 for %s', async (path) => {
    const response = await get(path);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
  });
});

describe('canonical and hreflang', () => {
  it('names the canonical URL and each locale of a page, on PUBLIC_URL, without its filters', async () => {
    const response = await get('/de-de/p/vanta-mips-helmet?colour=oxblood&utm_source=x', { host: 'evil.example' });
    const links = headLinks(response.body);
    expect(links.canonical).toBe(`${ORIGIN}/de-de/p/vanta-mips-helmet`);
    expect(links.alternates).toMatchObject({
      'de-DE': `${ORIGIN}/de-de/p/vanta-mips-helmet`,
      'en-US': `${ORIGIN}/en-us/p/vanta-mips-helmet`,
      'x-default': `${ORIGIN}/en-us/p/vanta-mips-helmet`,
    });
    expect(Object.keys(links.alternates)).toHaveLength(30);
    expect(response.body).not.toContain('evil.example');
  });

  it('keeps a category page number and drops its filters', async () => {
    const links = headLinks((await get('/en-us/c/helmets?page=2&sort=newest&colour=black')).body);
    expect(links.canonical).toBe(`${ORIGIN}/en-us/c/helmets?page=2`);
    expect(links.alternates['fr-FR']).toBe(`${ORIGIN}/fr-fr/c/helmets?page=2`);
  });

  it('lists only the locales a regional product exists in', async () => {
    const links = headLinks((await get('/de-de/p/col-split-binding')).body);
    expect(links.canonical).toBe(`${ORIGIN}/de-de/p/col-split-binding`);
    expect(links.alternates).not.toHaveProperty('en-US');
    expect(links.alternates).not.toHaveProperty('x-default');
    expect(links.alternates).toHaveProperty('fr-FR');
  });

  it('gives the home pages their locale roots', async () => {
    expect(headLinks((await get('/')).body)).toMatchObject({
      canonical: `${ORIGIN}/`,
      alternates: { 'de-DE': `${ORIGIN}/de-de`, 'x-default': `${ORIGIN}/` },
    });
    expect(headLinks((await get('/de-de')).body).canonical).toBe(`${ORIGIN}/de-de`);
  });

  it("gives a client navigation to the home (React Router's `/_.data`) the home's links", async () => {
    const body = (await get('/_.data')).body;
    expect(body).toContain(`"${ORIGIN}/"`);
    // Alternates travel as paths on the origin, which the data names once (docs/decisions/029-e).
    expect(body).toContain(`"${ORIGIN}"`);
    expect(body).toContain('"de-DE"');
    expect(body).toContain('"/de-de"');
  });

  it.each([
    ['a missing page (404)', '/en-us/p/no-such-product', 404],
    ['a product not sold here', '/en-us/p/col-split-binding', 404],
    ['the cart', '/en-us/cart', 200],
    ['site search (noindex)', '/en-us/search?q=helmet', 200],
    ['the account (noindex)', '/en-us/account', 200],
    ['the pro sign-up (noindex)', '/en-us/pro/signup', 200],
  ])('gives %s none', async (_name, path, status) => {
    const response = await get(path);
    expect(response.statusCode).toBe(status);
    expect(headLinks(response.body)).toEqual({ canonical: undefined, alternates: {} });
  });
});

describe('structured data', () => {
  function jsonLdOf(html: string) {
    return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(([, json]) =>
      JSON.parse(json!),
    );
  }

  it('cannot be closed by a product name holding </script>', async () => {
    const [entry] = await app.services.content.client.entries('product', { query: { uid: 'ember-goggle' }, limit: 1 });
    const { uid, locale, created_at, updated_at, _version, publish_details, ...document } = entry!;
    void [locale, created_at, updated_at, _version, publish_details];
    await app.services.content.store.publish({
      entries: [
        {
          contentTypeUid: 'product',
          uid,
          locale: 'en-us',
          document: { ...document, display_title: 'Ember </script><script>alert(1)</script>' },
        },
      ],
    });
    const html = (await get('/en-us/p/ember-goggle')).body;
    expect(html).not.toContain('</script><script>alert(1)');
    const product = jsonLdOf(html).find((document) => document['@type'] === 'Product');
    expect(product).toMatchObject({
      name: 'Ember </script><script>alert(1)</script>',
      offers: { priceCurrency: 'USD' },
    });
  });
});

describe('CMS redirects', () => {
  it('sends a moved page to its target in the same locale, 301 when permanent', async () => {
    const response = await get('/de-de/c/snow-goggles?utm_source=news');
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/de-de/c/goggles?utm_source=news');
  });

  it('answers a temporary rule with 302 and an external one with its absolute URL', async () => {
    const external = await get('/en-us/instagram');
    expect(external.statusCode).toBe(302);
    expect(external.headers.location).toBe('https://www.instagram.com/pistegear');
  });

  it('collapses a chain into one redirect to its end', async () => {
    const response = await get('/fr-fr/park-2024');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/fr-fr/l/park-season');
    expect((await get(response.headers.location!)).statusCode).toBe(200);
  });

  it('runs after locale routing: a path without a locale is first put under one', async () => {
    const response = await get('/c/snow-goggles');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/en-us/c/snow-goggles');
  });

  it('takes a newly published rule at once, and refuses more than 10 hops and loops with 400', async () => {
    await publishRedirects([
      ...Array.from({ length: 11 }, (_, index) => ({
        uid: `hop-${index}`,
        from: `/hop-${index}`,
        to: `/hop-${index + 1}`,
      })),
      { uid: 'loop-a', from: '/loop-a', to: '/loop-b' },
      { uid: 'loop-b', from: '/loop-b', to: '/loop-a' },
    ]);
    const ten = await get('/en-us/hop-1');
    expect(ten.statusCode).toBe(302);
    expect(ten.headers.location).toBe('/en-us/hop-11');
    for (const path of ['/en-us/hop-0', '/en-us/loop-a']) {
      const response = await get(path);
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('<h1>Too many redirects</h1>');
    }
  });

  it('leaves .xml paths and the API alone', async () => {
    await publishRedirects([{ uid: 'xml', from: '/feed.xml', to: '/blog' }]);
    expect((await get('/en-us/feed.xml')).statusCode).toBe(404);
    expect((await get('/sitemap.xml')).statusCode).toBe(200);
  });

  it("answers a client navigation's data request with React Router's redirect", async () => {
    const internal = await get('/de-de/c/snow-goggles.data?_routes=routes%2Fcategory');
    expect(internal.statusCode).toBe(202);
    expect(internal.body).toContain('/de-de/c/goggles');
    expect(internal.body).not.toContain('_routes');
    const external = await get('/en-us/instagram.data');
    expect(external.statusCode).toBe(202);
    expect(external.body).toContain('https://www.instagram.com/pistegear');
    // A loop reloads the page as a document, which the server answers with its 400.
    const loop = await get('/en-us/loop-a.data');
    expect(loop.statusCode).toBe(202);
    expect(loop.body).toContain('/en-us/loop-a');
    expect((await get('/de-de/c/goggles.data')).statusCode).toBe(200);
  });

  it('redirects a client navigation to a path with a trailing slash (its `/_.data` request) like the page', async () => {
    const page = await get('/de-de/c/snow-goggles/');
    expect(page.statusCode).toBe(301);
    expect(page.headers.location).toBe('/de-de/c/goggles');
    const navigation = await get('/de-de/c/snow-goggles/_.data');
    expect(navigation.statusCode).toBe(202);
    expect(navigation.body).toContain('/de-de/c/goggles');
  });
});
