import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededPagesApp } from '../../test/support/app-harness';
import { DEMO, TestBrowser } from '../../test/support/test-browser';

let harness: Awaited<ReturnType<typeof createSeededPagesApp>>;
/** The first variant of each demo product, by uid. */
let firstVariant: Map<string, number>;

beforeAll(async () => {
  harness = await createSeededPagesApp();
  const { services } = harness.app;
  const products = await services.catalogue.listProducts(services.shopperIn('us'), {
    page: 1,
    limit: 250,
    sort: 'id',
    direction: 'asc',
    include: ['variants'],
  });
  firstVariant = new Map(
    products.data.map((product) => [product.custom_url.url.replaceAll('/', ''), product.variants![0]!.id]),
  );
});
afterAll(() => harness.close());

/** The first demo product's first variant (Summit Pro Binding, Stealth Black, S: 48 in stock). */
const VARIANT = 100001;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

type Response = Awaited<ReturnType<typeof harness.app.inject>>;
/** A page's rendered markup, without the loader data after it (which holds every display text). */
const markup = (response: Response) => response.body.slice(0, response.body.indexOf('window.__reactRouterContext'));
const cartCookie = (response: Response) => response.cookies.find((cookie) => cookie.name === 'piste_cart');

/** A page request of a browser holding the given cart session. */
const get = (url: string, session?: string) =>
  harness.app.inject({ method: 'GET', url, cookies: session ? { piste_cart: session } : {} });
const post = (url: string, form: Record<string, string | number>, session?: string, headers = {}) =>
  harness.app.inject({
    method: 'POST',
    url,
    headers: { ...FORM, ...headers },
    cookies: session ? { piste_cart: session } : {},
    payload: new URLSearchParams(
      Object.entries(form).map(([key, value]): [string, string] => [key, String(value)]),
    ).toString(),
  });

/** What `/api/shopper` tells the page's header about the cart session. */
const shopperOf = async (session: string) =>
  (await get('/api/shopper?locale=en-us', session)).json() as { cartItemCount: number; cartProductUids: string[] };

/** Adds a variant from its product page and answers the session holding the cart. */
async function addToCart(session?: string, variantId = VARIANT, quantity = 1, path = '/en-us/p/summit-pro-binding') {
  const response = await post(path, { variantId, quantity }, session);
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return cartCookie(response)?.value ?? session!;
}

/** The ids of the cart page's lines, from their remove forms. */
const lineIds = (html: string) =>
  [...html.matchAll(/name="intent" value="remove"\/><input type="hidden" name="itemId" value="([0-9a-f-]{36})"/g)].map(
    (match) => match[1]!,
  );

describe('add to cart from the product page', () => {
  it('creates the cart and its session cookie on the first add, and adds to it after', async () => {
    const first = await post('/en-us/p/summit-pro-binding', { variantId: VARIANT, quantity: 2 });
    expect(first.statusCode).toBe(200);
    expect(markup(first)).toMatch(/role="alert"[^>]*>Added to cart</);
    const cookie = cartCookie(first)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    // The answer is this shopper's own; the header's count comes from /api/shopper (decision 029-a).
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect((await shopperOf(cookie.value)).cartItemCount).toBe(2);

    const helmet = firstVariant.get('vanta-mips-helmet')!;
    const second = await post('/en-us/p/vanta-mips-helmet', { variantId: helmet, quantity: 1 }, cookie.value);
    expect(second.statusCode).toBe(200);
    expect(cartCookie(second)).toBeUndefined();
    expect((await shopperOf(cookie.value)).cartItemCount).toBe(3);
  });

  it('answers the engine’s stock refusal with a message', async () => {
    const session = await addToCart();
    const response = await post('/en-us/p/summit-pro-binding', { variantId: VARIANT, quantity: 10 }, session);
    expect(response.statusCode).toBe(200);
    await harness.database.db.execute(sql`update variants set inventory_level = 3 where id = ${VARIANT}`);
    const refused = await post('/en-us/p/summit-pro-binding', { variantId: VARIANT, quantity: 5 }, session);
    expect(refused.statusCode).toBe(400);
    expect(markup(refused)).toContain('Sorry, there is not enough of this size in stock.');
    await harness.database.db.execute(sql`update variants set inventory_level = 48 where id = ${VARIANT}`);
  });

  it('refuses a post from another site', async () => {
    const response = await post('/en-us/p/summit-pro-binding', { variantId: VARIANT, quantity: 1 }, undefined, {
      'sec-fetch-site': 'cross-site',
    });
    expect(response.statusCode).toBe(403);
    expect(cartCookie(response)).toBeUndefined();
  });

  it('tells the product page which add-ons the cart holds, after load (the page itself is shared)', async () => {
    const lens = 'horizon-magnetic-lens';
    const session = await addToCart(undefined, firstVariant.get(lens), 1, `/en-us/p/${lens}`);
    expect(markup(await get('/en-us/p/horizon-spherical-goggle', session))).not.toContain('>Added to cart</p>');
    expect((await shopperOf(session)).cartProductUids).toEqual([lens]);
  });
});

