import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededPagesApp } from '../../test/support/app-harness';
import { expectedScriptHashes, policyScriptHashes } from '../../test/support/page-policy';

let harness: Awaited<ReturnType<typeof createSeededPagesApp>>;
let app: typeof harness.app;

beforeAll(async () => {
  // Pages read the demo catalogue; PGlite alone keeps this file fast (the API tests cover Postgres).
  harness = await createSeededPagesApp({ GEO_COUNTRY_HEADERS: 'cf-ipcountry' });
  app = harness.app;
});

afterAll(() => harness.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { 'accept-language': 'en-US,en;q=0.9', ...headers } });

/** Spec §2 'Screens and routes', one row per route, with a concrete path for each. */
const SPEC_ROUTES = [
  ['Home', '/'],
  ['Home under a locale', '/de-de'],
  ['Account home', '/en-us/account'],
  ['Create account', '/en-us/account/create'],
  ['Blog list', '/en-us/blog'],
  ['Blog category', '/en-us/blog/gear-guides'],
  ['Blog post', '/en-us/blog/p/first-tracks-in-hokkaido'],
  ['Product category', '/en-us/c/helmets'],
  ['Product category, multi-segment', '/en-us/c/helmets/freeride'],
  ['Cart', '/en-us/cart'],
  ['Country and language picker', '/en-us/country'],
  ['Product page', '/en-us/p/summit-pro-binding'],
  ['Pro programme', '/en-us/pro'],
  ['Pro create', '/en-us/pro/create'],
  ['Pro signup', '/en-us/pro/signup'],
  ['Site search', '/en-us/search'],
  ['Stores', '/en-us/stores'],
  ['Style tile', '/en-us/styletile'],
  ['Support list', '/en-us/support'],
  ['Support entry', '/en-us/support/returns'],
  ['Athletes', '/en-us/team'],
  ['Test store', '/en-us/test-store'],
] as const;

describe('spec §2 routes', () => {
  it.each(SPEC_ROUTES)('%s (%s) renders a page', async (_name, path) => {
    const response = await get(path);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toMatch(/^<!DOCTYPE html>/);
    expect(response.body).toContain('<h1');
    // Its inline scripts run by their hashes, exactly those: nothing in the page differs per visitor.
    const policy = String(response.headers['content-security-policy']);
    expect(policyScriptHashes(policy)).toEqual(expectedScriptHashes(response.body));
    expect(policyScriptHashes(policy).length).toBeGreaterThan(0);
    expect(response.body).not.toMatch(/\snonce=/);
  });

  it.each([
    ['Account addresses', '/en-us/account/addresses'],
    ['Account orders', '/en-us/account/orders'],
    ['Account profile', '/en-us/account/profile'],
    ['Pro club', '/en-us/proclub'],
  ])('%s (%s) sends a signed-out visitor to sign in, to come back afterwards (spec §6)', async (_name, path) => {
    const response = await get(path);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`/en-us/account?redirect=${encodeURIComponent(path)}`);
  });

  it('gives each page a title followed by the brand title', async () => {
    expect((await get('/en-us/stores')).body).toContain('<title>Find a store | Piste</title>');
    expect((await get('/en-us/c/helmets/freeride')).body).toContain('<title>Freeride | Piste</title>');
  });

  it('sets <html lang> from the locale', async () => {
    expect((await get('/')).body).toContain('<html lang="en"');
    expect((await get('/de-de')).body).toContain('<html lang="de"');
    expect((await get('/fr-ca/stores')).body).toContain('<html lang="fr"');
  });

  it('lets a page pick the flush-banner layout by name, and uses default otherwise', async () => {
    expect((await get('/')).body).toContain('data-layout="flush-banner"');
    expect((await get('/en-us/stores')).body).toContain('data-layout="default"');
  });

  it('redirects any path ending in time-for-the-reset to the locale home (a route with no component)', async () => {
    const response = await get('/de-de/campaign/time-for-the-reset');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/de-de');
  });
});

