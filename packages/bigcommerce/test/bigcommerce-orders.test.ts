import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDatabaseKinds, type TestDatabase } from '@piste/db/testing';
import type { FakeState } from '@piste/bigcommerce-fake';
import type { CartService, OrderService } from '@piste/commerce';
import { createBigCommerceCart } from '../src/provider/cart/bigcommerce-cart';
import { createBigCommerceOrders } from '../src/provider/orders/bigcommerce-orders';
import { CUSTOMERS, cartTestState, usShopper } from './cart-fixtures';
import { startFakeStore } from './fake-store';

type Store = Awaited<ReturnType<typeof startFakeStore>>;

function addOrder(state: FakeState, overrides: Partial<Parameters<FakeState['orders']['addOrder']>[0]> = {}) {
  return state.orders.addOrder({
    customerId: CUSTOMERS.ana.id,
    cartId: null,
    channelId: 1,
    currencyCode: 'USD',
    subtotalIncTax: 250,
    totalIncTax: 270,
    taxTotal: 20,
    statusId: 11,
    dateCreated: new Date('2026-03-01T10:00:00Z'),
    billingEmail: CUSTOMERS.ana.email,
    lines: [
      { productId: 10, variantId: 101, sku: 'HG-01-S', name: 'Horizon Goggle', quantity: 1, priceIncTax: 100 },
      { productId: 20, variantId: 201, sku: 'SJ-01-L', name: 'Summit Jacket', quantity: 1, priceIncTax: 150 },
    ],
    ...overrides,
  });
}

