import { describe, expect, it } from 'vitest';
import { FAKE_ACCESS_TOKEN, FAKE_STORE_HASH } from '../demo-store';
import { createBigCommerceFake } from '../fake-server';
import { seedFakeState } from '../state';

/**
 * The fake's v3 carts against the Management API's reference
 * (github.com/bigcommerce/docs reference/carts/carts.v3.yml).
 */
function fakeWithOneVariant() {
  const state = seedFakeState();
  state.catalog = {
    ...state.catalog,
    lookupVariant: (variantId) =>
      variantId === 5
        ? {
            productId: 1,
            variantId: 5,
            sku: 'SKU-5',
            name: 'Trail Sock',
            listPrice: 12,
            salePrice: 10,
            inventoryLevel: 3,
            purchasingDisabled: false,
            options: [{ name: 'Size', nameId: 2, value: 'M', valueId: 9 }],
            imageUrl: 'https://cdn.test/trail-sock__1.jpg',
            customUrl: '/trail-sock/',
            inventoryTracking: 'variant',
          }
        : null,
  };
  return createBigCommerceFake({ storeHash: FAKE_STORE_HASH, accessToken: FAKE_ACCESS_TOKEN, state });
}

const headers = { 'x-auth-token': FAKE_ACCESS_TOKEN };
const base = `/stores/${FAKE_STORE_HASH}/v3/carts`;
const line = { quantity: 2, product_id: 1, variant_id: 5 };

/** A cart holding `line`, as the fake answers its creation (`data`). */
async function createCart(app: ReturnType<typeof fakeWithOneVariant>['app']) {
  const created = await app.inject({
    method: 'POST',
    url: base,
    headers,
    payload: { channel_id: 1, line_items: [line] },
  });
  return created.json().data;
}

describe('fake v3 carts', () => {
  it('refuses a cart without channel_id with the v3 error shape and the field named', async () => {
    const { app } = fakeWithOneVariant();
    const answer = await app.inject({ method: 'POST', url: base, headers, payload: { line_items: [line] } });
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toMatchObject({ status: 422, title: expect.any(String), type: expect.any(String) });
    expect(answer.json().errors).toHaveProperty('channel_id');
  });

  it('answers a created cart as `data` with prices and, only when included, the line options', async () => {
    const { app } = fakeWithOneVariant();
    const payload = { channel_id: 1, currency: { code: 'USD' }, line_items: [line] };
    const plain = await app.inject({ method: 'POST', url: base, headers, payload });
    expect(plain.statusCode).toBe(201);
    const item = plain.json().data.line_items.physical_items[0];
    expect(item).toMatchObject({ original_price: 12, list_price: 10, sale_price: 10, extended_sale_price: 20 });
    expect(item).not.toHaveProperty('options');
    const withOptions = await app.inject({
      method: 'POST',
      url: `${base}?include=line_items.physical_items.options`,
      headers,
      payload,
    });
    expect(withOptions.json().data.line_items.physical_items[0].options).toEqual([
      { name: 'Size', nameId: 2, value: 'M', valueId: 9 },
    ]);
  });

  it('refuses an unknown variant and more than the stock with 422', async () => {
    const { app } = fakeWithOneVariant();
    const unknown = { channel_id: 1, line_items: [{ ...line, variant_id: 6 }] };
    expect((await app.inject({ method: 'POST', url: base, headers, payload: unknown })).statusCode).toBe(422);
    const tooMany = { channel_id: 1, line_items: [{ ...line, quantity: 4 }] };
    const answer = await app.inject({ method: 'POST', url: base, headers, payload: tooMany });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().title).toContain('in stock');
  });

  it('deletes the cart with its last line (204), after which the cart is 404', async () => {
    const { app } = fakeWithOneVariant();
    const cart = await createCart(app);
    const removed = await app.inject({
      method: 'DELETE',
      url: `${base}/${cart.id}/items/${cart.line_items.physical_items[0].id}`,
      headers,
    });
    expect(removed.statusCode).toBe(204);
    const gone = await app.inject({ method: 'GET', url: `${base}/${cart.id}`, headers });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ status: 404 });
  });

  it('hands out redirect URLs whose checkout page offers to place the order', async () => {
    const { app } = fakeWithOneVariant();
    const cart = await createCart(app);
    const urls = await app.inject({ method: 'POST', url: `${base}/${cart.id}/redirect_urls`, headers });
    expect(urls.statusCode).toBe(201);
    const { checkout_url: checkoutUrl, cart_url: cartUrl } = urls.json().data;
    expect(cartUrl).toMatch(/^http:\/\/localhost(:\d+)?\/cart\.php\?action=load&id=/);
    const checkout = new URL(checkoutUrl);
    const page = await app.inject({ method: 'GET', url: `${checkout.pathname}${checkout.search}` });
    expect(page.body).toContain('Place order');
    const stale = await app.inject({
      method: 'GET',
      url: `${checkout.pathname}?cart=${checkout.searchParams.get('cart')}&token=x`,
    });
    expect(stale.statusCode).toBe(404);
  });
});