describe('error page (spec §2)', () => {
  it.each([
    ['an unmatched path under a locale', '/en-us/no/such/page'],
    ['a generic content page that does not exist', '/en-us/no-such-page'],
    ['an invalid locale prefix', '/xx-zz/stores'],
  ])('answers %s with 404 "Page not found"', async (_name, path) => {
    const response = await get(path);
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('Page not found');
    expect(response.body).toContain('<title>Page Not Found | Piste</title>');
    expect(response.body).toMatch(/<a[^>]+href="\/"[^>]*>Return to homepage<\/a>/);
  });

  it('is flush with the top on lang-page and index routes, default elsewhere', async () => {
    expect((await get('/en-us/no-such-page')).body).toContain('data-layout="flush-banner"');
    expect((await get('/en-us/no/such/page')).body).toContain('data-layout="default"');
  });

  it('never shows the raw error outside development', async () => {
    const response = await get('/en-us/no/such/page');
    expect(response.body).not.toMatch(/at [\w.]+ \(/);
  });

  it("names the page a client navigation's data request is for, with or without a trailing slash", async () => {
    // React Router asks `/path.data` for `/path` and `/path/_.data` for `/path/` (react-router.config.ts).
    expect((await get('/en-us/no/such/page.data')).body).toContain('"Page Not Found: /en-us/no/such/page"');
    expect((await get('/en-us/no/such/page/_.data')).body).toContain('"Page Not Found: /en-us/no/such/page/"');
  });
});

describe('locale routing (spec §2)', () => {
  it('redirects a path without a locale to the visitor locale, keeping the query', async () => {
    const response = await get('/stores?sort=name');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/en-us/stores?sort=name');
  });

  it('shortens /en-us to /', async () => {
    const response = await get('/en-us?ref=mail');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/?ref=mail');
  });

  it('detects the visitor locale from cookie, then trusted geolocation header, then Accept-Language', async () => {
    expect((await get('/stores', { 'accept-language': 'de-DE,de;q=0.9' })).headers.location).toBe('/de-de/stores');
    expect((await get('/stores', { 'cf-ipcountry': 'FR', 'accept-language': 'de' })).headers.location).toBe(
      '/fr-fr/stores',
    );
    expect(
      (await get('/stores', { cookie: 'piste_locale=it-it', 'cf-ipcountry': 'FR', 'accept-language': 'de' })).headers
        .location,
    ).toBe('/it-it/stores');
  });

  it('rewrites a prefix that differs from the chosen locale to the chosen one', async () => {
    const response = await get('/fr-fr/stores?x=1', { cookie: 'piste_locale=de-de' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/de-de/stores?x=1');
  });

  it('takes the locale from the path for shopping feeds, whatever the cookie says', async () => {
    const response = await get('/fr-fr/stores?isshoppingfeed=yes', { cookie: 'piste_locale=de-de' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<html lang="fr"');
  });

  it('lets .xml paths skip locale handling', async () => {
    const response = await get('/sitemap.xml');
    expect(response.statusCode).not.toBe(302);
  });

  it('saves utm* query parameters in a cookie', async () => {
    const response = await get('/en-us/stores?utm_source=newsletter&utm_campaign=winter&page=2');
    const cookie = [response.headers['set-cookie']].flat().find((value) => value?.startsWith('piste_utm='));
    expect(cookie).toBeDefined();
    expect(decodeURIComponent(cookie!.split(';')[0]!.slice('piste_utm='.length))).toBe(
      JSON.stringify({ utm_source: 'newsletter', utm_campaign: 'winter' }),
    );
    expect(cookie).toMatch(/HttpOnly/i);
  });
});

describe('country picker', () => {
  const chooseLocale = (locale: string) =>
    app.inject({
      method: 'POST',
      url: '/en-us/country',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ locale }).toString(),
    });

  it('remembers the chosen locale in a cookie and goes to its home', async () => {
    const response = await chooseLocale('de-ch');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/de-ch');
    expect(String(response.headers['set-cookie'])).toMatch(/piste_locale=de-ch;.*HttpOnly/);
  });

  it('goes to the page it was chosen on in the new locale, or home where that product is not sold', async () => {
    const choose = (locale: string, path: string) =>
      app.inject({
        method: 'POST',
        url: '/de-de/country',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ locale, path }).toString(),
      });
    // The Skyline is sold in Europe only (data/seed/catalogue/products-helmets.json).
    expect((await choose('fr-fr', '/p/skyline-touring-helmet?colour=alpine+red')).headers.location).toBe(
      '/fr-fr/p/skyline-touring-helmet?colour=alpine+red',
    );
    expect((await choose('en-ca', '/p/skyline-touring-helmet')).headers.location).toBe('/en-ca');
    expect((await choose('en-ca', '/c/helmets')).headers.location).toBe('/en-ca/c/helmets');
  });

  it('names the page it was opened from in its form', async () => {
    const page = await get('/en-us/country?from=%2Fp%2Fvanta-mips-helmet');
    expect(page.body).toContain('name="path" value="/p/vanta-mips-helmet"');
    expect((await get('/en-us/country?from=%2F%2Fevil.example')).body).not.toContain('name="path"');
  });

  it('refuses a body that is not a form with a 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/en-us/country',
      headers: { 'content-type': 'application/json' },
      payload: '{"locale":',
    });
    expect(response.statusCode).toBe(400);
  });

  it('is refused under a prefix that is no shop locale, even one that ends like a data request', async () => {
    for (const url of ['/xx/country', '/de-de.data/country']) {
      const response = await app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ locale: 'de-ch' }).toString(),
      });
      expect(response.statusCode).toBe(404);
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it('refuses a locale that is not offered, with a 400 and a message', async () => {
    const response = await chooseLocale('xx-yy');
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Choose one of the countries and languages listed.');
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});

describe('static assets', () => {
  it('serves hashed assets with a year-long immutable cache', async () => {
    const home = await get('/');
    const asset = /\/assets\/[\w.-]+\.js/.exec(home.body)?.[0];
    expect(asset).toBeDefined();
    const response = await get(asset!);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
