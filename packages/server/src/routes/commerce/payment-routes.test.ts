import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signTestWebhook, TEST_SIGNATURE_HEADER } from '@piste/commerce/server';
import { queryRows } from '@piste/db';
import { testDatabaseKinds } from '@piste/db/testing';
import { createSeededApiApp } from '../../../test/support/app-harness';
import { createPayment, payFor } from '../../../test/support/pay';
import { US_ADDRESS as usAddress } from '../../../test/support/test-browser';

/** Any well-formed token: the double submit only needs the header to echo the cookie. */
const XSRF = 'x'.repeat(43);
const WEBHOOK_SECRET = 'whsec_test_payment_routes_0001';

const destination = { country_iso2: 'US', state: 'UT' };

interface Variant {
  id: number;
  product_id: number;
  inventory_level: number;
}

/**
 * Issue 28's payment flow over `/api` on the embedded test provider: an intent for the cart's
 * total, confirmed at the provider, named by the checkout; the provider's signed webhooks.
 */
describe.each(testDatabaseKinds())('payments on $name', (kind) => {
  let harness: Awaited<ReturnType<typeof createSeededApiApp>>;
  let variant: Variant;

  beforeAll(async () => {
    harness = await createSeededApiApp(kind, { TEST_PAYMENTS_WEBHOOK_SECRET: WEBHOOK_SECRET });
    const response = await harness.app.inject({ url: '/api/products?limit=250&include=variants' });
    const products = response.json().data as { inventory_tracking: string; variants: Variant[] }[];
    const tracked = products.find((product) => product.inventory_tracking === 'variant')!;
    variant = [...tracked.variants].sort((a, b) => b.inventory_level - a.inventory_level)[0]!;
  });
  afterAll(() => harness.close());

  const provider = () => harness.app.services.embeddedOnly!;
  const gateway = () => provider().testGateway!;

  function call(method: 'GET' | 'POST', url: string, session: string, payload?: unknown, headers = {}) {
    return harness.app.inject({
      method,
      url,
      headers: { 'x-xsrf-token': XSRF, 'x-bc-region': 'us', ...headers },
      cookies: { 'XSRF-TOKEN': XSRF, piste_cart: session },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }

  async function cartWith(quantity = 1) {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/cart/create',
      headers: { 'x-xsrf-token': XSRF, 'x-bc-region': 'us' },
      cookies: { 'XSRF-TOKEN': XSRF },
      payload: { line_items: [{ product_id: variant.product_id, variant_id: variant.id, quantity }] },
    });
    const session = ([] as string[])
      .concat(response.headers['set-cookie'] ?? [])
      .find((cookie) => cookie.startsWith('piste_cart='))!
      .split(';')[0]!
      .slice('piste_cart='.length);
    const quote = await call('POST', `/api/cart/${response.json().data.id}/checkout/quote`, session, destination);
    return {
      cartId: response.json().data.id as string,
      session,
      methodId: quote.json().data.shipping.id as number,
      totalMinor: quote.json().data.totals.totalMinor as number,
    };
  }
  type Cart = Awaited<ReturnType<typeof cartWith>>;

  const postAs = (cart: Cart) => (url: string, payload: unknown, headers: Record<string, string>) =>
    call('POST', url, cart.session, payload, headers);
  const paymentFor = (cart: Cart, key: string) => ({
    cartId: cart.cartId,
    key,
    shipping_address: destination,
    shipping_method_id: cart.methodId,
  });
  const checkout = (cart: Cart, key: string, intentId: string) =>
    call(
      'POST',
      `/api/cart/${cart.cartId}/checkout`,
      cart.session,
      {
        email: 'tessa@example.com',
        shipping_address: usAddress,
        shipping_method_id: cart.methodId,
        payment: { intent_id: intentId },
      },
      { 'idempotency-key': key },
    );
  const cartIsOpen = async (cart: Cart) =>
    (await call('GET', `/api/cart/${cart.cartId}`, cart.session)).statusCode === 200;
  const ordersOf = (intentId: string) =>
    queryRows<{ id: number; payment: Record<string, number | string> }>(
      harness.database.db,
      sql`select id, payment from orders where payment->>'transactionId' = ${intentId}`,
    );
  const statusOf = async (intentId: string) => (await provider().payments.retrieveIntent(intentId)).status;

  it('creates an intent for the cart’s total, the same one for the same key, and never shows a card', async () => {
    const cart = await cartWith(2);
    const key = randomUUID();
    const response = await call(
      'POST',
      `/api/cart/${cart.cartId}/payments`,
      cart.session,
      { shipping_address: destination, shipping_method_id: cart.methodId },
      { 'idempotency-key': key },
    );
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data).toEqual({
      id: expect.stringMatching(/^pi_test_/),
      client_secret: expect.stringMatching(new RegExp(`^${data.id}_secret_`)),
      amount: cart.totalMinor,
      currency: 'USD',
      provider: 'test',
    });
    expect(response.headers['cache-control']).toBe('no-store');
    const again = await createPayment(postAs(cart), paymentFor(cart, key));
    expect(again.id).toBe(data.id);
    expect(await statusOf(data.id)).toBe('requires_payment_method');
  });

  it.each([
    ['no Idempotency-Key', {}, { shipping_address: destination, shipping_method_id: 1 }],
    ['no shipping method', { 'idempotency-key': randomUUID() }, { shipping_address: destination }],
    [
      'a card number in the body',
      { 'idempotency-key': randomUUID() },
      { shipping_address: destination, shipping_method_id: 1, card_number: '4242424242424242' },
    ],
  ])('refuses to create an intent with %s (400)', async (_name, headers, body) => {
    const cart = await cartWith(1);
    const response = await call('POST', `/api/cart/${cart.cartId}/payments`, cart.session, body, headers);
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toContain('4242424242424242');
  });

  it('places the order for an authorised intent, captures it after the commit and records the amounts', async () => {
    const cart = await cartWith(1);
    const key = randomUUID();
    const intentId = await payFor(gateway(), postAs(cart), paymentFor(cart, key));
    expect(await statusOf(intentId)).toBe('requires_capture');
    const placed = await checkout(cart, key, intentId);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().data.payment_method).toBe('visa •••• 4242');
    expect(await statusOf(intentId)).toBe('succeeded');
    const [order] = await ordersOf(intentId);
    expect(order!.payment).toMatchObject({
      provider: 'test',
      authorizedMinor: cart.totalMinor,
      capturedMinor: cart.totalMinor,
      refundedMinor: 0,
    });
  });

  it('refuses an intent not confirmed yet, and one that was declined, leaving the cart and no order', async () => {
    const cart = await cartWith(1);
    const key = randomUUID();
    const { id } = await createPayment(postAs(cart), paymentFor(cart, key));
    const unconfirmed = await checkout(cart, key, id);
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json().error.code).toBe('PAYMENT_NOT_AUTHORISED');

    await gateway().confirmWithToken(id, 'pm_card_chargeDeclinedInsufficientFunds');
    const declined = await checkout(cart, key, id);
    expect(declined.statusCode).toBe(409);
    expect(declined.json().error).toMatchObject({
      code: 'PAYMENT_DECLINED',
      message: 'Your card has insufficient funds.',
    });
    expect(await cartIsOpen(cart)).toBe(true);
    expect(await ordersOf(id)).toEqual([]);
  });

  it('places the order once the shopper passes the extra authentication, and not when they fail it', async () => {
    const passing = await cartWith(1);
    const passKey = randomUUID();
    const passed = await createPayment(postAs(passing), paymentFor(passing, passKey));
    await gateway().confirmWithToken(passed.id, 'pm_card_authenticationRequired');
    expect((await checkout(passing, passKey, passed.id)).json().error.code).toBe('PAYMENT_NOT_AUTHORISED');
    await gateway().completeAuthentication(passed.id, passed.client_secret, true);
    expect((await checkout(passing, passKey, passed.id)).statusCode).toBe(201);

    const failing = await cartWith(1);
    const failKey = randomUUID();
    const failed = await createPayment(postAs(failing), paymentFor(failing, failKey));
    await gateway().confirmWithToken(failed.id, 'pm_card_authenticationRequired');
    await gateway().completeAuthentication(failed.id, failed.client_secret, false);
    const refused = await checkout(failing, failKey, failed.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('PAYMENT_DECLINED');
    expect(await cartIsOpen(failing)).toBe(true);
  });

  it('voids a payment whose amount no longer matches the cart and asks to pay again (409)', async () => {
    const cart = await cartWith(1);
    const key = randomUUID();
    const intentId = await payFor(gateway(), postAs(cart), paymentFor(cart, key));
    // The shopper adds a line in another tab after paying.
    const added = await call('POST', `/api/cart/${cart.cartId}/items`, cart.session, {
      line_items: [{ product_id: variant.product_id, variant_id: variant.id, quantity: 1 }],
    });
    expect(added.statusCode).toBe(200);
    const refused = await checkout(cart, key, intentId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('PAYMENT_AMOUNT_CHANGED');
    expect(await statusOf(intentId)).toBe('canceled');
    expect(await cartIsOpen(cart)).toBe(true);

    // Paying again for the new total (a new intent: the key is bound to the total) places the order.
    const repaid = await payFor(gateway(), postAs(cart), paymentFor(cart, key));
    expect(repaid).not.toBe(intentId);
    expect((await checkout(cart, key, repaid)).statusCode).toBe(201);
  });

  it('refuses an intent made for another cart or unknown to the provider, without releasing it', async () => {
    const mine = await cartWith(1);
    const theirs = await cartWith(1);
    const theirIntent = await payFor(gateway(), postAs(theirs), paymentFor(theirs, randomUUID()));
    const refused = await checkout(mine, randomUUID(), theirIntent);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('PAYMENT_NOT_FOR_CART');
    expect(await statusOf(theirIntent)).toBe('requires_capture');

    const unknown = await checkout(mine, randomUUID(), 'pi_test_000000000000000000000000');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('PAYMENT_NOT_FOUND');
    const malformed = await checkout(mine, randomUUID(), 'pi test; drop');
    expect(malformed.statusCode).toBe(400);
  });

  it('makes one order of a payment confirmed twice: two checkouts racing with the same intent', async () => {
    const cart = await cartWith(1);
    const intentId = await payFor(gateway(), postAs(cart), paymentFor(cart, randomUUID()));
    const [first, second] = await Promise.all([
      checkout(cart, randomUUID(), intentId),
      checkout(cart, randomUUID(), intentId),
    ]);
    expect([first.statusCode, second.statusCode], `${first.body} ${second.body}`).toEqual([201, 201]);
    expect(second.json().data.id).toBe(first.json().data.id);
    expect(await ordersOf(intentId)).toHaveLength(1);
    expect(await statusOf(intentId)).toBe('succeeded');
  });

  describe('webhooks', () => {
    const deliver = (body: string, headers: Record<string, string>) =>
      harness.app.inject({ method: 'POST', url: '/api/webhooks/payments', headers, payload: body });
    const signed = (body: string, at = new Date()) => ({
      'content-type': 'application/json',
      [TEST_SIGNATURE_HEADER]: signTestWebhook(WEBHOOK_SECRET, body, at),
    });
    const eventCount = async () =>
      (
        await queryRows<{ count: number }>(harness.database.db, sql`select count(*)::int as count from payment_events`)
      )[0]!.count;
    const refundEvent = (id: string, intentId: string, amountRefunded: number) =>
      JSON.stringify({
        id,
        object: 'event',
        type: 'charge.refunded',
        data: { object: { object: 'charge', payment_intent: intentId, amount_refunded: amountRefunded } },
      });

    async function placedOrder() {
      const cart = await cartWith(1);
      const key = randomUUID();
      const intentId = await payFor(gateway(), postAs(cart), paymentFor(cart, key));
      expect((await checkout(cart, key, intentId)).statusCode).toBe(201);
      await harness.app.services.backgroundWork.settled();
      return { intentId, totalMinor: cart.totalMinor };
    }

    it('refuses a delivery without a signature, with a wrong one, or too old (400), and changes nothing', async () => {
      const { intentId } = await placedOrder();
      const before = await eventCount();
      const body = refundEvent(`evt_${randomUUID()}`, intentId, 100);
      for (const headers of [
        { 'content-type': 'application/json' },
        { 'content-type': 'application/json', [TEST_SIGNATURE_HEADER]: 't=1,v1=00' },
        {
          'content-type': 'application/json',
          [TEST_SIGNATURE_HEADER]: signTestWebhook('another-secret-0000', body, new Date()),
        },
        signed(body, new Date(Date.now() - 6 * 60_000)),
      ]) {
        const response = await deliver(body, headers);
        expect(response.statusCode).toBe(400);
        expect(response.json().error.code).toBe('WEBHOOK_SIGNATURE');
      }
      expect(await eventCount()).toBe(before);
      expect((await ordersOf(intentId))[0]!.payment.refundedMinor).toBe(0);
      expect((await deliver('x'.repeat(70 * 1024), signed('x'))).statusCode).toBe(413);
    });

    it('applies charge.refunded to the order naming the intent, once for a retried delivery', async () => {
      const { intentId } = await placedOrder();
      const eventId = `evt_${randomUUID()}`;
      const body = refundEvent(eventId, intentId, 700);
      const first = await deliver(body, signed(body));
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ status: 'applied', id: eventId });
      expect((await ordersOf(intentId))[0]!.payment.refundedMinor).toBe(700);
      const before = await eventCount();

      const retried = await deliver(body, signed(body));
      expect(retried.statusCode).toBe(200);
      expect(retried.json()).toEqual({ status: 'duplicate', id: eventId });
      expect(await eventCount()).toBe(before);
    });

    it("receives the provider's own deliveries: a refund at the provider shows on the order", async () => {
      const { intentId } = await placedOrder();
      await provider().payments.refund(intentId, 250, `refund-${randomUUID()}`);
      await harness.app.services.backgroundWork.settled();
      expect((await ordersOf(intentId))[0]!.payment).toMatchObject({ refundedMinor: 250 });
      const events = await queryRows<{ type: string }>(
        harness.database.db,
        sql`select type from payment_events where intent_id = ${intentId} order by received_at`,
      );
      expect(events.map((event) => event.type)).toEqual([
        'payment_intent.amount_capturable_updated',
        'payment_intent.succeeded',
        'charge.refunded',
      ]);
    });
  });
});
