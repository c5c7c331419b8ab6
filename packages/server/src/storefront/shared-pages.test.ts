import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededPagesApp } from '../../test/support/app-harness';
import { DEMO, TestBrowser } from '../../test/support/test-browser';

let harness: Awaited<ReturnType<typeof createSeededPagesApp>>;

beforeAll(async () => {
  harness = await createSeededPagesApp();
});
afterAll(() => harness.close());

const PRODUCT = '/en-us/p/summit-pro-binding';
/** The first demo product's first variant (Summit Pro Binding, Stealth Black, S). */
const VARIANT = 100001;
const SHARED = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';
const PERSONAL = 'private, no-store';

type Response = Awaited<ReturnType<typeof harness.app.inject>>;
/** A page's rendered markup, without the loader data after it (which holds every display text). */
const markup = (response: Response) => response.body.slice(0, response.body.indexOf('window.__reactRouterContext'));

const get = (url: string, cookies: Record<string, string> = {}) => harness.app.inject({ method: 'GET', url, cookies });

/** A browser holding a cart of two bindings, added from the product page's form. */
async function cartHolder(): Promise<string> {
  const added = await harness.app.inject({
    method: 'POST',
    url: PRODUCT,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `variantId=${VARIANT}&quantity=2`,
  });
  expect(added.statusCode).toBe(200);
  return added.cookies.find((cookie) => cookie.name === 'piste_cart')!.value;
}

describe('pages every signed-out visitor shares (decision 029-a)', () => {
  it('go out the same to a new visitor and to a cart holder: no cookie, no cart count, shared caching', async () => {
    const cart = await cartHolder();
    const visitors: Record<string, string>[] = [{}, { piste_cart: cart }];
    for (const cookies of visitors) {
      const page = await get(PRODUCT, cookies);
      expect(page.statusCode).toBe(200);
      expect(page.headers['set-cookie']).toBeUndefined();
      expect(page.headers['cache-control']).toBe(SHARED);
      expect(String(page.headers.vary)).toMatch(/accept-encoding/i);
      expect(String(page.headers.vary)).not.toMatch(/cookie/i);
      // The header's cart link names no count: it is read from /api/shopper after load.
      expect(markup(page)).toContain('aria-label="Cart"');
      expect(markup(page)).not.toMatch(/Cart, \d+ item/);
    }
  });

  it('leave a stale cart cookie for /api/shopper to clear', async () => {
    const page = await get(PRODUCT, { piste_cart: `${crypto.randomUUID()}.${'s'.repeat(43)}` });
    expect(page.headers['set-cookie']).toBeUndefined();
    expect(page.headers['cache-control']).toBe(SHARED);
  });
});

describe('GET /api/shopper', () => {
  it('gives a cart holder their count, unshared, with the CSRF token cookie', async () => {
    const cart = await cartHolder();
    const answer = await get('/api/shopper?locale=en-us', { piste_cart: cart });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe(PERSONAL);
    expect(answer.json()).toEqual({ cartItemCount: 2, cartProductUids: ['summit-pro-binding'], customer: null });
    expect(answer.cookies.map((cookie) => cookie.name)).toContain('XSRF-TOKEN');
  });

  it('names the signed-in customer and a pro’s spend', async () => {
    const pro = new TestBrowser(harness.app);
    await pro.signIn(DEMO.proUs.email, DEMO.proUs.pw);
    const answer = await pro.get('/api/shopper?locale=en-us');
    expect(answer.statusCode).toBe(200);
    const { customer } = answer.json();
    expect(customer).toMatchObject({ isPro: true, isEmployee: false, firstName: expect.any(String) });
    expect(customer.proSpend).toMatchObject({ reached: expect.any(Boolean), leftText: expect.stringContaining('$') });
  });

  it('clears a cart cookie whose cart is gone, and counts nothing', async () => {
    const answer = await get('/api/shopper?locale=en-us', { piste_cart: `${crypto.randomUUID()}.${'s'.repeat(43)}` });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ cartItemCount: 0, cartProductUids: [], customer: null });
    expect(answer.cookies.find((cookie) => cookie.name === 'piste_cart')?.value).toBe('');
  });

  it('answers 400 to a locale the shop does not have, or none', async () => {
    for (const url of ['/api/shopper?locale=xx-yy', '/api/shopper', '/api/shopper?locale=en-us&extra=1']) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json().error.code).toBeDefined();
    }
  });
});

describe('personal answers are private, no-store', () => {
  it('every page of a signed-in visitor, with their name in it', async () => {
    const shopper = new TestBrowser(harness.app);
    const { first_name } = await shopper.signIn(DEMO.shopper.email, DEMO.shopper.pw);
    const page = await shopper.get(PRODUCT);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe(PERSONAL);
    expect(markup(page)).toContain(String(first_name));
  });

  it('the cart, checkout, order lookup and account pages in every locale, even signed out', async () => {
    for (const url of ['/en-us/cart', '/de-de/cart', '/en-us/checkout', '/fr-fr/order-status', '/en-us/account']) {
      const page = await get(url);
      expect(page.headers['cache-control'], url).toBe(PERSONAL);
      expect(page.headers['set-cookie'], url).toBeUndefined();
    }
  });

  it('a page that sets a cookie: a campaign landing remembers its UTM parameters', async () => {
    const landing = await get(`${PRODUCT}?utm_source=newsletter&utm_campaign=first-tracks`);
    expect(landing.statusCode).toBe(200);
    expect(landing.cookies.map((cookie) => cookie.name)).toContain('piste_utm');
    expect(landing.headers['cache-control']).toBe(PERSONAL);
  });

  it('data requests and pages that are not found', async () => {
    const data = await get(`${PRODUCT}.data`);
    expect(data.statusCode).toBe(200);
    expect(data.headers['cache-control']).toBe(PERSONAL);
    const missing = await get('/en-us/p/no-such-product');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe(PERSONAL);
  });
});
