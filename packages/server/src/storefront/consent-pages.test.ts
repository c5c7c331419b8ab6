import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededPagesApp } from '../../test/support/app-harness';
import { expectedScriptHashes, policyScriptHashes } from '../../test/support/page-policy';

let harness: Awaited<ReturnType<typeof createSeededPagesApp>>;

beforeAll(async () => {
  harness = await createSeededPagesApp({ TAG_MANAGER_ID: 'GTM-PISTE1' });
});
afterAll(() => harness.close());

type Response = Awaited<ReturnType<typeof harness.app.inject>>;
/** A page's rendered markup, without the loader data after it (which holds every display text). */
const markup = (response: Response) => response.body.slice(0, response.body.indexOf('window.__reactRouterContext'));
const consentCookie = (response: Response) => response.cookies.find((cookie) => cookie.name === 'piste_consent');
const setCookieHeader = (response: Response) => String(response.headers['set-cookie'] ?? '');

const get = (url: string, consent?: string) =>
  harness.app.inject({ method: 'GET', url, cookies: consent ? { piste_consent: consent } : {} });
const post = (url: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
  harness.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(form).toString(),
  });

describe('pages before and after consent', () => {
  it('asks first, and loads no tag manager before the visitor decides', async () => {
    const response = await get('/en-us/c/goggles');
    expect(response.statusCode).toBe(200);
    const html = markup(response);
    expect(html).toContain('We use cookies');
    expect(html).toContain('href="/en-us/consent?returnTo=%2Fen-us%2Fc%2Fgoggles"');
    expect(html).not.toContain('tag-manager-bootstrap');
    expect(html).not.toContain('googletagmanager.com/gtm.js');
    // The policy already allows the container, so consent given on the page can load it.
    expect(response.headers['content-security-policy']).toMatch(
      /script-src 'self' [^;]*https:\/\/\*\.googletagmanager\.com/,
    );
  });

  it('renders the tag manager, allowed by its hash, once the visitor consented to analytics', async () => {
    const response = await get('/en-us/c/goggles', 'v1.a1.m0');
    const html = markup(response);
    expect(html).not.toContain('We use cookies');
    const script = /<script id="tag-manager-bootstrap">(.*?)<\/script>/.exec(html);
    expect(script?.[1]).toContain('https://www.googletagmanager.com/gtm.js?id=GTM-PISTE1');
    expect(script?.[1]).toContain('"analytics_storage":"granted","ad_storage":"denied"');
    const hashes = policyScriptHashes(String(response.headers['content-security-policy']));
    expect(hashes).toEqual(expectedScriptHashes(response.body));
    expect(hashes).toContain(expectedScriptHashes(script![0])[0]);
    expect(html).toContain('Cookie settings');
  });

  it('renders no tag manager and no banner after a refusal', async () => {
    const html = markup(await get('/en-us/p/summit-pro-binding', 'v1.a0.m0'));
    expect(html).not.toContain('We use cookies');
    expect(html).not.toContain('tag-manager-bootstrap');
  });

  it('asks again for a choice stored by another version of the categories', async () => {
    const html = markup(await get('/en-us/c/goggles', 'v0.a1.m1'));
    expect(html).toContain('We use cookies');
    expect(html).not.toContain('tag-manager-bootstrap');
  });
});

describe('POST /{lang}/consent', () => {
  it('stores the choice for 180 days and sends a form without JavaScript back to its page', async () => {
    const response = await post('/en-us/consent', { decision: 'accept', returnTo: '/en-us/c/goggles?sort=name' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/en-us/c/goggles?sort=name');
    expect(consentCookie(response)).toMatchObject({
      value: 'v1.a1.m1',
      path: '/',
      maxAge: 15_552_000,
      sameSite: 'Lax',
    });
    // Readable by the page's tags on purpose (docs/analytics.md).
    expect(setCookieHeader(response)).not.toMatch(/HttpOnly/i);
  });

  it('saves the ticked boxes', async () => {
    const response = await post('/de-de/consent', { decision: 'save', analytics: 'on', returnTo: '/de-de' });
    expect(response.headers.location).toBe('/de-de');
    expect(consentCookie(response)?.value).toBe('v1.a1.m0');
  });

  it.each(['//evil.example/phish', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)', ''])(
    'refuses to send the visitor to %j: the locale home instead',
    async (returnTo) => {
      const response = await post('/fr-fr/consent', { decision: 'reject', returnTo });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/fr-fr');
      expect(consentCookie(response)?.value).toBe('v1.a0.m0');
    },
  );

  it('answers a fetcher (no returnTo) with the choice as data', async () => {
    const response = await post('/en-us/consent.data', { decision: 'reject' });
    expect(response.statusCode).toBe(200);
    expect(consentCookie(response)?.value).toBe('v1.a0.m0');
  });

  it('refuses a form without a decision with 400, storing nothing', async () => {
    const response = await post('/en-us/consent', { decision: 'maybe', returnTo: '/en-us' });
    expect(response.statusCode).toBe(400);
    expect(consentCookie(response)).toBeUndefined();
    expect(markup(response)).toContain('Choose accept all, reject all, or save your choices.');
  });

  it('refuses a decision sent from another site', async () => {
    const response = await post(
      '/en-us/consent',
      { decision: 'accept', returnTo: '/en-us' },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(response.statusCode).toBe(403);
    expect(consentCookie(response)).toBeUndefined();
  });

  it('shows the settings page, coming back only to a path of this site', async () => {
    const page = markup(await get('/en-us/consent?returnTo=%2Fen-us%2Fcart'));
    expect(page).toContain('<h1');
    expect(page).toContain('name="returnTo" value="/en-us/cart"');
    expect(markup(await get('/en-us/consent?returnTo=%2F%2Fevil.example'))).toContain('name="returnTo" value="/"');
  });
});
