import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  sale_price: number | null;
  inventory_level: number;
}

/**
 * Orders redeem their promotions in the order's transaction (docs/promotions.md 'Limits'): the
 * usage limit holds when checkouts race, a refused redemption leaves no order and voids the payment.
 */
describe.each(testDatabaseKinds())('coupons at checkout on $name', (kind) => {
  let harness: Awaited<ReturnType<typeof createSeededApiApp>>;
  let variant: Variant;

  beforeAll(async () => {
    harness = await createSeededApiApp(kind);
    const products = (await harness.app.inject({ url: '/api/products?limit=250&include=variants' })).json().data as {
      custom_url: { url: string };
      variants: Variant[];
    }[];
    variant = products
      .find((product) => product.custom_url.url === '/vanta-mips-helmet/')!
      .variants.find((candidate) => candidate.sale_price === null)!;
    // Enough stock for every racing checkout: the coupon, not the stock, must be what runs out.
    await harness.database.db.execute(sql`update variants set inventory_level = 1000 where id = ${variant.id}`);
  });
  afterAll(() => harness.close());

  const call = (
    method: 'GET' | 'POST',
    url: string,
    options: { session?: string; customer?: string; payload?: unknown; headers?: Record<string, string> } = {},
  ) =>
    harness.app.inject({
      method,
      url: `/api${url}`,
      headers: { 'x-xsrf-token': XSRF, 'x-bc-region': 'us', ...options.headers },
      cookies: {
        'XSRF-TOKEN': XSRF,
        ...(options.session ? { piste_cart: options.session } : {}),
        ...(options.customer ? { piste_session: options.customer } : {}),
      },
      ...(options.payload === undefined ? {} : { payload: options.payload as object }),
    });

  /** A cart with one helmet and the code applied; the signed-in customer's when `customer` (their session) is given. */
  async function cartWithCode(code: string, customer?: string) {
    const created = await call('POST', '/cart/create', {
      customer,
      payload: { line_items: [{ product_id: variant.product_id, variant_id: variant.id, quantity: 1 }] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const cartId = created.json().data.id as string;
    const session = created.cookies.find((cookie) => cookie.name === 'piste_cart')!.value;
    const applied = await call('POST', `/cart/${cartId}/coupons`, {
      session,
      customer,
      payload: { coupon_code: code },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    return { cartId, session, customer };
  }

  type HeldCart = Awaited<ReturnType<typeof cartWithCode>>;

  /** Quotes the cart and pays for its total as the checkout page does (an intent, confirmed at the test provider). */
  async function pay(cart: HeldCart) {
    const quote = await call('POST', `/cart/${cart.cartId}/checkout/quote`, {
      session: cart.session,
      customer: cart.customer,
      payload: { country_iso2: 'US', state: 'UT' },
    });
    expect(quote.statusCode, quote.body).toBe(200);
    const priced = quote.json().data;
    const key = randomUUID();
    const intentId = await payFor(
      harness.app.services.embeddedOnly!.testGateway!,
      (url, payload, headers) =>
        call('POST', url.replace(/^\/api/, ''), { session: cart.session, customer: cart.customer, payload, headers }),
      {
        cartId: cart.cartId,
        key,
        shipping_address: { country_iso2: 'US', state: 'UT' },
        shipping_method_id: priced.shipping.id,
      },
    );
    return { cart, priced, key, intentId };
  }

  const place = ({ cart, priced, key, intentId }: Awaited<ReturnType<typeof pay>>, email: string) =>
    call('POST', `/cart/${cart.cartId}/checkout`, {
      session: cart.session,
      customer: cart.customer,
      headers: { 'idempotency-key': key },
      payload: {
        email,
        shipping_address: usAddress,
        shipping_method_id: priced.shipping.id,
        payment: { intent_id: intentId },
      },
    });

  async function checkout(cart: HeldCart, email: string) {
    const paid = await pay(cart);
    return { placed: await place(paid, email), priced: paid.priced, intentId: paid.intentId };
  }

  /** The test provider's state of each intent. */
  const intentStatuses = async (ids: string[]) =>
    (
      await queryRows<{ status: string }>(
        harness.database.db,
        sql`select status from test_payment_intents where id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      )
    ).map((row) => row.status);

  const promotionRow = async (code: string) =>
    (
      await queryRows<{ id: number; times_used: number; redemptions: number }>(
        harness.database.db,
        sql`select id, times_used, (select count(*)::int from promotion_redemptions r where r.promotion_id = p.id) as redemptions
            from promotions p where code = ${code}`,
      )
    )[0]!;

  it('writes the coupon into the order: its coupons, its discount, its redemption', async () => {
    const cart = await cartWithCode('welcome10');
    const { placed, priced } = await checkout(cart, 'first.order@example.com');
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().data;
    const saving = priced.cart.coupons[0].discounted_amount as number;
    expect(saving).toBeGreaterThan(0);
    expect(order.coupons).toEqual([
      { id: expect.any(Number), code: 'WELCOME10', name: expect.any(String), discount: saving },
    ]);
    expect(order.coupon_discount).toBe(saving);
    expect(order.discount_amount).toBeCloseTo(priced.cart.base_amount - priced.cart.cart_amount, 2);
    expect(order.subtotal_inc_tax).toBe(priced.cart.cart_amount);
    expect(order.total_inc_tax).toBe(priced.totals.totalMinor / 100);
    const welcome = await promotionRow('WELCOME10');
    expect(welcome).toMatchObject({ times_used: 1, redemptions: 1 });
  });

  it('refuses a second use by the same email (once per customer): no order, the cart kept, the payment voided', async () => {
    const cart = await cartWithCode('WELCOME10');
    const { placed, intentId } = await checkout(cart, 'First.Order@example.com');
    expect(placed.statusCode, placed.body).toBe(409);
    expect(placed.json().error).toEqual({
      code: 'COUPON_USED_UP',
      message: 'You have already used the code WELCOME10.',
    });
    expect(
      (await call('GET', `/cart/${cart.cartId}`, { session: cart.session, customer: cart.customer })).statusCode,
    ).toBe(200);
    expect(await promotionRow('WELCOME10')).toMatchObject({ times_used: 1, redemptions: 1 });
    expect(await intentStatuses([intentId])).toEqual(['canceled']);
  });

  it('refuses a signed-in customer a code they used up as soon as they apply it again', async () => {
    const login = await call('POST', '/customers/login', {
      payload: { email: 'shopper@piste.test', pw: 'piste-demo-shopper' },
    });
    expect(login.statusCode, login.body).toBe(200);
    const customer = login.cookies.find((cookie) => cookie.name === 'piste_session')!.value;
    const { placed } = await checkout(await cartWithCode('WELCOME10', customer), 'shopper@piste.test');
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().data.coupons).toEqual([expect.objectContaining({ code: 'WELCOME10' })]);

    const created = await call('POST', '/cart/create', {
      customer,
      payload: { line_items: [{ product_id: variant.product_id, variant_id: variant.id, quantity: 1 }] },
    });
    const again = await call('POST', `/cart/${created.json().data.id}/coupons`, {
      customer,
      payload: { coupon_code: 'welcome10' },
    });
    expect(again.statusCode, again.body).toBe(422);
    expect(again.json().error).toEqual({
      code: 'COUPON_USED_UP',
      message: 'You have already used the code WELCOME10.',
    });
  });

  it('lets exactly 10 of 50 racing checkouts use a code limited to 10; the rest fail and are voided', async () => {
    await harness.database.db.execute(
      sql`insert into promotions (name, code, kind, percent_off, usage_limit, combines_with_sale)
          values ('Ten only', 'RACE10', 'percent_off', 10, 10, true)`,
    );
    const carts: HeldCart[] = [];
    for (let index = 0; index < 50; index += 1) carts.push(await cartWithCode('RACE10'));
    // Every payment is for the discounted total: the code's uses are decided when the orders are written.
    const paid = [];
    for (const cart of carts) paid.push(await pay(cart));
    const results = await Promise.all(
      paid.map(async (payment, index) => ({ placed: await place(payment, `racer${index}@example.com`) })),
    );
    expect(results.filter(({ placed }) => placed.statusCode === 201)).toHaveLength(10);
    const refused = results.filter(({ placed }) => placed.statusCode !== 201);
    expect(refused).toHaveLength(40);
    for (const { placed } of refused) {
      expect(placed.statusCode, placed.body).toBe(409);
      expect(placed.json().error).toEqual({ code: 'COUPON_USED_UP', message: 'The code RACE10 has been used up.' });
    }
    expect(await promotionRow('RACE10')).toMatchObject({ times_used: 10, redemptions: 10 });
    const [placedOrders] = await queryRows<{ orders: number }>(
      harness.database.db,
      sql`select count(*)::int as orders from orders where email like 'racer%@example.com'`,
    );
    expect(placedOrders?.orders).toBe(10);
    const statuses = await intentStatuses(paid.map((payment) => payment.intentId));
    expect(statuses.filter((status) => status === 'succeeded')).toHaveLength(10);
    expect(statuses.filter((status) => status === 'canceled')).toHaveLength(40);
  }, 120_000);
});
