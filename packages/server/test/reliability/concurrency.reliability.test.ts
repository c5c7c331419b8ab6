/**
 * docs/reliability.md 'Concurrency': many shoppers at once on the same rows. Each case fires its
 * calls in one burst and then checks what a shopper or the merchant would notice: lines and
 * quantities, stock and orders, payments, the address book, sessions. On PGlite, and on Postgres
 * when TEST_DATABASE_URL is set (real parallel transactions there).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@piste/db';
import { testDatabaseKinds } from '@piste/db/testing';
import { createSeededPagesApp } from '../support/app-harness';
import { payFor } from '../support/pay';
import { DEMO, TestBrowser, US_ADDRESS } from '../support/test-browser';
import { bySize, recordFigure } from './mode';

interface Variant {
  id: number;
  product_id: number;
  inventory_level: number;
}

const size = bySize(
  {
    adds: 100,
    addVariants: 10,
    checkouts: 50,
    stock: 10,
    sameKey: 6,
    addressAdds: 20,
    addressEdits: 20,
    logins: 12,
  },
  {
    adds: 300,
    addVariants: 20,
    checkouts: 200,
    stock: 40,
    sameKey: 20,
    addressAdds: 45,
    addressEdits: 100,
    logins: 30,
  },
);

/** Every answer of a burst: a status the case allows, and the standard error body when it is an error. */
function expectCleanAnswers(responses: { statusCode: number; body: string }[], allowed: number[]) {
  for (const response of responses) {
    expect(allowed, response.body).toContain(response.statusCode);
    if (response.statusCode >= 400) {
      expect(JSON.parse(response.body)).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
    }
  }
}

