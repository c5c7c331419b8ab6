import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@piste/db';
import { testDatabaseKinds } from '@piste/db/testing';
import { solvedToken } from '../../test/support/bot-token';
import { createSeededApiApp } from '../../test/support/app-harness';
import { TestBrowser, US_ADDRESS } from '../../test/support/test-browser';

/** The API with the real ALTCHA check, at a proof of work small enough for tests. */
const ALTCHA = { BOT_PROTECTION: 'altcha', ALTCHA_COST: '1', ALTCHA_MAX_COUNTER: '20' };

describe.each(testDatabaseKinds())('bot protection of the API on $name', (kind) => {
  let harness: Awaited<ReturnType<typeof createSeededApiApp>>;
  let variant: { id: number; product_id: number };

  beforeAll(async () => {
    harness = await createSeededApiApp(kind, ALTCHA);
    const products = (await harness.app.inject({ url: '/api/products?limit=250&include=variants' })).json().data as {
      variants: { id: number; product_id: number; inventory_level: number }[];
    }[];
    variant = products.flatMap((product) => product.variants).sort((a, b) => b.inventory_level - a.inventory_level)[0]!;
  });
  afterAll(() => harness.close());

  /** A token earned the way the widget earns it: a challenge from the API, solved. */
  async function tokenFor(action: string): Promise<string> {
    const response = await harness.app.inject({ url: `/api/bot-protection/challenge?action=${action}` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return solvedToken(response.json());
  }

  it.each([['?action=wp-login'], [''], ['?action=login&action=signup'], ['?action=__proto__']])(
    'refuses a challenge for an unknown action (%s) with a 400',
    async (query) => {
      const response = await harness.app.inject({ url: `/api/bot-protection/challenge${query}` });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('INVALID_DATA');
    },
  );

  it('creates an account and signs in only with a fresh token for each action', async () => {
    const browser = new TestBrowser(harness.app);
    const email = `bot.check.${randomUUID().slice(0, 8)}@example.com`;
    const account = { email, password: 'a long enough passphrase', first_name: 'Tessa', last_name: 'Calloway' };

    const refused = await browser.post('/api/customers/create', account);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'BOT_CHECK_FAILED', message: expect.stringMatching(/robot/) });
    const stored = await queryRows<{ count: number }>(
      harness.database.db,
      sql`select count(*)::int as count from customers where email = ${email}`,
    );
    expect(stored[0]!.count).toBe(0);

    const signupToken = await tokenFor('signup');
    const created = await browser.post('/api/customers/create', account, { headers: { 'x-bot-token': signupToken } });
    expect(created.statusCode, created.body).toBe(201);

    const credentials = { email, pw: account.password };
    // The sign-up's token, a token for another action, and none at all are each refused.
    const refusedHeaders: Record<string, string>[] = [
      { 'x-bot-token': signupToken },
      { 'x-bot-token': await tokenFor('checkout') },
      {},
    ];
    for (const headers of refusedHeaders) {
      const response = await new TestBrowser(harness.app).post('/api/customers/login', credentials, { headers });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('BOT_CHECK_FAILED');
    }
    const signedIn = await new TestBrowser(harness.app).post('/api/customers/login', credentials, {
      headers: { 'x-bot-token': await tokenFor('login') },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
  });

  it('confirms a password through validate only with a fresh login token, as sign-in does', async () => {
    const email = `bot.validate.${randomUUID().slice(0, 8)}@example.com`;
    const password = 'a long enough passphrase';
    const created = await new TestBrowser(harness.app).post(
      '/api/customers/create',
      { email, password, first_name: 'Tessa', last_name: 'Calloway' },
      { headers: { 'x-bot-token': await tokenFor('signup') } },
    );
    expect(created.statusCode, created.body).toBe(201);

    const credentials = { customer: email, pw: password };
    const loginToken = await tokenFor('login');
    const validated = await new TestBrowser(harness.app).post('/api/customers/validate', credentials, {
      headers: { 'x-bot-token': loginToken },
    });
    expect(validated.statusCode, validated.body).toBe(200);
    expect(validated.json()).toEqual({ is_valid: true, customer_id: created.json().data.id });
    // No token, a token for another action, and the login token again are each refused unanswered.
    const refusedHeaders: Record<string, string>[] = [
      {},
      { 'x-bot-token': await tokenFor('signup') },
      { 'x-bot-token': loginToken },
    ];
    for (const headers of refusedHeaders) {
      const response = await new TestBrowser(harness.app).post('/api/customers/validate', credentials, { headers });
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json()).toEqual({ error: { code: 'BOT_CHECK_FAILED', message: expect.any(String) } });
    }
  });

  it('holds money for an order only with a checkout token, and a refused payment leaves the cart to try again', async () => {
    const browser = new TestBrowser(harness.app);
    const created = await browser.post('/api/cart/create', {
      line_items: [{ product_id: variant.product_id, variant_id: variant.id, quantity: 1 }],
    });
    const cartId = created.json().data.id as string;
    const quote = await browser.post(`/api/cart/${cartId}/checkout/quote`, { country_iso2: 'US', state: 'UT' });
    const shippingMethodId = quote.json().data.shipping.id as number;
    const payment = { shipping_address: { country_iso2: 'US', state: 'UT' }, shipping_method_id: shippingMethodId };
    const idempotency = { 'idempotency-key': randomUUID() };

    // The bot check guards the payment (issue 28 'The payment flow' step 1): an intent is what cards are tried against.
    const refused = await browser.post(`/api/cart/${cartId}/payments`, payment, { headers: idempotency });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('BOT_CHECK_FAILED');
    const cart = await browser.get(`/api/cart/${cartId}`);
    expect(cart.statusCode).toBe(200);
    expect(cart.json().data.line_items.physical_items).toHaveLength(1);

    const paid = await browser.post(`/api/cart/${cartId}/payments`, payment, {
      headers: { ...idempotency, 'x-bot-token': await tokenFor('checkout') },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    await browser.paymentGateway.confirmWithToken(paid.json().data.id, 'pm_card_visa');
    const placed = await browser.post(
      `/api/cart/${cartId}/checkout`,
      {
        email: 'tessa@example.com',
        shipping_address: US_ADDRESS,
        shipping_method_id: shippingMethodId,
        payment: { intent_id: paid.json().data.id },
      },
      { headers: idempotency },
    );
    expect(placed.statusCode, placed.body).toBe(201);
  });
});
