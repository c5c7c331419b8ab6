import { describe, expect, it } from 'vitest';
import { FAKE_ACCESS_TOKEN, FAKE_STORE_HASH } from '../demo-store';
import { createBigCommerceFake } from '../fake-server';

/** The fake's v2 orders against github.com/bigcommerce/docs reference/orders/orders.v2.yml. */
const headers = { 'x-auth-token': FAKE_ACCESS_TOKEN };
const base = `/stores/${FAKE_STORE_HASH}/v2/orders`;

function fakeWithAnOrder() {
  const fake = createBigCommerceFake({ storeHash: FAKE_STORE_HASH, accessToken: FAKE_ACCESS_TOKEN });
  const id = fake.state.orders.addOrder({
    customerId: 7,
    cartId: 'c0ffee00-0000-4000-8000-000000000000',
    channelId: 1,
    currencyCode: 'USD',
    subtotalIncTax: 20,
    totalIncTax: 21.5,
    taxTotal: 1.5,
    statusId: 11,
    dateCreated: new Date('2026-02-01T08:00:00Z'),
    billingEmail: 'ana@example.com',
    lines: [{ productId: 1, variantId: 5, sku: 'SKU-5', name: 'Trail Sock', quantity: 2, priceIncTax: 10 }],
  });
  return { ...fake, id };
}

describe('fake v2 orders', () => {
  it('answers an order with decimal strings, RFC 2822 dates and its cart id', async () => {
    const { app, id } = fakeWithAnOrder();
    const order = (await app.inject({ method: 'GET', url: `${base}/${id}`, headers })).json();
    expect(order).toMatchObject({
      id: 100,
      customer_id: 7,
      cart_id: 'c0ffee00-0000-4000-8000-000000000000',
      date_created: 'Sun, 01 Feb 2026 08:00:00 +0000',
      status: 'Awaiting Fulfillment',
      subtotal_inc_tax: '20.0000',
      total_tax: '1.5000',
      total_inc_tax: '21.5000',
    });
  });

  it('answers an unknown order 404 as a v2 error list, and an empty list as 204', async () => {
    const { app } = fakeWithAnOrder();
    const missing = await app.inject({ method: 'GET', url: `${base}/5`, headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual([{ status: 404, message: expect.any(String) }]);
    const none = await app.inject({ method: 'GET', url: `${base}?customer_id=8`, headers });
    expect(none.statusCode).toBe(204);
    const count = await app.inject({ method: 'GET', url: `${base}/count?customer_id=7`, headers });
    expect(count.json()).toMatchObject({ count: 1 });
  });

  it('creates a shipment only for the order’s address and products, then the order is shipped', async () => {
    const { app, id } = fakeWithAnOrder();
    const [product] = (await app.inject({ method: 'GET', url: `${base}/${id}/products`, headers })).json();
    const [address] = (await app.inject({ method: 'GET', url: `${base}/${id}/shipping_addresses`, headers })).json();
    const wrongAddress = await app.inject({
      method: 'POST',
      url: `${base}/${id}/shipments`,
      headers,
      payload: { order_address_id: address.id + 100, items: [{ order_product_id: product.id, quantity: 2 }] },
    });
    expect(wrongAddress.statusCode).toBe(400);
    const shipped = await app.inject({
      method: 'POST',
      url: `${base}/${id}/shipments`,
      headers,
      payload: {
        order_address_id: address.id,
        tracking_number: 'T1',
        items: [{ order_product_id: product.id, quantity: 2 }],
      },
    });
    expect(shipped.statusCode).toBe(201);
    expect(shipped.json()).toMatchObject({ order_id: id, tracking_number: 'T1', order_address_id: address.id });
    expect((await app.inject({ method: 'GET', url: `${base}/${id}`, headers })).json().status).toBe('Shipped');
  });
});
