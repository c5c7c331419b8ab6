import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPaymentRecovery } from '@piste/commerce/server';
import { queryRows } from '@piste/db';
import { testDatabaseKinds } from '@piste/db/testing';
import { createSeededApiApp } from '../../../test/support/app-harness';
import { payFor } from '../../../test/support/pay';
import { US_ADDRESS as usAddress } from '../../../test/support/test-browser';

/** Any well-formed token: the double submit only needs the header to echo the cookie. */
const XSRF = 'x'.repeat(43);

interface Variant {
  id: number;
  product_id: number;
  inventory_level: number;
}
interface Product {
  id: number;
  custom_url: { url: string };
  inventory_tracking: string;
  variants: Variant[];
}

const germanAddress = {
  first_name: 'Lukas',
  last_name: 'Brandstätter',
  street_1: 'Leopoldstraße 12',
  city: 'München',
  zip: '80802',
  country_iso2: 'DE',
};
/** An intent id no payment has: for checkouts refused before the payment is looked at. */
const UNPAID = { intent_id: 'pi_test_unpaid' };

describe.each(testDatabaseKinds())('checkout and orders on $name', (kind) => {
  let harness: Awaited<ReturnType<typeof createSeededApiApp>>;
  let variant: Variant;

  beforeAll(async () => {
    harness = await createSeededApiApp(kind);
    const response = await harness.app.inject({ url: '/api/products?limit=250&include=variants' });
    const products = response.json().data as Product[];
    const tracked = products.find((product) => product.inventory_tracking === 'variant')!;
    variant = [...tracked.variants].sort((a, b) => b.inventory_level - a.inventory_level)[0]!;
  });
  afterAll(() => harness.close());

  const cookieOf = (headers: Record<string, unknown>, name: string) => {
    const setCookie = ([] as string[]).concat((headers['set-cookie'] as string | string[] | undefined) ?? []);
    const found = setCookie.find((cookie) => cookie.startsWith(`${name}=`));
    return found ? found.split(';')[0]!.slice(name.length + 1) : undefined;
  };

  async function cartWith(quantity = 1, region = 'us', which: Variant = variant) {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/cart/create',
      headers: { 'x-xsrf-token': XSRF, 'x-bc-region': region },
      cookies: { 'XSRF-TOKEN': XSRF },
      payload: { line_items: [{ product_id: which.product_id, variant_id: which.id, quantity }] },
    });
    expect(response.statusCode).toBe(201);
    return { cartId: response.json().data.id as string, session: cookieOf(response.headers, 'piste_cart')! };
  }

  function call(
    method: 'GET' | 'POST',
    url: string,
    options: {
      session?: string;
      order?: string;
      payload?: unknown;
      headers?: Record<string, string>;
      region?: string;
    } = {},
  ) {
    return harness.app.inject({
      method,
      url,
      headers: { 'x-xsrf-token': XSRF, 'x-bc-region': options.region ?? 'us', ...options.headers },
      cookies: {
        'XSRF-TOKEN': XSRF,
        ...(options.session ? { piste_cart: options.session } : {}),
        ...(options.order ? { piste_order: options.order } : {}),
      },
      ...(options.payload === undefined ? {} : { payload: options.payload as object }),
    });
  }

  /**
   * Pays for the cart as the checkout page does (an intent for its total, confirmed with a test
   * payment method) and answers the intent's id; a cart that cannot be paid for (a method the
   * address cannot have, another session's cart) answers an id that names no payment, so the
   * checkout itself refuses it.
   */
  async function pay(
    cart: { cartId: string; session: string },
    key: string,
    options: {
      shippingMethodId: number;
      address?: { country_iso2: string; state?: string };
      region?: string;
      token?: string;
    },
  ): Promise<string> {
    const { address = usAddress, region = 'us' } = options;
    const post = (url: string, payload: unknown, headers: Record<string, string>) =>
      call('POST', url, { session: cart.session, region, headers, payload });
    try {
      return await payFor(
        harness.app.services.embeddedOnly!.testGateway!,
        post,
        {
          cartId: cart.cartId,
          key,
          shipping_address: { country_iso2: address.country_iso2, ...(address.state ? { state: address.state } : {}) },
          shipping_method_id: options.shippingMethodId,
        },
        options.token,
      );
    } catch {
      return UNPAID.intent_id;
    }
  }

  const checkout = async (
    cart: { cartId: string; session: string },
    key: string,
    overrides: Record<string, unknown> = {},
  ) => {
    const shippingMethodId = (overrides.shipping_method_id as number | undefined) ?? 0;
    const payment = overrides.payment ?? { intent_id: await pay(cart, key, { shippingMethodId }) };
    return call('POST', `/api/cart/${cart.cartId}/checkout`, {
      session: cart.session,
      headers: { 'idempotency-key': key },
      payload: {
        email: 'Tessa@Example.com',
        shipping_address: usAddress,
        shipping_method_id: shippingMethodId,
        ...overrides,
        payment,
      },
    });
  };

  async function cheapestMethod(cart: { cartId: string; session: string }, address = usAddress, region = 'us') {
    const quote = await call('POST', `/api/cart/${cart.cartId}/checkout/quote`, {
      session: cart.session,
      region,
      payload: { country_iso2: address.country_iso2, ...('state' in address ? { state: address.state } : {}) },
    });
    expect(quote.statusCode).toBe(200);
    return quote.json().data;
  }

  const stockOf = async (variantId: number) => {
    const response = await harness.app.inject({ url: `/api/products/${variant.product_id}/variants/${variantId}` });
    return response.json().data.inventory_level as number;
  };

  it('quotes shipping and added US sales tax for a destination', async () => {
    const cart = await cartWith(2);
    const quote = await cheapestMethod(cart);
    expect(quote.shippingOptions.length).toBeGreaterThan(0);
    expect(quote.tax).toMatchObject({ included: false });
    expect(quote.tax.taxMinor).toBeGreaterThan(0);
    expect(quote.totals.totalMinor).toBe(quote.totals.subtotalMinor + quote.totals.shippingMinor + quote.tax.taxMinor);
  });

  it('places an order: stock taken, cart closed, order readable by its session and by number and email', async () => {
    const before = await stockOf(variant.id);
    const cart = await cartWith(2);
    const quote = await cheapestMethod(cart);
    const placed = await checkout(cart, randomUUID(), { shipping_method_id: quote.shipping.id });
    expect(placed.statusCode).toBe(201);
    const order = placed.json().data;
    expect(order).toMatchObject({
      custom_status: 'awaiting_fulfillment',
      currency_code: 'USD',
      items_total: 2,
      total_inc_tax: quote.totals.totalMinor / 100,
      payment_method: 'visa •••• 4242',
    });
    expect(order.id).toBeGreaterThanOrEqual(100001);
    expect(await stockOf(variant.id)).toBe(before - 2);

    expect((await call('GET', `/api/cart/${cart.cartId}`, { session: cart.session })).statusCode).toBe(404);
    const orderSession = cookieOf(placed.headers, 'piste_order')!;
    expect((await call('GET', `/api/orders/${order.id}`, { order: orderSession })).json().data.id).toBe(order.id);
    expect((await call('GET', `/api/orders/${order.id}`)).statusCode).toBe(404);

    const status = await call('GET', `/api/order-status/${order.id}?email=TESSA%40example.com`);
    expect(status.json().data).toMatchObject({ id: order.id, custom_status: 'awaiting_fulfillment', shipments: [] });
    expect((await call('GET', `/api/order-status/${order.id}?email=someone%40example.com`)).statusCode).toBe(404);
  });

  it('writes one confirmation email with the order, linking to its status page in the shopper’s locale', async () => {
    const cart = await cartWith(1);
    const quote = await cheapestMethod(cart);
    const key = randomUUID();
    const placed = await call('POST', `/api/cart/${cart.cartId}/checkout`, {
      session: cart.session,
      headers: { 'idempotency-key': key, 'x-locale': 'de-de' },
      payload: {
        email: 'Mail@Example.com',
        shipping_address: usAddress,
        shipping_method_id: quote.shipping.id,
        payment: { intent_id: await pay(cart, key, { shippingMethodId: quote.shipping.id }) },
      },
    });
    const order = placed.json().data;
    const emails = await harness.database.db.execute(
      sql`select subject, text from email_outbox where kind = 'order_confirmation' and recipient = 'mail@example.com'`,
    );
    const rows = (emails as unknown as { rows: { subject: string; text: string }[] }).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]!.subject).toContain(String(order.id));
    expect(rows[0]!.text).toContain(`/de-de/order-status?number=${order.id}&email=mail%40example.com`);
    // Amounts as the shopper's language writes them (decisions/017-g): German puts the symbol after.
    const total = (quote.totals.totalMinor / 100).toFixed(2).replace('.', ',');
    expect(rows[0]!.text.replace(/[\u00a0\u202f]/g, ' ')).toContain(`${total} $`);
  });

  it('writes the confirmation in the shopper’s language: German for a de-de checkout, English fallback otherwise', async () => {
    const placeIn = async (locale: string, email: string) => {
      const cart = await cartWith(2);
      const quote = await cheapestMethod(cart);
      const key = randomUUID();
      const payment = { intent_id: await pay(cart, key, { shippingMethodId: quote.shipping.id }) };
      const placed = await call('POST', `/api/cart/${cart.cartId}/checkout`, {
        session: cart.session,
        headers: { 'idempotency-key': key, 'x-locale': locale },
        payload: { email, shipping_address: usAddress, shipping_method_id: quote.shipping.id, payment },
      });
      expect(placed.statusCode).toBe(201);
      const order = placed.json().data;
      const rows = await queryRows<{ subject: string; text: string; html: string }>(
        harness.database.db,
        sql`select subject, text, html from email_outbox where kind = 'order_confirmation' and recipient = ${email}`,
      );
      expect(rows).toHaveLength(1);
      return { order, mail: rows[0]! };
    };
    const german = await placeIn('de-de', 'lukas@example.com');
    expect(german.mail.subject).toBe(`Deine Piste-Bestellung ${german.order.id}`);
    expect(german.mail.text).toContain('Hallo Tessa,');
    expect(german.mail.text).toContain(
      `Danke für deine Bestellung. Wir haben die Bestellung ${german.order.id} erhalten`,
    );
    expect(german.mail.text).toContain('Zwischensumme:');
    expect(german.mail.text).toContain('Gesamtsumme:');
    expect(german.mail.html).toContain('Bestellung ansehen');
    expect(german.mail.html).toContain('<html lang="de">');
    expect(german.mail.text).not.toMatch(/Subtotal|Thank you/);

    // Japanese has no email texts of its own: English, as on the shop's pages.
    const japanese = await placeIn('ja-jp', 'kenji@example.com');
    expect(japanese.mail.subject).toBe(`Your Piste order ${japanese.order.id}`);
    expect(japanese.mail.text).toContain('Subtotal:');
  });

  it('emails the shipment in the language the order was placed in', async () => {
    const cart = await cartWith(1);
    const quote = await cheapestMethod(cart);
    const email = `versand.${randomUUID().slice(0, 8)}@example.com`;
    const key = randomUUID();
    const payment = { intent_id: await pay(cart, key, { shippingMethodId: quote.shipping.id }) };
    const placed = await call('POST', `/api/cart/${cart.cartId}/checkout`, {
      session: cart.session,
      headers: { 'idempotency-key': key, 'x-locale': 'de-de' },
      payload: { email, shipping_address: usAddress, shipping_method_id: quote.shipping.id, payment },
    });
    const order = placed.json().data;
    await harness.app.services.orders.shipAll(order.id, { carrier: 'DHL', trackingNumber: '00340434161094042557' });
    const rows = await queryRows<{ subject: string; text: string }>(
      harness.database.db,
      sql`select subject, text from email_outbox where kind = 'order_shipped' and recipient = ${email}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.subject).toBe(`Deine Piste-Bestellung ${order.id} ist unterwegs`);
    expect(rows[0]!.text).toContain('Versanddienst: DHL');
    expect(rows[0]!.text).toContain('Sendungsnummer: 00340434161094042557');
    expect(rows[0]!.text).toContain(`/de-de/order-status?number=${order.id}&email=`);
  });

  it('shows a shipped order with its carrier and tracking number to a guest with the email', async () => {
    const cart = await cartWith(1);
    const quote = await cheapestMethod(cart);
    const order = (await checkout(cart, randomUUID(), { shipping_method_id: quote.shipping.id })).json().data;
    await harness.app.services.orders.shipAll(order.id, { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
    const status = (await call('GET', `/api/order-status/${order.id}?email=tessa%40example.com`)).json().data;
    expect(status).toMatchObject({ custom_status: 'shipped', status: 'Shipped' });
    expect(status.shipments).toEqual([
      expect.objectContaining({ shipping_provider: 'UPS', tracking_number: '1Z999AA10123456784' }),
    ]);
    const lines = status.shipments[0].items.map((item: { quantity: number }) => item.quantity);
    expect(lines).toEqual([1]);
  });

  it('answers a retried request with the same order, taking stock once', async () => {
    const cart = await cartWith(1);
    const quote = await cheapestMethod(cart);
    const key = randomUUID();
    const first = await checkout(cart, key, { shipping_method_id: quote.shipping.id });
    const before = await stockOf(variant.id);
    const again = await checkout(cart, key, { shipping_method_id: quote.shipping.id });
    expect(again.statusCode).toBe(201);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(await stockOf(variant.id)).toBe(before);
  });

  it('answers a key again only to its checkout: the cart’s session or the order’s cookie, never another', async () => {
    const cart = await cartWith(1);
    const quote = await cheapestMethod(cart);
    const key = randomUUID();
    const placed = await checkout(cart, key, { shipping_method_id: quote.shipping.id });
    const order = placed.json().data;
    const orderSession = cookieOf(placed.headers, 'piste_order')!;
    // A retry whose browser already took the answer's cookies: the cart's session is over.
    const afterAnswer = await call('POST', `/api/cart/${cart.cartId}/checkout`, {
      order: orderSession,
      headers: { 'idempotency-key': key },
      payload: { email: 'x@example.com', shipping_address: usAddress, shipping_method_id: 1, payment: UNPAID },
    });
    expect(afterAnswer.statusCode, afterAnswer.body).toBe(201);
    expect(afterAnswer.json().data.id).toBe(order.id);

    const other = await cartWith(1);
    for (const stranger of [
      checkout(other, key, { shipping_method_id: quote.shipping.id }),
      checkout({ cartId: cart.cartId, session: other.session }, key, { shipping_method_id: quote.shipping.id }),
      // The owner's key on another cart is another checkout too.
      call('POST', `/api/cart/${other.cartId}/checkout`, {
        session: other.session,
        order: orderSession,
        headers: { 'idempotency-key': key },
        payload: { email: 'x@example.com', shipping_address: usAddress, shipping_method_id: 1, payment: UNPAID },
      }),
    ]) {
      const response = await stranger;
      expect(response.statusCode).toBe(409);
      expect(response.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
      expect(response.body).not.toContain(String(order.id));
    }
    expect((await call('GET', `/api/cart/${other.cartId}`, { session: other.session })).statusCode).toBe(200);
  });

  it('takes the payment of an order whose first request died before the capture, when retried', async () => {
    const { payments } = harness.app.services.embeddedOnly!;
    const cart = await cartWith(1);
    const quote = await cheapestMethod(cart);
    const key = randomUUID();
    // The process "dies" right after the order commits (docs/reliability.md 'Crash safety').
    const capture = vi.spyOn(payments, 'capture').mockRejectedValueOnce(new Error('process killed'));
    expect((await checkout(cart, key, { shipping_method_id: quote.shipping.id })).statusCode).toBe(500);
    capture.mockRestore();
    const [order] = await queryRows<{ id: number; transaction_id: string }>(
      harness.database.db,
      sql`select id, payment->>'transactionId' as transaction_id from orders where idempotency_key = ${key}`,
    );
    const statusOf = async (id: string) => (await payments.retrieveIntent(id)).status;
    expect(await statusOf(order!.transaction_id)).toBe('requires_capture');

    const retried = await checkout(cart, key, { shipping_method_id: quote.shipping.id });
    expect(retried.statusCode).toBe(201);
    expect(retried.json().data.id).toBe(order!.id);
    expect(await statusOf(order!.transaction_id)).toBe('succeeded');
  });

  it('leaves the payment authorised when the commit got no answer, for the recovery to capture', async () => {
    const { payments } = harness.app.services.embeddedOnly!;
    const { db } = harness.database;
    const cart = await cartWith(1);
    const quote = await cheapestMethod(cart);
    const key = randomUUID();
    const payment = { intent_id: await pay(cart, key, { shippingMethodId: quote.shipping.id }) };
    // The provider's webhooks of the payment are in, so the next transaction is the order's.
    await harness.app.services.backgroundWork.settled();
    // The commit reaches the database; its answer never comes back (a network gone silent).
    const transaction = db.transaction.bind(db);
    const lostCommit = vi.spyOn(db, 'transaction').mockImplementationOnce(async (work, config) => {
      await transaction(work, config);
      throw new Error('Query read timeout');
    });
    expect((await checkout(cart, key, { shipping_method_id: quote.shipping.id, payment })).statusCode).toBe(500);
    lostCommit.mockRestore();
    const [order] = await queryRows<{ id: number; transaction_id: string }>(
      db,
      sql`select id, payment->>'transactionId' as transaction_id from orders where idempotency_key = ${key}`,
    );
    // Voiding it would have shipped an order nobody paid for.
    const statusOf = async (id: string) => (await payments.retrieveIntent(id)).status;
    expect(await statusOf(order!.transaction_id)).toBe('requires_capture');

    const report = await createPaymentRecovery(db, payments).settle(new Date(Date.now() + 1));
    expect(report.captured).toContainEqual(
      expect.objectContaining({ orderId: order!.id, transactionId: order!.transaction_id }),
    );
    expect(await statusOf(order!.transaction_id)).toBe('succeeded');
  });

  it('leaves the cart as it was when the card is declined', async () => {
    const cart = await cartWith(1);
    const quote = await cheapestMethod(cart);
    const key = randomUUID();
    const intentId = await pay(cart, key, { shippingMethodId: quote.shipping.id, token: 'pm_card_chargeDeclined' });
    const declined = await checkout(cart, key, {
      shipping_method_id: quote.shipping.id,
      payment: { intent_id: intentId },
    });
    expect(declined.statusCode).toBe(409);
    expect(declined.json().error).toMatchObject({ code: 'PAYMENT_DECLINED', message: 'Your card was declined.' });
    expect((await call('GET', `/api/cart/${cart.cartId}`, { session: cart.session })).statusCode).toBe(200);
  });

  it('prices a German order with the VAT it contains', async () => {
    const cart = await cartWith(1, 'eu_region_1');
    const quote = await cheapestMethod(cart, germanAddress as typeof usAddress, 'eu_region_1');
    expect(quote.tax).toMatchObject({ included: true, rate: 19 });
    const key = randomUUID();
    const intentId = await pay(cart, key, {
      shippingMethodId: quote.shipping.id,
      address: germanAddress,
      region: 'eu_region_1',
    });
    const placed = await call('POST', `/api/cart/${cart.cartId}/checkout`, {
      session: cart.session,
      region: 'eu_region_1',
      headers: { 'idempotency-key': key },
      payload: {
        email: 'lukas@example.com',
        shipping_address: germanAddress,
        shipping_method_id: quote.shipping.id,
        payment: { intent_id: intentId },
      },
    });
    expect(placed.statusCode).toBe(201);
    expect(placed.json().data).toMatchObject({
      currency_code: 'EUR',
      prices_include_tax: true,
      tax_rate: 0.19,
      total_inc_tax: (quote.totals.subtotalMinor + quote.totals.shippingMinor) / 100,
    });
  });

  it('sells the last units once: 50 shoppers, 10 in stock, exactly 10 orders', async () => {
    await harness.database.db.execute(sql`update variants set inventory_level = 10 where id = ${variant.id}`);
    const carts = await Promise.all(Array.from({ length: 50 }, () => cartWith(1)));
    const quote = await cheapestMethod(carts[0]!);
    const results = await Promise.all(
      carts.map((cart) => checkout(cart, randomUUID(), { shipping_method_id: quote.shipping.id })),
    );
    const statuses = results.map((result) => result.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(40);
    for (const result of results.filter((entry) => entry.statusCode === 409)) {
      expect(result.json().error.code).toBe('OUT_OF_STOCK');
    }
    expect(await stockOf(variant.id)).toBe(0);
    await harness.database.db.execute(sql`update variants set inventory_level = 50 where id = ${variant.id}`);
  });

  it.each([
    ['no idempotency key', { headers: {} }, 400],
    ['a malformed idempotency key', { headers: { 'idempotency-key': 'no spaces please' } }, 400],
    ['a guessable idempotency key (not a UUID)', { headers: { 'idempotency-key': 'abcd1234' } }, 400],
    ['no CSRF header', { headers: { 'idempotency-key': randomUUID(), 'x-xsrf-token': '' } }, 403],
  ])('refuses a checkout with %s', async (_name, options, status) => {
    const cart = await cartWith(1);
    const response = await call('POST', `/api/cart/${cart.cartId}/checkout`, {
      session: cart.session,
      headers: options.headers,
      payload: { email: 'a@example.com', shipping_address: usAddress, shipping_method_id: 1, payment: UNPAID },
    });
    expect(response.statusCode).toBe(status);
    // The key is checked first: a 400 names it, not the shipping method the body gets wrong.
    if (status === 400) expect(response.json().error.message).toContain('Idempotency-Key');
  });

  it.each([
    ['a bad email', { email: 'not-an-email' }],
    ['a missing street', { shipping_address: { ...usAddress, street_1: '' } }],
    ['a shipping method the address cannot have', { shipping_method_id: 999_999 }],
    ['an unknown field', { coupon: 'FREE' }],
    ['control characters', { shipping_address: { ...usAddress, city: 'Salt\u0000Lake' } }],
  ])('answers %s with a 400 and keeps the cart', async (_name, overrides) => {
    const cart = await cartWith(1);
    const quote = await cheapestMethod(cart);
    const response = await checkout(cart, randomUUID(), { shipping_method_id: quote.shipping.id, ...overrides });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBeTruthy();
    expect((await call('GET', `/api/cart/${cart.cartId}`, { session: cart.session })).statusCode).toBe(200);
  });

  it('does not check out a cart of another session', async () => {
    const cart = await cartWith(1);
    const stranger = await cartWith(1);
    const response = await checkout({ cartId: cart.cartId, session: stranger.session }, randomUUID(), {
      shipping_method_id: 1,
    });
    expect(response.statusCode).toBe(404);
  });
});
