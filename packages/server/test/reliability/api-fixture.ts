import { randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { checkOut, TestBrowser } from '../support/test-browser';
import { testConfig } from '../support/app-harness';
import type { ApiFixture } from './api-fuzz-cases';

interface Injectable {
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
}

export const FIXTURE_PASSWORD = 'a long enough passphrase';

/** A valid US address the fixture and the fuzzed bodies start from. */
export const FIXTURE_ADDRESS = {
  first_name: 'Tessa',
  last_name: 'Calloway',
  address1: '1450 South West Temple',
  city: 'Salt Lake City',
  state_or_province: 'UT',
  postal_code: '84115',
  country_code: 'US',
};

async function expectStatus(response: LightMyRequestResponse, status: number, what: string) {
  if (response.statusCode !== status) throw new Error(`${what}: ${response.statusCode} ${response.body.slice(0, 300)}`);
  return response.json();
}

/**
 * A signed-in customer who owns one of everything (an address, an order, an open cart), so
 * fuzzed requests carrying valid ids get past the access checks to the code behind them.
 * `refresh` restores what a fuzzed request may have taken: the session (logout, sign-up as
 * someone else), the cart (deleted, checked out) and the address; an account that fuzzed
 * password checks locked is replaced by a new owner.
 */
export async function createApiFixture(app: Injectable) {
  const products = (
    await expectStatus(await app.inject({ url: '/api/products?limit=250&include=variants' }), 200, 'products')
  ).data as { variants: { id: number; product_id: number; inventory_level: number }[] }[];
  const variant = products
    .flatMap((product) => product.variants)
    .sort((a, b) => b.inventory_level - a.inventory_level)[0]!;
  const line = { product_id: variant.product_id, variant_id: variant.id, quantity: 1 };
  const product = await expectStatus(await app.inject({ url: `/api/products/${variant.product_id}` }), 200, 'product');

  const config = testConfig();
  const fixture: ApiFixture = {
    customerId: 0,
    email: '',
    addressId: 0,
    orderId: 0,
    cartId: '',
    itemId: '',
    productId: variant.product_id,
    productUid: product.data.custom_url.url.replaceAll('/', ''),
    variantId: variant.id,
    keys: {
      search: config.SEARCH_KEY,
      searchEngine: config.SEARCH_ENGINE,
      contentApiKey: config.CONTENT_API_KEY,
      contentToken: config.CONTENT_DELIVERY_TOKEN,
      contentEnvironment: config.CONTENT_ENVIRONMENT,
    },
  };
  let browser = new TestBrowser(app);

  /** A new owner: an account, signed in, with a placed order. */
  async function newOwner() {
    browser = new TestBrowser(app);
    const email = `fuzz.${randomUUID().slice(0, 8)}@example.com`;
    const created = await expectStatus(
      await browser.post('/api/customers/create', {
        email,
        password: FIXTURE_PASSWORD,
        first_name: 'Fuzz',
        last_name: 'Owner',
      }),
      201,
      'sign-up',
    );
    const placed = await checkOut(browser, [line], { email });
    Object.assign(fixture, {
      customerId: created.data.id,
      email,
      orderId: (await expectStatus(placed.response, 201, 'checkout')).data.id,
      cartId: '',
    });
  }
  await newOwner();

  async function refresh() {
    const session = await browser.post('/api/customers/validate-session');
    if (session.json().data?.customer?.id !== fixture.customerId) {
      // A fresh address too: fuzzed sign-ins may have used up this one's login limit.
      browser = new TestBrowser(app);
      const signedIn = await browser.post('/api/customers/login', { email: fixture.email, pw: FIXTURE_PASSWORD });
      // Fuzzed password checks may have locked the account (login-account limit): start over with another.
      if (signedIn.statusCode !== 200) await newOwner();
    }
    const cart = fixture.cartId ? await browser.get(`/api/cart/${fixture.cartId}`) : null;
    const items = cart?.statusCode === 200 ? cart.json().data.line_items.physical_items : [];
    if (items.length === 0) {
      const opened = await expectStatus(await browser.post('/api/cart/create', { line_items: [line] }), 201, 'cart');
      fixture.cartId = opened.data.id;
      fixture.itemId = opened.data.line_items.physical_items[0].id;
    } else {
      fixture.itemId = items[0].id;
    }
    const addresses = (
      await expectStatus(await browser.get(`/api/customers/${fixture.customerId}/addresses`), 200, 'addresses')
    ).data as { id: number }[];
    fixture.addressId =
      addresses[0]?.id ??
      (
        await expectStatus(
          await browser.post(`/api/customers/${fixture.customerId}/addresses`, FIXTURE_ADDRESS),
          201,
          'address',
        )
      ).data.id;
  }
  await refresh();

  return {
    fixture,
    /** The customer's browser as of the last refresh. */
    browser: () => browser,
    refresh,
  };
}