describe('the cart page', () => {
  it('shows an empty cart with a way back to the shop', async () => {
    const html = markup(await get('/en-us/cart'));
    expect(html).toContain('Your cart is empty');
    expect(html).toContain('Continue shopping');
    expect(html).toContain('aria-label="Cart"');
  });

  it('lists lines with options, prices, a stepper and remove, and the subtotal', async () => {
    const session = await addToCart(undefined, VARIANT, 2);
    const html = markup(await get('/en-us/cart', session));
    expect(html).toContain('Summit Pro Binding');
    expect(html).toContain('Colour: Stealth Black · Size: S');
    expect(html).toContain('aria-label="Increase quantity of Summit Pro Binding"');
    expect(html).toContain('aria-label="Remove Summit Pro Binding"');
    expect(html).toContain('$899.90');
    expect(html).toContain('href="/en-us/checkout"');
    // The US zone ships free from $100 (shipping seed).
    expect(html).toContain('Your order qualifies for free shipping.');
  });

  it('changes a quantity and removes a line, without scripts', async () => {
    const session = await addToCart(undefined, VARIANT, 1);
    const [itemId] = lineIds(markup(await get('/en-us/cart', session)));
    const updated = await post('/en-us/cart', { intent: 'update', itemId: itemId!, quantity: 3 }, session);
    expect(updated.statusCode).toBe(200);
    expect(markup(updated)).toContain('Your cart was updated.');
    expect(markup(updated)).toContain('$1,349.85');

    const tooMany = await post('/en-us/cart', { intent: 'update', itemId: itemId!, quantity: 100 }, session);
    expect(tooMany.statusCode).toBe(400);
    const unknown = await post('/en-us/cart', { intent: 'remove', itemId: 'nope' }, session);
    expect(unknown.statusCode).toBe(404);
    expect(markup(unknown)).toContain('This item is no longer in your cart.');

    const removed = await post('/en-us/cart', { intent: 'remove', itemId: itemId! }, session);
    expect(removed.statusCode).toBe(200);
    expect(markup(removed)).toContain('Summit Pro Binding was removed from your cart.');
    expect(markup(removed)).toContain('Your cart is empty');
  });

  it('does not promise free shipping to the demo US pro, whose group the shipping settings hide it from', async () => {
    // Spec §5: "Free shipping is hidden for customer groups in hide_free_shipping_groups".
    const pro = new TestBrowser(harness.app);
    await pro.signIn(DEMO.proUs.email, DEMO.proUs.pw);
    const added = await pro.post('/en-us/p/summit-pro-binding', `variantId=${VARIANT}&quantity=2`, {
      headers: FORM,
    });
    expect(added.statusCode).toBe(200);
    const html = markup(await pro.get('/en-us/cart'));
    expect(html).toContain('Summit Pro Binding');
    expect(html).not.toContain('free shipping');
  });

  it('prices the cart in euros in de-de, with the way to free shipping', async () => {
    const lens = firstVariant.get('horizon-magnetic-lens');
    const session = await addToCart(undefined, lens, 1, '/de-de/p/horizon-magnetic-lens');
    const html = markup(await get('/de-de/cart', session));
    expect(html).toMatch(/\d+,\d{2}\s€/);
    expect(html).toMatch(/Noch \d+,\d{2}\s€ bis zum kostenlosen Versand\./);
  });

  it('clears a session whose cart is gone', async () => {
    const session = await addToCart();
    await harness.database.db.execute(sql`delete from carts where id = ${session.split('.')[0]!}`);
    const response = await get('/en-us/cart', session);
    expect(response.statusCode).toBe(200);
    expect(markup(response)).toContain('Your cart is empty');
    expect(cartCookie(response)).toMatchObject({ value: '', maxAge: 0 });
  });

  it('hands out the XSRF-TOKEN cookie with /api/shopper, not with page views (decision 029-a)', async () => {
    expect((await get('/en-us/cart')).headers['set-cookie']).toBeUndefined();
    const response = await get('/api/shopper?locale=en-us');
    const cookie = response.cookies.find((candidate) => candidate.name === 'XSRF-TOKEN');
    expect(cookie).toMatchObject({ sameSite: 'Lax', value: expect.stringMatching(/^[\w-]{43}$/) });
    expect(cookie!.httpOnly).toBeFalsy();
  });
});
