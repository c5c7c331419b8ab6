import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@piste/db/testing';
import { createSeededApiApp } from '../../../test/support/app-harness';
import { checkOut, TestBrowser } from '../../../test/support/test-browser';

type Response = Awaited<ReturnType<TestBrowser['call']>>;

const expectError = (response: Response, status: number, code?: string) => {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toEqual({ error: { code: code ?? expect.any(String), message: expect.any(String) } });
};

const address = (city: string) => ({
  first_name: 'Tessa',
  last_name: 'Calloway',
  address1: '1450 South West Temple',
  city,
  postal_code: '84115',
  country_code: 'US',
});

interface Variant {
  id: number;
  product_id: number;
  inventory_level: number;
}

/**
 * Customer A cannot read or change B's addresses, orders, cart or
 * profile, and a visitor reaches none of it.
 */
describe.each(testDatabaseKinds())('customer authorisation on $name', (kind) => {
  let harness: Awaited<ReturnType<typeof createSeededApiApp>>;
  let variant: Variant;
  const PASSWORD = 'a long enough passphrase';

  beforeAll(async () => {
    harness = await createSeededApiApp(kind);
    const products = (await harness.app.inject({ url: '/api/products?limit=250&include=variants' })).json().data as {
      variants: Variant[];
    }[];
    variant = products.flatMap((product) => product.variants).sort((a, b) => b.inventory_level - a.inventory_level)[0]!;
  });
  afterAll(() => harness.close());

  const browser = () => new TestBrowser(harness.app);
  const line = (quantity = 1) => ({ product_id: variant.product_id, variant_id: variant.id, quantity });

  /** A new account signed in in its own browser, with an address, a placed order and an open cart. */
  async function customerWithEverything(name: string) {
    const client = browser();
    const email = `${name}.${randomUUID().slice(0, 8)}@example.com`;
    const created = await client.post('/api/customers/create', {
      email,
      password: PASSWORD,
      first_name: name,
      last_name: 'Tester',
    });
    expect(created.statusCode, created.body).toBe(201);
    const customer = created.json().data as { id: number; email: string };
    const added = await client.post(`/api/customers/${customer.id}/addresses`, address(`${name}ville`));
    expect(added.statusCode).toBe(201);
    const placed = await checkOut(client, [line()], { email });
    expect(placed.response.statusCode, placed.response.body).toBe(201);
    const cart = await client.post('/api/cart/create', { line_items: [line(2)] });
    expect(cart.statusCode).toBe(201);
    expect(cart.json().data.customer_id).toBe(customer.id);
    return {
      client,
      customer,
      addressId: added.json().data.id as number,
      orderId: placed.response.json().data.id as number,
      cartId: cart.json().data.id as string,
    };
  }

  let a: Awaited<ReturnType<typeof customerWithEverything>>;
  let b: Awaited<ReturnType<typeof customerWithEverything>>;
  beforeAll(async () => {
    a = await customerWithEverything('alice');
    b = await customerWithEverything('bob');
  });

  /** The calls on a customer's own resources, as `who` would make them for `target`. */
  const ownResourceCalls = (target: typeof a) =>
    [
      ['GET customer', 'GET', `/api/customers/${target.customer.id}`, undefined],
      ['PUT customer', 'PUT', `/api/customers/${target.customer.id}`, { first_name: 'Mallory' }],
      ['DELETE customer', 'DELETE', `/api/customers/${target.customer.id}`, { pw: PASSWORD }],
      ['list addresses', 'GET', `/api/customers/${target.customer.id}/addresses`, undefined],
      ['add address', 'POST', `/api/customers/${target.customer.id}/addresses`, address('Mallorytown')],
      [
        'update address',
        'PUT',
        `/api/customers/${target.customer.id}/addresses`,
        { id: target.addressId, city: 'Mallorytown' },
      ],
      ['delete address', 'DELETE', `/api/customers/${target.customer.id}/addresses/${target.addressId}`, undefined],
      ['pro order total', 'GET', `/api/pro/order_total?customer_id=${target.customer.id}&brand_id=us`, undefined],
      ['bclogin', 'POST', '/api/customers/bclogin', { id: target.customer.id, redirect: '/' }],
    ] as const;

  /** B's account as B sees it, to show nothing changed. */
  async function bAsBSeesIt() {
    const profile = (await b.client.get(`/api/customers/${b.customer.id}`)).json().data;
    const addresses = (await b.client.get(`/api/customers/${b.customer.id}/addresses`)).json().data;
    const cart = (await b.client.get(`/api/cart/${b.cartId}`)).json().data;
    const order = (await b.client.get(`/api/orders/${b.orderId}`)).json().data;
    return { profile, addresses, cart, order };
  }

  it('answers a visitor 401 SIGN_IN_REQUIRED on every own-resource call, and GET orders', async () => {
    const visitor = browser();
    for (const [name, method, url, payload] of ownResourceCalls(b)) {
      const response = await visitor.call(method, url, payload === undefined ? {} : { payload });
      expect(response.statusCode, `${name}: ${response.body}`).toBe(401);
      expect(response.json().error.code, name).toBe('SIGN_IN_REQUIRED');
    }
    expectError(await visitor.get('/api/orders'), 401, 'SIGN_IN_REQUIRED');
    expectError(await visitor.get(`/api/customers?email:in=${encodeURIComponent(b.customer.email)}`), 401);
    expectError(await visitor.get(`/api/orders/${b.orderId}`), 404);
    expectError(await visitor.get(`/api/cart/${b.cartId}`), 404);
  });

  it('answers A 403 on every call on B’s id, and changes nothing of B’s', async () => {
    const before = await bAsBSeesIt();
    for (const [name, method, url, payload] of ownResourceCalls(b)) {
      const response = await a.client.call(method, url, payload === undefined ? {} : { payload });
      expect(response.statusCode, `${name}: ${response.body}`).toBe(403);
      expect(response.json().error.code, name).toBe('NOT_ALLOWED');
    }
    expect(await bAsBSeesIt()).toEqual(before);
    expect(before.profile.first_name).toBe('bob');
    expect(before.addresses).toHaveLength(1);
    // A is still A, and B can still sign in with B's password.
    expect((await a.client.get(`/api/customers/${a.customer.id}`)).statusCode).toBe(200);
    expect((await browser().post('/api/customers/login', { email: b.customer.email, pw: PASSWORD })).statusCode).toBe(
      200,
    );
  });

  it('does not let A reach B’s address through A’s own path', async () => {
    const own = `/api/customers/${a.customer.id}/addresses`;
    expectError(await a.client.put(own, { id: b.addressId, city: 'Mallorytown' }), 404);
    expectError(await a.client.put(own, { id: b.addressId, is_default: true }), 404);
    expectError(await a.client.delete(`${own}/${b.addressId}`), 404);
    const addresses = (await b.client.get(`/api/customers/${b.customer.id}/addresses`)).json().data;
    expect(addresses).toEqual([expect.objectContaining({ id: b.addressId, city: 'bobville', is_default: true })]);
    const mine = (await a.client.get(own)).json().data;
    expect(mine.map((entry: { id: number }) => entry.id)).toEqual([a.addressId]);
  });

  it('finds only the signed-in customer by email', async () => {
    const ask = (emails: string[]) => a.client.get(`/api/customers?email:in=${encodeURIComponent(emails.join(','))}`);
    expect((await ask([b.customer.email])).json()).toEqual({ data: [], meta: {} });
    expect((await ask(['shopper@piste.test'])).json().data).toEqual([]);
    const both = (await ask([b.customer.email.toUpperCase(), ` ${a.customer.email.toUpperCase()} `])).json().data;
    expect(both).toEqual([expect.objectContaining({ id: a.customer.id, email: a.customer.email })]);
  });

  it('keeps B’s order from A: 404 for the order and its shipments; GET orders lists only one’s own', async () => {
    expectError(await a.client.get(`/api/orders/${b.orderId}`), 404);
    expectError(await a.client.get(`/api/order/${b.orderId}`), 404);
    expectError(await a.client.get(`/api/orders/${b.orderId}/shipments`), 404);
    expect((await b.client.get(`/api/orders/${b.orderId}`)).json().data).toMatchObject({
      id: b.orderId,
      customer_id: b.customer.id,
    });
    expect((await a.client.get(`/api/orders/${a.orderId}`)).statusCode).toBe(200);

    const mine = await a.client.get('/api/orders');
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('no-store');
    expect(mine.json().data.map((order: { id: number }) => order.id)).toEqual([a.orderId]);
    expect(mine.json().meta.pagination).toMatchObject({ total: 1, count: 1, current_page: 1, total_pages: 1 });
    const theirs = (await b.client.get('/api/orders')).json().data;
    expect(theirs.map((order: { id: number }) => order.id)).toEqual([b.orderId]);
    expectError(await a.client.get('/api/orders?customer_id=' + b.customer.id), 400);
  });

  it('keeps B’s cart from A: reading, changing and linking are 404', async () => {
    const before = (await b.client.get(`/api/cart/${b.cartId}`)).json().data;
    expectError(await a.client.get(`/api/cart/${b.cartId}`), 404);
    expectError(await a.client.put(`/api/cart/${b.cartId}`, { customerID: a.customer.id }), 404);
    expectError(await a.client.put(`/api/cart/${b.cartId}`, { customerID: null }), 404);
    expectError(await a.client.post(`/api/cart/${b.cartId}/items`, { line_items: [line(1)] }), 404);
    expectError(await a.client.call('DELETE', `/api/cart/${b.cartId}`), 404);
    // Even with B's cart cookie: a customer's cart answers to that customer only.
    const thief = browser();
    await thief.signIn(a.customer.email, PASSWORD);
    thief.cookies.set('piste_cart', b.client.cart!);
    expectError(await thief.get(`/api/cart/${b.cartId}`), 404);
    expect((await b.client.get(`/api/cart/${b.cartId}`)).json().data).toEqual(before);
  });

  it('refuses to link a cart to someone other than the signed-in customer', async () => {
    const guest = browser();
    const created = await guest.post('/api/cart/create', { line_items: [line()] });
    const cartId = created.json().data.id as string;
    expectError(await guest.put(`/api/cart/${cartId}`, { customerID: b.customer.id }), 403, 'NOT_ALLOWED');
    await guest.signIn(a.customer.email, PASSWORD);
    expectError(await guest.put(`/api/cart/${cartId}`, { customerID: b.customer.id }), 403, 'NOT_ALLOWED');
    // Signing in linked it to A already.
    expect((await guest.get(`/api/cart/${cartId}`)).json().data.customer_id).toBe(a.customer.id);
    expect((await guest.put(`/api/cart/${cartId}`, { customerID: a.customer.id })).json().data.customer_id).toBe(
      a.customer.id,
    );
  });

  it('does not hand B’s cart to A when A signs in with B’s old cart cookie', async () => {
    const shared = browser();
    shared.cookies.set('piste_cart', b.client.cart!);
    await shared.signIn(a.customer.email, PASSWORD);
    expect(shared.cart?.startsWith(`${b.cartId}.`)).not.toBe(true);
    expect((await b.client.get(`/api/cart/${b.cartId}`)).json().data.customer_id).toBe(b.customer.id);
  });

  describe('cart linking at sign-in (spec §4 "Logging in updates the cart\'s customer")', () => {
    it('links the guest cart; signing out closes it to the guest secret; a fresh sign-in brings it back', async () => {
      const email = `carol.${randomUUID().slice(0, 8)}@example.com`;
      const signup = browser();
      expect(
        (
          await signup.post('/api/customers/create', {
            email,
            password: PASSWORD,
            first_name: 'Carol',
            last_name: 'Tester',
          })
        ).statusCode,
      ).toBe(201);
      // A new account has no cart to resume.
      expect(signup.cart).toBeUndefined();

      const shopping = browser();
      const created = await shopping.post('/api/cart/create', { line_items: [line(3)] });
      const cartId = created.json().data.id as string;
      expect(created.json().data.customer_id).toBeNull();
      const guestCookie = shopping.cart!;

      const signedIn = await shopping.post('/api/customers/login', { email, pw: PASSWORD });
      expect(signedIn.statusCode).toBe(200);
      const customerId = signedIn.json().data.id as number;
      const linked = await shopping.get(`/api/cart/${cartId}`);
      expect(linked.json().data).toMatchObject({ id: cartId, customer_id: customerId });
      expect(linked.json().data.line_items.physical_items[0].quantity).toBe(3);

      const out = await shopping.post('/api/customers/logout');
      expect(out.cookies.find((cookie) => cookie.name === 'piste_cart')).toMatchObject({ value: '', maxAge: 0 });
      expect(shopping.cart).toBeUndefined();
      expectError(await shopping.get(`/api/cart/${cartId}`), 404);
      // The guest secret the browser held no longer opens it, signed out.
      const leftBehind = browser();
      leftBehind.cookies.set('piste_cart', guestCookie);
      expectError(await leftBehind.get(`/api/cart/${cartId}`), 404);
      expectError(await leftBehind.post(`/api/cart/${cartId}/items`, { line_items: [line()] }), 404);

      const elsewhere = browser();
      const again = await elsewhere.post('/api/customers/login', { email, pw: PASSWORD });
      expect(again.statusCode).toBe(200);
      const cartCookie = again.cookies.find((cookie) => cookie.name === 'piste_cart')!;
      expect(cartCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
      expect(cartCookie.value.startsWith(`${cartId}.`)).toBe(true);
      const resumed = await elsewhere.get(`/api/cart/${cartId}`);
      expect(resumed.json().data).toMatchObject({ id: cartId, customer_id: customerId });
      expect(resumed.json().data.line_items.physical_items[0].quantity).toBe(3);
      // Signed out again, the resumed cookie opens nothing either.
      const resumedCookie = elsewhere.cart!;
      await elsewhere.post('/api/customers/logout');
      const stale = browser();
      stale.cookies.set('piste_cart', resumedCookie);
      expectError(await stale.get(`/api/cart/${cartId}`), 404);
    });

    it('links a guest cart even when the customer had another one, and keeps the older one theirs', async () => {
      const guest = browser();
      const cartId = (await guest.post('/api/cart/create', { line_items: [line()] })).json().data.id as string;
      await guest.signIn(a.customer.email, PASSWORD);
      expect((await guest.get(`/api/cart/${cartId}`)).json().data.customer_id).toBe(a.customer.id);
      expect((await a.client.get(`/api/cart/${a.cartId}`)).json().data.customer_id).toBe(a.customer.id);
    });
  });

  it('signing out forgets the last order in this browser too', async () => {
    const client = browser();
    await client.signIn(a.customer.email, PASSWORD);
    const placed = await checkOut(client, [line()], { email: a.customer.email });
    const orderId = placed.response.json().data.id as number;
    expect(client.cookies.get('piste_order')).toBeDefined();
    expect((await client.get(`/api/orders/${orderId}`)).statusCode).toBe(200);
    await client.post('/api/customers/logout');
    // Spec §4: "Logout clears all customer and pro state"; the next person at this computer sees nothing.
    expectError(await client.get(`/api/orders/${orderId}`), 404);
  });
});