describe.each(testDatabaseKinds())('BigCommerce orders on $name', (kind) => {
  let database: TestDatabase;
  let store: Store;
  let orders: OrderService;
  let cart: CartService;

  beforeAll(async () => {
    database = await kind.create();
  });
  afterAll(async () => {
    await database.dispose();
  });

  beforeEach(async () => {
    store = await startFakeStore({ state: cartTestState() });
    const deps = store.deps(database.database.db);
    orders = createBigCommerceOrders(deps);
    cart = createBigCommerceCart(deps).cart;
    return () => store.close();
  });

  it('answers an order to its customer as the embedded order service does, and to nobody else', async () => {
    const id = addOrder(store.fake.state);
    const order = await orders.get(id, { customerId: CUSTOMERS.ana.id });
    // reference/orders/orders.v2.yml: decimal strings, RFC 2822 dates, status ids; products and
    // shipping addresses are their own calls.
    expect(order).toMatchObject({
      id,
      customer_id: CUSTOMERS.ana.id,
      date_created: '2026-03-01T10:00:00.000Z',
      status_id: 11,
      status: 'Awaiting Fulfillment',
      custom_status: 'awaiting_fulfillment',
      currency_code: 'USD',
      subtotal_inc_tax: 250,
      total_tax: 20,
      total_inc_tax: 270,
      tax_rate: 0.08,
      prices_include_tax: false,
      items_total: 2,
      billing_address: { first_name: 'Ana', email: CUSTOMERS.ana.email },
      shipping_address: { street_1: '1 Piste Way', country_iso2: 'US' },
      shipping_method: 'Standard',
    });
    expect(order.products[0]).toEqual({
      id: expect.any(Number),
      product_id: 10,
      variant_id: 101,
      sku: 'HG-01-S',
      name: 'Horizon Goggle',
      quantity: 1,
      product_options: [{ display_name: 'Size', display_value: 'S' }],
      base_price: 100,
      price_inc_tax: 100,
      total_inc_tax: 100,
    });
    expect(order.shipping_address).not.toHaveProperty('id');
    await expect(orders.get(id, { customerId: CUSTOMERS.ben.id })).rejects.toMatchObject({
      kind: 'NOT_FOUND',
      message: `Order ${id} does not exist.`,
    });
    await expect(orders.get(id, {})).rejects.toMatchObject({ kind: 'NOT_FOUND' });
    await expect(orders.get(9_999, { customerId: CUSTOMERS.ana.id })).rejects.toMatchObject({
      kind: 'NOT_FOUND',
      message: 'Order 9999 does not exist.',
    });
  });

  it('answers a guest’s order to the session holding the secret of the cart it was placed from', async () => {
    const { cart: created, session } = await cart.create(usShopper, [{ product_id: 10, variant_id: 102, quantity: 1 }]);
    const id = addOrder(store.fake.state, { customerId: 0, cartId: created.id, billingEmail: 'guest@example.com' });
    await expect(orders.get(id, { cartSecret: session.secret })).resolves.toMatchObject({ id, customer_id: 0 });
    const other = await cart.create(usShopper, [{ product_id: 10, variant_id: 102, quantity: 1 }]);
    await expect(orders.get(id, { cartSecret: other.session.secret })).rejects.toMatchObject({ kind: 'NOT_FOUND' });
    await expect(orders.shipments(id, { cartSecret: session.secret })).resolves.toEqual([]);
  });

  it('lists a customer’s orders newest first, a page at a time, with their total', async () => {
    const ids = [1, 2, 3].map((day) =>
      addOrder(store.fake.state, { dateCreated: new Date(`2026-03-0${day}T10:00:00Z`) }),
    );
    addOrder(store.fake.state, { customerId: CUSTOMERS.ben.id, billingEmail: CUSTOMERS.ben.email });
    const first = await orders.listForCustomer(CUSTOMERS.ana.id, { page: 1, limit: 2 });
    expect(first.total).toBe(3);
    expect(first.orders.map((order) => order.id)).toEqual([ids[2], ids[1]]);
    const second = await orders.listForCustomer(CUSTOMERS.ana.id, { page: 2, limit: 2 });
    expect(second.orders.map((order) => order.id)).toEqual([ids[0]]);
    // An empty page is v2's 204 No Content.
    await expect(orders.listForCustomer(CUSTOMERS.ana.id, { page: 3, limit: 2 })).resolves.toEqual({
      orders: [],
      total: 3,
    });
    const sent = store.fake.requests.find((request) => request.path === '/v2/orders')!;
    expect(sent.url).toContain(`customer_id=${CUSTOMERS.ana.id}&sort=date_created:desc&page=1&limit=2`);
  });

  it('lets a guest look an order up with its billing email in any case, and a wrong email finds nothing', async () => {
    const id = addOrder(store.fake.state, { customerId: 0, billingEmail: 'Guest@Example.com' });
    await expect(orders.status(id, ' guest@EXAMPLE.com ')).resolves.toEqual({
      id,
      status: 'Awaiting Fulfillment',
      custom_status: 'awaiting_fulfillment',
      date_created: '2026-03-01T10:00:00.000Z',
      items_total: 2,
      total_inc_tax: 270,
      currency_code: 'USD',
      shipments: [],
    });
    await expect(orders.status(id, 'someone@example.com')).rejects.toMatchObject({
      kind: 'NOT_FOUND',
      message: `Order ${id} does not exist.`,
    });
  });

  it('ships a whole order in one parcel to its shipping address, and refuses a cancelled one', async () => {
    const id = addOrder(store.fake.state);
    const shipment = await orders.shipAll(id, { carrier: 'UPS', trackingNumber: '1Z999' });
    const products = (await orders.get(id, { customerId: CUSTOMERS.ana.id })).products;
    expect(shipment).toMatchObject({
      order_id: id,
      tracking_number: '1Z999',
      shipping_provider: 'UPS',
      items: products.map((line) => ({ order_product_id: line.id, quantity: line.quantity })),
    });
    // reference/orders/orders.v2.yml, Create Order Shipment: order_address_id and items are required.
    const sent = store.fake.requests.find((request) => request.method === 'POST')!;
    expect(sent.body).toMatchObject({ order_address_id: expect.any(Number), items: expect.any(Array) });
    await expect(orders.shipments(id, { customerId: CUSTOMERS.ana.id })).resolves.toEqual([shipment]);
    await expect(orders.get(id, { customerId: CUSTOMERS.ana.id })).resolves.toMatchObject({
      custom_status: 'shipped',
    });
    await expect(orders.shipments(id, { customerId: CUSTOMERS.ben.id })).rejects.toMatchObject({
      kind: 'NOT_FOUND',
    });
    const cancelled = addOrder(store.fake.state, { statusId: 5 });
    await expect(orders.shipAll(cancelled, { carrier: 'UPS', trackingNumber: '1Z' })).rejects.toMatchObject({
      kind: 'CONFLICT',
      code: 'ORDER_CLOSED',
      message: `Order ${cancelled} is cancelled and cannot ship.`,
    });
  });

  it('answers an unexpected order shape as unavailable, logged with the call', async () => {
    const id = addOrder(store.fake.state);
    store.fake.faults.add({ method: 'GET', path: `/v2/orders/${id}`, status: 200, body: { id, surprise: true } });
    await expect(orders.get(id, { customerId: CUSTOMERS.ana.id })).rejects.toMatchObject({
      kind: 'UNAVAILABLE',
      code: 'BIGCOMMERCE_UNEXPECTED_ANSWER',
    });
    expect(store.warnings.at(-1)).toMatchObject({ details: { call: 'GET /v2/orders/{id}' } });
  });
});