describe.each(testDatabaseKinds())('concurrency on $name', (kind) => {
  let harness: Awaited<ReturnType<typeof createSeededPagesApp>>;
  /** Variants tracked by variant stock, most stocked first. */
  let variants: Variant[];

  const rows = <Row>(query: ReturnType<typeof sql>) => queryRows<Row>(harness.database.db, query);
  const setStock = (variantId: number, level: number) =>
    harness.database.db.execute(sql`update variants set inventory_level = ${level} where id = ${variantId}`);
  const record = (name: string, value: number, unit = 'operations') =>
    recordFigure('concurrency', `${name} (${kind.name})`, value, unit);

  beforeAll(async () => {
    harness = await createSeededPagesApp({}, { kind });
    const tracked = await rows<{ id: number; product_id: number; inventory_level: number }>(
      sql`select v.id, v.product_id, v.inventory_level from variants v join products p on p.id = v.product_id
          where p.inventory_tracking = 'variant' and not v.purchasing_disabled order by v.inventory_level desc, v.id`,
    );
    variants = tracked;
  });
  afterAll(() => harness?.close());

  it('adds to one cart from many requests at once: no line lost or doubled, quantities add up', async () => {
    const chosen = variants.slice(0, size.addVariants);
    for (const variant of chosen) await setStock(variant.id, 1_000);
    const shopper = new TestBrowser(harness.app);
    const created = await shopper.post('/api/cart/create', {
      line_items: [{ product_id: chosen[0]!.product_id, variant_id: chosen[0]!.id, quantity: 1 }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const cartId = created.json().data.id as string;

    const expected = new Map<number, number>([[chosen[0]!.id, 1]]);
    const adds = Array.from({ length: size.adds }, (_, index) => {
      const variant = chosen[index % chosen.length]!;
      const quantity = (index % 3) + 1;
      expected.set(variant.id, (expected.get(variant.id) ?? 0) + quantity);
      return { product_id: variant.product_id, variant_id: variant.id, quantity };
    });
    const responses = await Promise.all(
      adds.map((line) => shopper.post(`/api/cart/${cartId}/items`, { line_items: [line] })),
    );
    expectCleanAnswers(responses, [200]);

    const cart = (await shopper.get(`/api/cart/${cartId}`)).json().data as {
      line_items: { physical_items: { variant_id: number; quantity: number }[] };
    };
    const lines = cart.line_items.physical_items;
    expect(new Map(lines.map((line) => [line.variant_id, line.quantity]))).toEqual(expected);
    expect(lines).toHaveLength(expected.size);
    const stored = await rows<{ variant_id: number; count: number; quantity: number }>(
      sql`select variant_id, count(*)::int as count, sum(quantity)::int as quantity
          from cart_items where cart_id = ${cartId} group by variant_id`,
    );
    expect(stored.every((row) => row.count === 1)).toBe(true);
    expect(new Map(stored.map((row) => [row.variant_id, row.quantity]))).toEqual(expected);
    record('parallel add-to-cart calls on one cart', size.adds);
  });

  const statusOf = async (intentId: string) =>
    (await harness.app.services.embeddedOnly!.payments.retrieveIntent(intentId)).status;

  /** Pays for the shopper's cart as the checkout page does: an intent, confirmed with the authorising test card. */
  const payAs = (shopper: TestBrowser, cartId: string, key: string, shippingMethodId: number) =>
    payFor(shopper.paymentGateway, (url, payload, headers) => shopper.post(url, payload, { headers }), {
      cartId,
      key,
      shipping_address: { country_iso2: 'US', state: 'UT' },
      shipping_method_id: shippingMethodId,
    });

  it(`sells ${size.stock} in stock to ${size.checkouts} shoppers checking out at once: exactly ${size.stock} orders`, async () => {
    const variant = variants[size.addVariants]!;
    await setStock(variant.id, size.checkouts);
    const shoppers = Array.from({ length: size.checkouts }, () => new TestBrowser(harness.app));
    const cartIds: string[] = [];
    for (const shopper of shoppers) {
      const created = await shopper.post('/api/cart/create', {
        line_items: [{ product_id: variant.product_id, variant_id: variant.id, quantity: 1 }],
      });
      expect(created.statusCode, created.body).toBe(201);
      cartIds.push(created.json().data.id as string);
    }
    const quote = await shoppers[0]!.post(`/api/cart/${cartIds[0]}/checkout/quote`, {
      country_iso2: 'US',
      state: 'UT',
    });
    const shippingMethodId = quote.json().data.shipping.id as number;
    await setStock(variant.id, size.stock);
    const [{ next: firstOrderId }] = (await rows<{ next: number }>(
      sql`select coalesce(max(id), 0)::int as next from orders`,
    )) as [{ next: number }];
    // Each shopper has paid (their card authorised) before they all place their orders at once.
    const paid: { key: string; intentId: string }[] = [];
    for (const [index, shopper] of shoppers.entries()) {
      const key = randomUUID();
      paid.push({ key, intentId: await payAs(shopper, cartIds[index]!, key, shippingMethodId) });
    }

    const responses = await Promise.all(
      shoppers.map((shopper, index) =>
        shopper.post(
          `/api/cart/${cartIds[index]}/checkout`,
          {
            email: `buyer-${index}@example.com`,
            shipping_address: US_ADDRESS,
            shipping_method_id: shippingMethodId,
            payment: { intent_id: paid[index]!.intentId },
          },
          { headers: { 'idempotency-key': paid[index]!.key } },
        ),
      ),
    );
    expectCleanAnswers(responses, [201, 409]);
    const placed = responses.filter((response) => response.statusCode === 201);
    const refused = responses.filter((response) => response.statusCode === 409);
    expect(placed).toHaveLength(size.stock);
    for (const response of refused) expect(response.json().error.code).toBe('OUT_OF_STOCK');

    const [stock] = await rows<{ inventory_level: number }>(
      sql`select inventory_level from variants where id = ${variant.id}`,
    );
    expect(stock!.inventory_level).toBe(0);
    const orders = await rows<{ id: number; transaction_id: string; quantity: number }>(
      sql`select o.id, o.payment->>'transactionId' as transaction_id, sum(l.quantity)::int as quantity
          from orders o join order_lines l on l.order_id = o.id
          where o.id > ${firstOrderId} group by o.id`,
    );
    expect(orders.map((order) => order.id).sort()).toEqual(
      placed.map((response) => response.json().data.id as number).sort(),
    );
    expect(orders.reduce((sum, order) => sum + order.quantity, 0)).toBe(size.stock);
    // Every order's payment was taken; no refused checkout left a charge behind.
    for (const order of orders) expect(await statusOf(order.transaction_id)).toBe('succeeded');
    const ordered = new Set(orders.map((order) => order.transaction_id));
    for (const { intentId } of paid.filter(({ intentId }) => !ordered.has(intentId))) {
      expect(await statusOf(intentId)).toBe('canceled');
    }
    const [confirmations] = await rows<{ count: number }>(
      sql`select count(*)::int as count from email_outbox
          where kind = 'order_confirmation' and recipient like 'buyer-%@example.com'`,
    );
    expect(confirmations!.count).toBe(size.stock);
    // The refused carts are still there to change and buy later.
    const refusedIndex = responses.findIndex((response) => response.statusCode === 409);
    expect((await shoppers[refusedIndex]!.get(`/api/cart/${cartIds[refusedIndex]}`)).statusCode).toBe(200);
    record('parallel checkouts of the last units', size.checkouts);
  });

  /** A shopper's new cart of one unit, and the cheapest shipping to Utah for it. */
  async function cartToCheckOut(shopper: TestBrowser, variant: Variant) {
    const created = await shopper.post('/api/cart/create', {
      line_items: [{ product_id: variant.product_id, variant_id: variant.id, quantity: 1 }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const cartId = created.json().data.id as string;
    const quote = await shopper.post(`/api/cart/${cartId}/checkout/quote`, { country_iso2: 'US', state: 'UT' });
    return { cartId, shippingMethodId: quote.json().data.shipping.id as number };
  }

  /** The cart's orders, their payments' states, and the confirmations written for them. */
  async function ordersOfCart(cartId: string) {
    const orders = await rows<{ id: number; transaction_id: string; email: string }>(
      sql`select id, payment->>'transactionId' as transaction_id, email from orders where cart_id = ${cartId}`,
    );
    const [confirmations] = await rows<{ count: number }>(
      sql`select count(*)::int as count from email_outbox
          where kind = 'order_confirmation' and recipient = ${orders[0]?.email ?? ''}`,
    );
    return {
      orders,
      captured: await Promise.all(orders.map((order) => statusOf(order.transaction_id))),
      confirmations: confirmations!.count,
    };
  }

  it(`answers ${size.sameKey} checkouts of one cart with one Idempotency-Key at once with the one order`, async () => {
    const variant = variants[size.addVariants + 1]!;
    await setStock(variant.id, 100);
    const shopper = new TestBrowser(harness.app);
    const { cartId, shippingMethodId } = await cartToCheckOut(shopper, variant);
    const key = randomUUID();
    const email = `same-key-${key}@example.com`;
    const intentId = await payAs(shopper, cartId, key, shippingMethodId);
    const responses = await Promise.all(
      Array.from({ length: size.sameKey }, () =>
        shopper.post(
          `/api/cart/${cartId}/checkout`,
          {
            email,
            shipping_address: US_ADDRESS,
            shipping_method_id: shippingMethodId,
            payment: { intent_id: intentId },
          },
          { headers: { 'idempotency-key': key } },
        ),
      ),
    );
    expectCleanAnswers(responses, [201]);
    const answered = new Set(responses.map((response) => response.json().data.id as number));
    expect(answered.size).toBe(1);

    const placed = await ordersOfCart(cartId);
    expect(placed.orders.map((order) => order.id)).toEqual([...answered]);
    expect(placed.captured).toEqual(['succeeded']);
    expect(placed.confirmations).toBe(1);
    const [stock] = await rows<{ inventory_level: number }>(
      sql`select inventory_level from variants where id = ${variant.id}`,
    );
    expect(stock!.inventory_level).toBe(99);
    // The requests that lost the race left the one payment to the order: nothing is held.
    expect(await harness.app.services.embeddedOnly!.payments.heldAuthorisations()).toEqual([]);
    record('parallel checkouts of one cart with one key', size.sameKey);
  });

  it(`sends ${size.sameKey} posts of one checkout page (a double click, a reload) all to its confirmation`, async () => {
    const variant = variants[size.addVariants + 2]!;
    await setStock(variant.id, 100);
    const shopper = new TestBrowser(harness.app);
    const { cartId, shippingMethodId } = await cartToCheckOut(shopper, variant);
    // Paid as the page's script pays, with the page's key; the form then names the payment.
    const idempotencyKey = randomUUID();
    const paymentIntentId = await payAs(shopper, cartId, idempotencyKey, shippingMethodId);
    const form = new URLSearchParams({
      intent: 'place',
      email: `page-${randomUUID()}@example.com`,
      ...Object.fromEntries(Object.entries(US_ADDRESS).map(([field, value]) => [`shipping.${field}`, value])),
      billing_same: 'on',
      shipping_method_id: String(shippingMethodId),
      payment_intent_id: paymentIntentId,
      idempotency_key: idempotencyKey,
    }).toString();
    const post = () =>
      shopper.call('POST', '/en-us/checkout', {
        payload: form,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' },
      });
    const burst = await Promise.all(Array.from({ length: size.sameKey - 1 }, post));
    // The last post comes after the order's answer, as a reload does: the cart's session is over.
    const responses = [...burst, await post()];
    const targets = responses.map((response) => `${response.statusCode} ${response.headers.location}`);
    const confirmation = targets[0]!;
    expect(confirmation).toMatch(/^302 \/en-us\/checkout\/confirmation\/\d+$/);
    expect(targets).toEqual(responses.map(() => confirmation));
    const orderId = Number(confirmation.split('/').pop());
    expect((await shopper.get(`/en-us/checkout/confirmation/${orderId}`)).statusCode).toBe(200);
    record('parallel posts of one checkout page', size.sameKey);
  });

  it('edits one address book from many requests at once: nothing lost or doubled, one default', async () => {
    const customer = new TestBrowser(harness.app);
    const me = await customer.signIn(DEMO.shopper.email, DEMO.shopper.pw);
    const book = `/api/customers/${me.id}/addresses`;
    const before = (await customer.get(book)).json().data as { id: number }[];
    const edited = before[0]!.id;
    const address = {
      first_name: 'Tessa',
      last_name: 'Calloway',
      address1: '1450 South West Temple',
      city: 'Salt Lake City',
      state_or_province: 'Utah',
      postal_code: '84115',
      country_code: 'US',
    };
    // Adds (some claiming the default) and edits of the first address (each writing a matching
    // city and postal code, so a half-applied edit would show), interleaved.
    const calls = [
      ...Array.from(
        { length: size.addressAdds },
        (_, index) => () =>
          customer.post(book, { ...address, address2: `Added ${index}`, is_default: index % 5 === 0 }),
      ),
      ...Array.from(
        { length: size.addressEdits },
        (_, index) => () =>
          customer.put(book, {
            id: edited,
            city: `Edit ${index}`,
            postal_code: `E${index}`,
            is_default: index % 7 === 0,
          }),
      ),
    ].sort(() => Math.random() - 0.5);
    const responses = await Promise.all(calls.map((call) => call()));
    expectCleanAnswers(responses, [200, 201]);

    const after = (await customer.get(book)).json().data as {
      id: number;
      address2: string;
      city: string;
      postal_code: string;
      is_default: boolean;
    }[];
    expect(after).toHaveLength(before.length + size.addressAdds);
    const added = after.map((entry) => entry.address2).filter((line) => line.startsWith('Added '));
    expect(new Set(added).size).toBe(size.addressAdds);
    expect(after.filter((entry) => entry.is_default)).toHaveLength(1);
    const final = after.find((entry) => entry.id === edited)!;
    expect(final.city).toMatch(/^Edit \d+$/);
    expect(final.postal_code).toBe(`E${final.city.slice('Edit '.length)}`);

    // Put the book back as the seed had it, for the other cases of this file.
    for (const entry of after.filter((candidate) => !before.some((kept) => kept.id === candidate.id))) {
      expect((await customer.delete(`${book}/${entry.id}`)).statusCode).toBe(204);
    }
    record('parallel address-book changes of one customer', size.addressAdds + size.addressEdits);
  });

  it('signs one customer in from many browsers at once: each succeeds or is refused cleanly', async () => {
    const browsers = Array.from({ length: size.logins }, () => new TestBrowser(harness.app));
    const responses = await Promise.all(
      browsers.map((browser) =>
        browser.post('/api/customers/login', { email: DEMO.employee.email, pw: DEMO.employee.pw }),
      ),
    );
    expectCleanAnswers(responses, [200, 429]);
    for (const response of responses.filter((candidate) => candidate.statusCode === 429)) {
      expect(response.headers['retry-after']).toMatch(/^\d+$/);
    }
    const signedIn = browsers.filter((_, index) => responses[index]!.statusCode === 200);
    expect(signedIn.length).toBeGreaterThan(0);
    expect(new Set(signedIn.map((browser) => browser.session)).size).toBe(signedIn.length);
    for (const browser of signedIn) {
      const session = (await browser.post('/api/customers/validate-session')).json().data;
      expect(session).toMatchObject({ is_valid: true, customer: { email: DEMO.employee.email } });
    }
    // The burst did not lock the account: the next sign-in works.
    await new TestBrowser(harness.app).signIn(DEMO.employee.email, DEMO.employee.pw);
    record('concurrent sign-ins of one customer', size.logins);
    record('concurrent sign-ins that got a session (the rest: 429)', signedIn.length, 'sign-ins');
  });
});
