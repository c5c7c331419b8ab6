import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDatabaseKinds, type TestDatabase } from '@piste/db/testing';
import type { CartService, HostedCheckout, ShopperContext } from '@piste/commerce';
import { FAKE_CLIENT_ID, FAKE_CLIENT_SECRET, FAKE_STORE_HASH } from '@piste/bigcommerce-fake';
import { createBigCommerceCart, type SpendCheck } from '../src/provider/cart/bigcommerce-cart';
import { CUSTOMERS, caShopper, cartTestState, usShopper } from './cart-fixtures';
import { startFakeStore } from './fake-store';

type Store = Awaited<ReturnType<typeof startFakeStore>>;

const goggleS = { product_id: 10, variant_id: 101, quantity: 2 };
const goggleM = { product_id: 10, variant_id: 102, quantity: 1 };
const jacket = { product_id: 20, variant_id: 201, quantity: 1 };
/** The shop's checkout page in the shopper's locale, where the hosted checkout sends them back. */
const RETURN_URL = 'https://shop.test/de-de/checkout';
const handOver = (customerId: number | null) => ({ customerId, returnUrl: RETURN_URL });

function decodeJwt(jwt: string) {
  const [header, payload] = jwt.split('.') as [string, string];
  return {
    header: JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as Record<string, unknown>,
    claims: JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>,
  };
}

