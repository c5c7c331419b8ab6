import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@piste/db';
import { testDatabaseKinds } from '@piste/db/testing';
import { signedInStaff } from '../../test/support/admin-harness';
import { createSeededApiApp } from '../../test/support/app-harness';
import { checkOut, DEMO, TestBrowser } from '../../test/support/test-browser';

interface Variant {
  id: number;
  product_id: number;
  inventory_level: number;
}

const germanAddress = {
  first_name: 'Lukas',
  last_name: 'Brandstätter',
  street_1: 'Leopoldstraße 12',
  city: 'München',
  zip: '80802',
  country_iso2: 'DE',
};

describe.each(testDatabaseKinds())('the back office’s orders on $name', (kind) => {
  let shop: Awaited<ReturnType<typeof createSeededApiApp>>;
  let support: Awaited<ReturnType<typeof signedInStaff>>;
  let stocked: Variant[];

  beforeAll(async () => {
    shop = await createSeededApiApp(kind);
    support = await signedInStaff(shop.app, shop.database, 'support');
    const response = await shop.app.inject({ url: '/api/products?limit=250&include=variants' });
    const products = response.json().data as { inventory_tracking: string; variants: Variant[] }[];
    stocked = products
      .filter((product) => product.inventory_tracking === 'variant')
      .map((product) => [...product.variants].sort((a, b) => b.inventory_level - a.inventory_level)[0]!)
      .filter((variant) => variant.inventory_level >= 20)
      .slice(0, 2);
    expect(stocked).toHaveLength(2);
    // Seeding a shop takes long on a busy machine.
  }, 300_000);
  afterAll(() => shop.close());

  const line = (variant: Variant, quantity = 1) => ({
    product_id: variant.product_id,
    variant_id: variant.id,
    quantity,
  });

  /** A guest order from a fresh browser, with an email of its own. */
  async function placeOrder(
    lines: ReturnType<typeof line>[],
    options: { region?: string; address?: Record<string, string>; browser?: TestBrowser; email?: string } = {},
  ) {
    const email = options.email ?? `buyer.${randomUUID().slice(0, 8)}@example.com`;
    const placed = await checkOut(options.browser ?? new TestBrowser(shop.app), lines, { ...options, email });
    expect(placed.response.statusCode, placed.response.body).toBe(201);
    return { id: placed.response.json().data.id as number, email, totalMinor: placed.quote.totals.totalMinor };
  }

  async function stockOf(variantId: number): Promise<number> {
    const [row] = await queryRows<{ level: number }>(
      shop.database.db,
      sql`select inventory_level as level from variants where id = ${variantId}`,
    );
    return row!.level;
  }

  const detailOf = async (id: number) => (await support.get(`/admin/api/orders/${id}`)).json();

  it('lists orders by customer, region, number, total and status, sorted and paged with a count', async () => {
    const small = await placeOrder([line(stocked[0]!)]);
    const large = await placeOrder([line(stocked[0]!, 3)], { email: small.email });
    const european = await placeOrder([line(stocked[1]!)], { region: 'eu_region_1', address: germanAddress });

    const mine = (await support.get(`/admin/api/orders?customer=${encodeURIComponent(small.email)}&sort=total`)).json();
    expect(mine.total).toBe(2);
    expect(mine.orders.map((order: { id: number }) => order.id)).toEqual([small.id, large.id]);
    expect(mine.orders[0]).toMatchObject({
      email: small.email,
      currencyCode: 'USD',
      region: 'us',
      status: 'awaiting_fulfillment',
      itemCount: 1,
      totalMinor: small.totalMinor,
      refundedMinor: 0,
      name: 'Tessa Calloway',
    });
    expect(mine.amounts).toMatch(/minor units/);

    const descending = (await support.get(`/admin/api/orders?customer=${encodeURIComponent(small.email)}&sort=-total`))
      .json()
      .orders.map((order: { id: number }) => order.id);
    expect(descending).toEqual([large.id, small.id]);

    const paged = (
      await support.get(`/admin/api/orders?customer=${encodeURIComponent(small.email)}&pageSize=1&page=2`)
    ).json();
    expect(paged).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.orders.map((order: { id: number }) => order.id)).toEqual([small.id]);

    const inEurope = (await support.get(`/admin/api/orders?region=eu_region_1&q=${european.id}`)).json();
    expect(
      inEurope.orders.map((order: { id: number; currencyCode: string }) => [order.id, order.currencyCode]),
    ).toEqual([[european.id, 'EUR']]);
    expect((await support.get(`/admin/api/orders?region=us&q=${european.id}`)).json().total).toBe(0);

    const byTotal = (
      await support.get(
        `/admin/api/orders?q=${encodeURIComponent(small.email.split('@')[0]!)}&minTotal=${small.totalMinor + 1}&maxTotal=${large.totalMinor}`,
      )
    ).json();
    expect(byTotal.orders.map((order: { id: number }) => order.id)).toEqual([large.id]);
    const today = new Date().toISOString().slice(0, 10);
    const todays = (
      await support.get(`/admin/api/orders?status=awaiting_fulfillment&from=${today}&to=${today}&q=${small.id}`)
    ).json();
    expect(todays.total).toBe(1);
    expect((await support.get(`/admin/api/orders?status=shipped&q=${small.id}`)).json().total).toBe(0);
  });

  it('refuses filters it cannot read, each at its field', async () => {
    const bad = await support.get('/admin/api/orders?status=lost&page=0&pageSize=500&sort=cheapest&from=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['from', 'page', 'pageSize', 'sort', 'status']);
    const backwards = await support.get('/admin/api/orders?from=2026-11-20&to=2026-11-01&minTotal=500&maxTotal=100');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.fields).toEqual({
      to: 'The end date is before the start date.',
      maxTotal: 'The highest total is below the lowest.',
    });
    expect((await support.get('/admin/api/orders?customer=99999999999')).json().total).toBe(0);
    expect((await support.get('/admin/api/orders/99999999999')).statusCode).toBe(400);
    expect((await support.get('/admin/api/orders/abc')).statusCode).toBe(400);
    const missing = await support.get('/admin/api/orders/999999');
    expect(missing.statusCode).toBe(404);
  });

  it('shows an order with its lines, payment, refundable amount and the customer who placed it', async () => {
    const shopper = new TestBrowser(shop.app);
    const customer = await shopper.signIn(DEMO.shopper.email, DEMO.shopper.pw);
    const order = await placeOrder([line(stocked[0]!, 2)], { browser: shopper, email: DEMO.shopper.email });
    const detail = await detailOf(order.id);
    expect(detail.order).toMatchObject({ id: order.id, status: 'awaiting_fulfillment', currencyCode: 'USD' });
    expect(detail.order.totalMinor).toBe(order.totalMinor);
    expect(detail.lines).toEqual([
      expect.objectContaining({ variantId: stocked[0]!.id, quantity: 2, shipped: 0, refunded: 0 }),
    ]);
    expect(detail.payment).toMatchObject({ provider: 'test', brand: 'visa', last4: '4242', state: 'captured' });
    expect(detail.shippingAddress).toMatchObject({ city: 'Salt Lake City', country_iso2: 'US' });
    expect(detail).toMatchObject({ refundedMinor: 0, refundableMinor: order.totalMinor });
    expect(detail.customer).toMatchObject({ id: customer.id, email: DEMO.shopper.email });
    expect(detail.history.map((entry: { event: string }) => entry.event)).toEqual(['placed']);
    expect(detail.can).toEqual({ ship: true, cancel: true, refund: true });
  });

  it('ships with carrier and tracking: the customer’s order page shows it and the email waits in the outbox', async () => {
    const shopper = new TestBrowser(shop.app);
    await shopper.signIn(DEMO.shopper.email, DEMO.shopper.pw);
    const order = await placeOrder([line(stocked[0]!, 2), line(stocked[1]!)], {
      browser: shopper,
      email: DEMO.shopper.email,
    });
    const { lines } = await detailOf(order.id);

    const tooMany = await support.post(`/admin/api/orders/${order.id}/ship`, {
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      lines: [{ orderLineId: lines[0].id, quantity: 3 }],
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.fields).toEqual({ 'lines.0.quantity': 'Only 2 of this line are left to ship.' });
    const blank = await support.post(`/admin/api/orders/${order.id}/ship`, { carrier: ' ', trackingNumber: '<x>' });
    expect(Object.keys(blank.json().error.fields).sort()).toEqual(['carrier', 'trackingNumber']);

    const partial = await support.post(`/admin/api/orders/${order.id}/ship`, {
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      lines: [{ orderLineId: lines[0].id, quantity: 1 }],
    });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json().order.status).toBe('awaiting_fulfillment');
    expect(partial.json().lines.map((entry: { shipped: number }) => entry.shipped)).toEqual([1, 0]);

    const rest = await support.post(`/admin/api/orders/${order.id}/ship`, {
      carrier: 'DHL',
      trackingNumber: '00340434161094042557',
    });
    expect(rest.json().order.status).toBe('shipped');
    expect(rest.json().shipments.map((shipment: { items: unknown }) => shipment.items)).toEqual([
      [{ orderLineId: lines[0].id, quantity: 1 }],
      [
        { orderLineId: lines[0].id, quantity: 1 },
        { orderLineId: lines[1].id, quantity: 1 },
      ],
    ]);
    expect(rest.json().can).toMatchObject({ ship: false, cancel: false });
    expect(
      rest.json().history.map((entry: { event: string; actor: string | null }) => [entry.event, entry.actor]),
    ).toEqual([
      ['placed', null],
      ['shipped', support.email],
      ['shipped', support.email],
    ]);

    const page = (await shopper.get(`/api/orders/${order.id}`)).json().data;
    expect(page.custom_status).toBe('shipped');
    const parcels = (await shopper.get(`/api/orders/${order.id}/shipments`)).json().data;
    expect(parcels.map((parcel: { tracking_number: string }) => parcel.tracking_number)).toEqual([
      '1Z999AA10123456784',
      '00340434161094042557',
    ]);
    const emails = await queryRows<{ text: string }>(
      shop.database.db,
      sql`select text from email_outbox where kind = 'order_shipped' and text like ${`%${order.id}%`} order by id`,
    );
    expect(emails).toHaveLength(2);
    expect(emails[1]!.text).toContain('00340434161094042557');

    const again = await support.post(`/admin/api/orders/${order.id}/ship`, { carrier: 'DHL', trackingNumber: '1' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('NOTHING_TO_SHIP');
    const audit = await queryRows<{ action: string; actor: string }>(
      shop.database.db,
      sql`select action, actor from audit_log where entity_type = 'order' and entity_id = ${String(order.id)} order by id`,
    );
    expect(audit).toEqual([
      { action: 'order.ship', actor: support.email },
      { action: 'order.ship', actor: support.email },
    ]);
  });

  it('leaves the rest of a partly shipped order to npm run order:ship, which ships only what is left', async () => {
    const order = await placeOrder([line(stocked[0]!, 2)]);
    const { lines } = await detailOf(order.id);
    await support.post(`/admin/api/orders/${order.id}/ship`, {
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      lines: [{ orderLineId: lines[0].id, quantity: 1 }],
    });
    const { orders } = shop.app.services;
    const rest = await orders.shipAll(order.id, { carrier: 'UPS', trackingNumber: '1Z999AA10123456785' });
    expect(rest.items).toEqual([{ order_product_id: lines[0].id, quantity: 1 }]);
    expect((await detailOf(order.id)).order.status).toBe('shipped');
    await expect(orders.shipAll(order.id, { carrier: 'UPS', trackingNumber: '1Z' })).rejects.toMatchObject({
      code: 'NOTHING_TO_SHIP',
    });
  });

  it('cancels before shipping: restocks every unit with a stock history entry and refunds the payment', async () => {
    const before = await stockOf(stocked[1]!.id);
    const order = await placeOrder([line(stocked[1]!, 2)]);
    expect(await stockOf(stocked[1]!.id)).toBe(before - 2);

    const noReason = await support.post(`/admin/api/orders/${order.id}/cancel`, {});
    expect(noReason.statusCode).toBe(400);
    expect(Object.keys(noReason.json().error.fields)).toEqual(['reason']);

    const cancelled = await support.post(`/admin/api/orders/${order.id}/cancel`, {
      reason: 'Customer changed their mind',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const detail = cancelled.json();
    expect(detail.order.status).toBe('cancelled');
    expect(detail.refunds).toEqual([
      expect.objectContaining({
        amountMinor: order.totalMinor,
        reason: 'Order cancelled: Customer changed their mind',
      }),
    ]);
    expect(detail).toMatchObject({ refundedMinor: order.totalMinor, refundableMinor: 0 });
    expect(detail.history.map((entry: { event: string }) => entry.event)).toEqual(['placed', 'cancelled', 'refunded']);
    expect(await stockOf(stocked[1]!.id)).toBe(before);
    const history = await queryRows<{ delta: number; reason: string; note: string; actor: string }>(
      shop.database.db,
      sql`select delta, reason, note, actor from stock_adjustments where variant_id = ${stocked[1]!.id} order by id desc limit 1`,
    );
    expect(history).toEqual([{ delta: 2, reason: 'order-cancelled', note: `Order ${order.id}`, actor: support.email }]);

    const [email] = await queryRows<{ subject: string; text: string }>(
      shop.database.db,
      sql`select subject, text from email_outbox where kind = 'order_cancelled' and recipient = ${order.email}`,
    );
    expect(email!.subject).toBe(`Your Piste order ${order.id} has been cancelled`);
    expect(email!.text).toContain(`The $${(order.totalMinor / 100).toFixed(2)} you paid goes back to your card`);

    const ship = await support.post(`/admin/api/orders/${order.id}/ship`, { carrier: 'UPS', trackingNumber: '1Z' });
    expect(ship.statusCode).toBe(409);
    expect(ship.json().error.code).toBe('ORDER_CLOSED');
    expect((await support.post(`/admin/api/orders/${order.id}/cancel`, { reason: 'again' })).statusCode).toBe(409);
    expect((await support.post(`/admin/api/orders/${order.id}/refunds`, { reason: 'again' })).statusCode).toBe(409);
  });

  it('refuses to cancel a shipped order, changing nothing', async () => {
    const order = await placeOrder([line(stocked[0]!)]);
    await support.post(`/admin/api/orders/${order.id}/ship`, { carrier: 'UPS', trackingNumber: '1Z999' });
    const level = await stockOf(stocked[0]!.id);
    const refused = await support.post(`/admin/api/orders/${order.id}/cancel`, { reason: 'Too late' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('ALREADY_SHIPPED');
    expect((await detailOf(order.id)).order.status).toBe('shipped');
    expect(await stockOf(stocked[0]!.id)).toBe(level);
  });

  it('refunds one line through the payment provider, then the rest, and the order becomes refunded', async () => {
    const order = await placeOrder([line(stocked[0]!, 2), line(stocked[1]!)]);
    const { lines } = await detailOf(order.id);
    const level = await stockOf(stocked[1]!.id);

    const tooMuch = await support.post(`/admin/api/orders/${order.id}/refunds`, {
      amountMinor: order.totalMinor + 1,
      reason: 'Goodwill',
    });
    expect(tooMuch.statusCode).toBe(400);
    const left = `${(order.totalMinor / 100).toFixed(2)} USD`;
    expect(tooMuch.json().error.fields).toEqual({ amountMinor: `At most ${left} is left to refund.` });
    expect(tooMuch.json().error.message).toContain(`(${order.totalMinor} minor units)`);

    const oneLine = await support.post(`/admin/api/orders/${order.id}/refunds`, {
      lines: [{ orderLineId: lines[1].id, quantity: 1 }],
      reason: 'Arrived damaged',
      restock: true,
    });
    expect(oneLine.statusCode, oneLine.body).toBe(201);
    const partial = oneLine.json();
    const share = partial.refundedMinor;
    expect(share).toBeGreaterThan(0);
    expect(share).toBeLessThan(order.totalMinor);
    expect(partial.order.status).toBe('awaiting_fulfillment');
    expect(partial.lines.map((entry: { refunded: number }) => entry.refunded)).toEqual([0, 1]);
    expect(partial.refunds[0]).toMatchObject({ amountMinor: share, reason: 'Arrived damaged', actor: support.email });
    expect(partial.refunds[0].refundId).toMatch(/^re_test_/);
    expect(await stockOf(stocked[1]!.id)).toBe(level + 1);

    const again = await support.post(`/admin/api/orders/${order.id}/refunds`, {
      lines: [{ orderLineId: lines[1].id, quantity: 1 }],
      reason: 'Twice',
    });
    expect(again.json().error.fields).toEqual({ 'lines.0.quantity': 'This line has been refunded in full.' });
    const stranger = await support.post(`/admin/api/orders/${order.id}/refunds`, {
      lines: [{ orderLineId: 1, quantity: 1 }],
      reason: 'Wrong order',
    });
    expect(stranger.json().error.fields).toEqual({ 'lines.0.orderLineId': `Order ${order.id} has no line 1.` });

    const rest = await support.post(`/admin/api/orders/${order.id}/refunds`, { reason: 'Order lost in transit' });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json()).toMatchObject({ refundedMinor: order.totalMinor, refundableMinor: 0 });
    expect(rest.json().order.status).toBe('refunded');
    expect(rest.json().can).toEqual({ ship: false, cancel: false, refund: false });

    const payments = shop.app.services.embeddedOnly!.payments;
    await expect(payments.refund(rest.json().payment.transactionId, 1, 'one-more')).rejects.toMatchObject({
      code: 'REFUND_REFUSED',
    });
    // The order records what the provider gave back, as the refunds add up.
    expect(rest.json().payment).toMatchObject({ refundedMinor: order.totalMinor, capturedMinor: order.totalMinor });
    const audit = await queryRows<{ action: string; before: { status: string }; after: { status: string } }>(
      shop.database.db,
      sql`select action, before, after from audit_log where entity_type = 'order' and entity_id = ${String(order.id)} order by id`,
    );
    expect(audit.map((entry) => [entry.action, entry.before.status, entry.after.status])).toEqual([
      ['order.refund', 'awaiting_fulfillment', 'awaiting_fulfillment'],
      ['order.refund', 'awaiting_fulfillment', 'refunded'],
    ]);
  });

  it('keeps staff notes on the order, and refuses an empty or overlong one', async () => {
    const order = await placeOrder([line(stocked[0]!)]);
    const added = await support.post(`/admin/api/orders/${order.id}/notes`, { body: 'Customer asked for gift wrap.' });
    expect(added.statusCode).toBe(201);
    expect(added.json().notes).toEqual([
      expect.objectContaining({ body: 'Customer asked for gift wrap.', actor: support.email }),
    ]);
    const long = await support.post(`/admin/api/orders/${order.id}/notes`, { body: 'x'.repeat(2001) });
    expect(long.json().error.fields).toEqual({ body: 'Keep a note under 2000 characters.' });
    expect((await support.post(`/admin/api/orders/${order.id}/notes`, { body: '   ' })).statusCode).toBe(400);
    expect((await support.post('/admin/api/orders/999999/notes', { body: 'Nobody' })).statusCode).toBe(404);
  });

  it('exports the filtered orders as CSV with money as decimals in the order’s currency', async () => {
    const first = await placeOrder([line(stocked[0]!)]);
    const second = await placeOrder([line(stocked[1]!, 2)], { email: first.email });
    await support.post(`/admin/api/orders/${second.id}/refunds`, { amountMinor: 150, reason: 'Late delivery' });
    const response = await support.get(
      `/admin/api/orders/export.csv?customer=${encodeURIComponent(first.email)}&sort=created`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = response.body.trim().split('\n');
    expect(rows[0]).toBe('order,created_at,status,region,currency,email,customer_id,name,items,total,refunded');
    const decimal = (minor: number) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
    expect(rows.slice(1).map((row) => row.split(','))).toEqual([
      [
        String(first.id),
        expect.any(String),
        'awaiting_fulfillment',
        'us',
        'USD',
        first.email,
        '',
        'Tessa Calloway',
        '1',
        decimal(first.totalMinor),
        '0.00',
      ],
      [
        String(second.id),
        expect.any(String),
        'awaiting_fulfillment',
        'us',
        'USD',
        first.email,
        '',
        'Tessa Calloway',
        '2',
        decimal(second.totalMinor),
        '1.50',
      ],
    ]);
    const refused = await support.get('/admin/api/orders/export.csv?minTotal=9&maxTotal=1');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toHaveProperty('maxTotal');
  });

  it('lets only staff allowed to see orders read them, and only those allowed to change them act', async () => {
    const merchandiser = await signedInStaff(shop.app, shop.database, 'merchandiser');
    expect((await merchandiser.get('/admin/api/orders')).statusCode).toBe(403);
    expect((await new TestBrowser(shop.app).get('/admin/api/orders')).statusCode).toBe(401);
    const order = await placeOrder([line(stocked[0]!)]);
    const refused = await merchandiser.post(`/admin/api/orders/${order.id}/notes`, { body: 'Hello' });
    expect(refused.statusCode).toBe(403);
  });

  it('is described in the OpenAPI document', async () => {
    const paths = (await shop.app.inject({ url: '/admin/api/openapi.json' })).json().paths;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/orders',
        '/orders/{id}',
        '/orders/{id}/ship',
        '/orders/{id}/refunds',
        '/orders/export.csv',
      ]),
    );
  });
});