describe.each(testDatabaseKinds())('BigCommerce cart on $name', (kind) => {
  let database: TestDatabase;
  let store: Store;
  let cart: CartService;
  let hostedCheckout: HostedCheckout;
  let spendChecks: Array<{ customerId: number; order: { currencyCode: string; spendMinor: number } }>;
  let spendRefusal: Error | null;

  beforeAll(async () => {
    database = await kind.create();
  });
  afterAll(async () => {
    await database.dispose();
  });

  beforeEach(async () => {
    await store?.close();
    store = await startFakeStore({ state: cartTestState() });
    spendChecks = [];
    spendRefusal = null;
    const spendCheck: SpendCheck = async (customerId, order) => {
      spendChecks.push({ customerId, order });
      if (spendRefusal) throw spendRefusal;
    };
    ({ cart, hostedCheckout } = createBigCommerceCart(store.deps(database.database.db), { spendCheck }));
    return () => store.close();
  });

  it('creates a cart on the region’s channel and currency and answers it as the embedded cart does', async () => {
    const { cart: created, session } = await cart.create(usShopper, [goggleS]);
    // reference/carts/carts.v3.yml, Create a Cart: channel_id, currency.code, line_items; include for options.
    const sent = store.fake.requests.find((request) => request.method === 'POST' && request.path === '/v3/carts')!;
    expect(sent.url).toContain('include=line_items.physical_items.options');
    expect(sent.body).toEqual({
      channel_id: 1,
      currency: { code: 'USD' },
      line_items: [{ quantity: 2, product_id: 10, variant_id: 101 }],
    });
    expect(session.cartId).toBe(created.id);
    expect(session.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({
      customer_id: null,
      currency: { code: 'USD' },
      base_amount: 200,
      discount_amount: 0,
      cart_amount: 200,
    });
    expect(created.line_items.physical_items[0]).toMatchObject({
      product_id: 10,
      variant_id: 101,
      sku: 'HG-01-S',
      name: 'Horizon Goggle',
      url: '/horizon-goggle/',
      image_url: 'https://media.test/i/piste/horizon-goggle-1?size=thumbnail',
      quantity: 2,
      list_price: 100,
      sale_price: 100,
      extended_list_price: 200,
      extended_sale_price: 200,
      options: [{ name: 'Size', value: 'S' }],
    });
  });

  it('prices a Canadian shopper’s cart from the CAD price list, and a sale price as the price to pay', async () => {
    const { cart: created } = await cart.create(caShopper, [goggleS]);
    expect(created.currency.code).toBe('CAD');
    expect(created.cart_amount).toBe(260);
    const { cart: onSale } = await cart.create(usShopper, [jacket]);
    expect(onSale.line_items.physical_items[0]).toMatchObject({ list_price: 200, sale_price: 150 });
    expect(onSale).toMatchObject({ base_amount: 200, discount_amount: 50, cart_amount: 150 });
  });

  it('applies the shopper’s group discount by the embedded rule: not stacked with a sale, the lower price wins', async () => {
    const pro: ShopperContext = {
      ...usShopper,
      priceAdjustment: { groupId: 3, rules: [{ type: 'all', method: 'percent', amount: '10.0000' }] },
    };
    const { cart: created } = await cart.create(pro, [goggleS, jacket]);
    const [goggle, coat] = created.line_items.physical_items;
    expect(goggle).toMatchObject({ list_price: 100, sale_price: 90, extended_sale_price: 180 });
    expect(coat).toMatchObject({ list_price: 200, sale_price: 150 });
    expect(created).toMatchObject({ base_amount: 400, cart_amount: 330, discount_amount: 70 });
  });

  it('opens a guest cart only with its session secret, and answers NOT_FOUND otherwise', async () => {
    const { cart: created, session } = await cart.create(usShopper, [goggleS]);
    await expect(cart.get(usShopper, created.id, { secret: session.secret })).resolves.toMatchObject({
      id: created.id,
    });
    const wrong = `${session.secret.slice(0, -1)}${session.secret.endsWith('A') ? 'B' : 'A'}`;
    await expect(cart.get(usShopper, created.id, { secret: wrong })).rejects.toMatchObject({
      kind: 'NOT_FOUND',
      message: `Cart ${created.id} does not exist.`,
    });
    await expect(cart.get(usShopper, created.id, {})).rejects.toMatchObject({ kind: 'NOT_FOUND' });
    await expect(
      cart.get(usShopper, '00000000-0000-4000-8000-000000000000', { secret: session.secret }),
    ).rejects.toMatchObject({ kind: 'NOT_FOUND' });
  });

  it('adds to the line of a variant the cart holds, and refuses past 99 a line or past stock', async () => {
    const { cart: created, session } = await cart.create(usShopper, [goggleM]);
    const access = { secret: session.secret };
    const more = await cart.addItems(usShopper, created.id, access, [{ ...goggleM, quantity: 3 }, goggleS]);
    expect(more.line_items.physical_items.map((line) => [line.variant_id, line.quantity])).toEqual([
      [102, 4],
      [101, 2],
    ]);
    await expect(cart.addItems(usShopper, created.id, access, [{ ...goggleM, quantity: 96 }])).rejects.toMatchObject({
      kind: 'INVALID_DATA',
      code: 'QUANTITY_LIMIT',
      message: 'A cart line holds at most 99; "Horizon Goggle" (HG-01-M) would have 100.',
    });
    await expect(cart.addItems(usShopper, created.id, access, [{ ...goggleS, quantity: 4 }])).rejects.toMatchObject({
      kind: 'INVALID_DATA',
      code: 'INSUFFICIENT_STOCK',
      message: 'Only 5 of "Horizon Goggle" (HG-01-S) are in stock; the cart cannot hold 6.',
    });
    await expect(cart.addItems(usShopper, created.id, access, [{ ...goggleS, quantity: 0 }])).rejects.toMatchObject({
      code: 'INVALID_QUANTITY',
    });
    await expect(
      cart.addItems(usShopper, created.id, access, [{ product_id: 20, variant_id: 101, quantity: 1 }]),
    ).rejects.toMatchObject({ kind: 'INVALID_DATA', code: 'UNKNOWN_VARIANT' });
    await expect(
      cart.addItems(usShopper, created.id, access, [{ product_id: 10, variant_id: 999, quantity: 1 }]),
    ).rejects.toMatchObject({ kind: 'INVALID_DATA', message: 'Variant 999 of product 10 does not exist.' });
  });

  it('updates a line’s quantity and variant, merging into a line that holds the new variant', async () => {
    const { cart: created, session } = await cart.create(usShopper, [goggleS, goggleM]);
    const access = { secret: session.secret };
    const [small, medium] = created.line_items.physical_items;
    const updated = await cart.updateItem(usShopper, created.id, access, small!.id, { productID: 10, quantity: 3 });
    expect(updated.line_items.physical_items.find((line) => line.id === small!.id)?.quantity).toBe(3);
    await expect(
      cart.updateItem(usShopper, created.id, access, small!.id, { productID: 20, quantity: 1 }),
    ).rejects.toMatchObject({ kind: 'INVALID_DATA', code: 'PRODUCT_MISMATCH' });
    const merged = await cart.updateItem(usShopper, created.id, access, small!.id, {
      productID: 10,
      quantity: 2,
      variantID: 102,
    });
    expect(merged.line_items.physical_items).toEqual([
      expect.objectContaining({ id: medium!.id, variant_id: 102, quantity: 3 }),
    ]);
    await expect(
      cart.updateItem(usShopper, created.id, access, small!.id, { productID: 10, quantity: 1 }),
    ).rejects.toMatchObject({ kind: 'NOT_FOUND', message: `Line item ${small!.id} is not in cart ${created.id}.` });
  });

  it('keeps a cart whose last line went (BigCommerce deletes its own) and fills it again under the same id', async () => {
    const { cart: created, session } = await cart.create(usShopper, [goggleS]);
    const access = { secret: session.secret };
    const emptied = await cart.removeItem(usShopper, created.id, access, created.line_items.physical_items[0]!.id);
    expect(emptied).toMatchObject({ id: created.id, cart_amount: 0, line_items: { physical_items: [] } });
    expect(store.fake.state.carts.carts.has(created.id)).toBe(false);
    await expect(cart.get(usShopper, created.id, access)).resolves.toMatchObject({ id: created.id, cart_amount: 0 });
    const refilled = await cart.addItems(usShopper, created.id, access, [goggleM]);
    expect(refilled).toMatchObject({ id: created.id, cart_amount: 100 });
    await expect(cart.get(usShopper, created.id, access)).resolves.toMatchObject({ cart_amount: 100 });
  });

  it('links a cart to the signed-in customer only, after which only that customer opens it', async () => {
    const { cart: created, session } = await cart.create(usShopper, [goggleS]);
    await expect(
      cart.linkCustomer(
        usShopper,
        created.id,
        { secret: session.secret, customerId: CUSTOMERS.ana.id },
        CUSTOMERS.ben.id,
      ),
    ).rejects.toMatchObject({ kind: 'NOT_ALLOWED' });
    const linked = await cart.linkCustomer(
      usShopper,
      created.id,
      { secret: session.secret, customerId: CUSTOMERS.ana.id },
      CUSTOMERS.ana.id,
    );
    expect(linked.customer_id).toBe(CUSTOMERS.ana.id);
    expect(store.fake.state.carts.carts.get(created.id)?.customerId).toBe(CUSTOMERS.ana.id);
    await expect(cart.get(usShopper, created.id, { secret: session.secret })).rejects.toMatchObject({
      kind: 'NOT_FOUND',
    });
    await expect(
      cart.get(usShopper, created.id, { secret: session.secret, customerId: CUSTOMERS.ben.id }),
    ).rejects.toMatchObject({ kind: 'NOT_FOUND' });
    await expect(cart.get(usShopper, created.id, { customerId: CUSTOMERS.ana.id })).resolves.toMatchObject({
      id: created.id,
    });
    await expect(cart.resumeForCustomer(CUSTOMERS.ana.id)).resolves.toEqual({
      cartId: created.id,
      secret: session.secret,
    });
    await expect(cart.resumeForCustomer(CUSTOMERS.ben.id)).resolves.toBeNull();
  });

  it('deletes a cart, which then does not exist', async () => {
    const { cart: created, session } = await cart.create(usShopper, [goggleS]);
    await expect(cart.delete(created.id, {})).rejects.toMatchObject({ kind: 'NOT_FOUND' });
    await cart.delete(created.id, { secret: session.secret });
    expect(store.fake.state.carts.carts.has(created.id)).toBe(false);
    await expect(cart.get(usShopper, created.id, { secret: session.secret })).rejects.toMatchObject({
      kind: 'NOT_FOUND',
    });
  });

  it('retries a read that got a 503 once, and never a write', async () => {
    const { cart: created, session } = await cart.create(usShopper, [goggleM]);
    const access = { secret: session.secret };
    store.fake.faults.add({ method: 'GET', path: `/v3/carts/${created.id}`, status: 503 });
    await expect(cart.get(usShopper, created.id, access)).resolves.toMatchObject({ id: created.id });
    // Two failures waiting: a write that retried would use up both.
    const path = `/v3/carts/${created.id}/items`;
    store.fake.faults.add({ method: 'POST', path, status: 503, times: 2 });
    await expect(cart.addItems(usShopper, created.id, access, [goggleS])).rejects.toMatchObject({
      kind: 'UNAVAILABLE',
    });
    expect(store.fake.faults.take('POST', path)).not.toBeNull();
    expect(store.fake.state.carts.carts.get(created.id)?.lines).toHaveLength(1);
  });

  describe('the hand-over to the hosted checkout', () => {
    it('sends a guest to the cart’s checkout URL, whose order returns to the shop with its number', async () => {
      const { cart: created, session } = await cart.create(usShopper, [goggleS]);
      const url = new URL(
        await hostedCheckout.checkoutUrl(usShopper, created.id, { secret: session.secret }, handOver(null)),
      );
      expect(url.pathname).toBe('/checkout');
      expect(url.searchParams.get('cart')).toBe(created.id);
      expect(url.searchParams.get('return_url')).toBe(RETURN_URL);
      const page = await fetch(url);
      expect(await page.text()).toContain('Place order');
      const placed = await fetch(new URL('/checkout', url), {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          cart: created.id,
          token: url.searchParams.get('token')!,
          return_url: url.searchParams.get('return_url')!,
          email: 'guest@example.com',
        }),
      });
      expect(placed.status).toBe(303);
      expect(placed.headers.get('location')).toBe(`${RETURN_URL}?order=100`);
      expect(store.fake.state.orders.orders.get(100)).toMatchObject({
        cartId: created.id,
        billingEmail: 'guest@example.com',
      });
      await expect(cart.get(usShopper, created.id, { secret: session.secret })).rejects.toMatchObject({
        kind: 'NOT_FOUND',
      });
      expect(spendChecks).toEqual([]);
    });

    it('signs a customer in with a Customer Login JWT that sends them on to the checkout, once', async () => {
      const { cart: created, session } = await cart.create(usShopper, [goggleS]);
      const access = { secret: session.secret, customerId: CUSTOMERS.ana.id };
      await cart.linkCustomer(usShopper, created.id, access, CUSTOMERS.ana.id);
      const url = new URL(await hostedCheckout.checkoutUrl(usShopper, created.id, access, handOver(CUSTOMERS.ana.id)));
      expect(url.origin).toBe(store.settings.storefrontUrl);
      const jwt = url.pathname.replace('/login/token/', '');
      const { header, claims } = decodeJwt(jwt);
      // developer.bigcommerce.com/docs/start/authentication/customer-login: the claims it requires.
      expect(header).toEqual({ typ: 'JWT', alg: 'HS256' });
      expect(claims).toMatchObject({
        iss: FAKE_CLIENT_ID,
        operation: 'customer_login',
        store_hash: FAKE_STORE_HASH,
        customer_id: CUSTOMERS.ana.id,
        channel_id: 1,
      });
      expect(typeof claims.jti).toBe('string');
      expect(Math.abs((claims.iat as number) - Date.now() / 1000)).toBeLessThan(60);
      expect(claims.redirect_to).toMatch(new RegExp(`^/checkout\\?cart=${created.id}&token=\\w+&return_url=`));
      const [head, body, signature] = jwt.split('.');
      expect(signature).toBe(createHmac('sha256', FAKE_CLIENT_SECRET).update(`${head}.${body}`).digest('base64url'));
      const signIn = await fetch(url, { redirect: 'manual' });
      expect(signIn.status).toBe(302);
      expect(signIn.headers.get('location')).toBe(claims.redirect_to);
      expect((await fetch(url, { redirect: 'manual' })).status).toBe(401);
      expect(spendChecks).toEqual([
        { customerId: CUSTOMERS.ana.id, order: { currencyCode: 'USD', spendMinor: 20_000 } },
      ]);
    });

    it('refuses a pro past their spend limit, an empty cart, and a cart out of reach', async () => {
      const { cart: created, session } = await cart.create(usShopper, [goggleS]);
      const access = { secret: session.secret, customerId: CUSTOMERS.ana.id };
      await cart.linkCustomer(usShopper, created.id, access, CUSTOMERS.ana.id);
      spendRefusal = Object.assign(new Error('past the limit'), { code: 'SPEND_LIMIT_EXCEEDED' });
      await expect(hostedCheckout.checkoutUrl(usShopper, created.id, access, handOver(CUSTOMERS.ana.id))).rejects.toBe(
        spendRefusal,
      );
      await expect(
        hostedCheckout.checkoutUrl(usShopper, created.id, { customerId: CUSTOMERS.ben.id }, handOver(CUSTOMERS.ben.id)),
      ).rejects.toMatchObject({ kind: 'NOT_FOUND' });
      await cart.removeItem(usShopper, created.id, access, created.line_items.physical_items[0]!.id);
      await expect(hostedCheckout.checkoutUrl(usShopper, created.id, access, handOver(null))).rejects.toMatchObject({
        kind: 'INVALID_DATA',
        code: 'EMPTY_CART',
      });
    });
  });
});
