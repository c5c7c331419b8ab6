import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@piste/db/testing';
import { createSeededPagesApp } from '../support/app-harness';
import { payFor } from '../support/pay';
import { checkOut, DEMO, TestBrowser } from '../support/test-browser';
import { MATRIX, ROLES, type MatrixCall, type MatrixIds, type MatrixRow, type Role } from './access-matrix';
import { recordFigure } from './mode';

const SECTION = 'Access-control matrix';
const PASSWORD = 'a long enough passphrase';

interface Product {
  id: number;
  price: number;
  calculated_price: number;
  variants: { id: number; inventory_level: number }[];
}

describe.each(testDatabaseKinds())('access-control matrix on $name', (kind) => {
  let harness: Awaited<ReturnType<typeof createSeededPagesApp>>;
  let browsers: Record<Role, TestBrowser>;
  let base: Omit<MatrixIds, 'self'>;
  const selfOf = new Map<Role, number>();

  async function signUp(browser: TestBrowser, name: string) {
    const email = `${name}.${randomUUID().slice(0, 8)}@example.com`;
    const created = await browser.post('/api/customers/create', {
      email,
      password: PASSWORD,
      first_name: name,
      last_name: 'Matrix',
    });
    if (created.statusCode !== 201) throw new Error(`sign-up of ${name}: ${created.body}`);
    return created.json().data as { id: number; email: string };
  }

  beforeAll(async () => {
    harness = await createSeededPagesApp({}, { kind });
    const { app } = harness;
    browsers = Object.fromEntries(ROLES.map((role) => [role, new TestBrowser(app)])) as Record<Role, TestBrowser>;
    const a = await signUp(browsers['customer A'], 'alice');
    const b = await signUp(browsers['customer B'], 'bob');
    const pro = await browsers.pro.signIn(DEMO.proUs.email, DEMO.proUs.pw);
    const employee = await browsers.employee.signIn(DEMO.employee.email, DEMO.employee.pw);
    selfOf
      .set('visitor', a.id)
      .set('customer A', a.id)
      .set('customer B', b.id)
      .set('pro', pro.id)
      .set('employee', employee.id);

    // A product at its list price (no sale), so only a group discount lowers it.
    const products = (
      await app.inject({ url: '/api/products?limit=250&include=variants', headers: { 'x-bc-region': 'pro' } })
    ).json().data as Product[];
    const product = products.find(
      (candidate) =>
        candidate.calculated_price === candidate.price && candidate.variants.some((v) => v.inventory_level > 50),
    )!;
    const variant = product.variants.find((v) => v.inventory_level > 50)!;
    const placed = await checkOut(
      browsers['customer A'],
      [{ product_id: product.id, variant_id: variant.id, quantity: 1 }],
      {
        email: a.email,
      },
    );
    if (placed.response.statusCode !== 201) throw new Error(`A's order: ${placed.response.body}`);
    const orderId = placed.response.json().data.id as number;
    await app.services.orders.shipAll(orderId, { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
    base = {
      customerA: a.id,
      emailA: a.email,
      passwordA: PASSWORD,
      pro: pro.id,
      orderId,
      orderCartId: placed.cartId,
      orderKey: placed.key,
      productId: product.id,
      variantId: variant.id,
      cartId: '',
      itemId: '',
      shippingMethodId: 0,
      intentId: '',
      checkoutKey: '',
      addressId: 0,
    };
  });
  afterAll(() => harness?.close());

  const owner = () => browsers['customer A'];

  /** A fresh cart or address of A's for a row whose calls may take it away. */
  async function prepare(row: MatrixRow): Promise<Partial<MatrixIds>> {
    if (row.prepare === 'cart') {
      const line = { product_id: base.productId, variant_id: base.variantId, quantity: 1 };
      const cart = (await owner().post('/api/cart/create', { line_items: [line] })).json().data;
      const quote = await owner().post(`/api/cart/${cart.id}/checkout/quote`, { country_iso2: 'US', state: 'UT' });
      const shippingMethodId = quote.json().data.shipping.id as number;
      // Paid by A, as the checkout page pays: the checkout row places the order with it.
      const checkoutKey = randomUUID();
      const intentId = await payFor(
        owner().paymentGateway,
        (url, payload, headers) => owner().post(url, payload, { headers }),
        {
          cartId: cart.id,
          key: checkoutKey,
          shipping_address: { country_iso2: 'US', state: 'UT' },
          shipping_method_id: shippingMethodId,
        },
      );
      return {
        cartId: cart.id,
        itemId: cart.line_items.physical_items[0].id,
        shippingMethodId,
        intentId,
        checkoutKey,
      };
    }
    if (row.prepare === 'address') {
      const added = await owner().post(`/api/customers/${base.customerA}/addresses`, {
        first_name: 'Tessa',
        last_name: 'Calloway',
        address1: `${randomUUID().slice(0, 6)} Alpine Way`,
        city: 'Denver',
        state_or_province: 'CO',
        postal_code: '80202',
        country_code: 'US',
      });
      return { addressId: added.json().data.id };
    }
    return {};
  }

  /** Everything of A's as A sees it: what no other role's call may change. */
  async function stateOfA(ids: MatrixIds) {
    const read = async (url: string) => (await owner().get(url)).body;
    return {
      profile: await read(`/api/customers/${ids.customerA}`),
      addresses: await read(`/api/customers/${ids.customerA}/addresses`),
      order: await read(`/api/orders/${ids.orderId}`),
      cart: ids.cartId ? await read(`/api/cart/${ids.cartId}`) : null,
    };
  }

  function send(role: Role, call: MatrixCall) {
    const options = { headers: { ...call.headers }, payload: call.payload };
    if (call.form) {
      options.headers['content-type'] = 'application/x-www-form-urlencoded';
      options.payload = new URLSearchParams(call.payload as Record<string, string>).toString();
    }
    return browsers[role].call(call.method, call.url, options);
  }

  it('answers every resource × role × verb cell as the table says, and only the owner changes anything', async () => {
    const mismatches: string[] = [];
    let cells = 0;
    for (const row of MATRIX) {
      const ids: Omit<MatrixIds, 'self'> = { ...base, cartId: '', ...(await prepare(row)) };
      const before = await stateOfA({ ...ids, self: ids.customerA });
      // The owner goes last: its success shows the others left the resource as it was.
      const roles = [...ROLES.filter((role) => role !== row.owner), row.owner];
      for (const role of roles) {
        if (role === row.owner && role === 'customer A') {
          const after = await stateOfA({ ...ids, self: ids.customerA });
          if (JSON.stringify(after) !== JSON.stringify(before)) mismatches.push(`${row.verb}: others changed A's data`);
        }
        const call = row.call({ ...ids, self: selfOf.get(role)! }, role);
        const response = await send(role, call);
        cells += 1;
        const expected = row.expected[role];
        if (response.statusCode !== expected) {
          mismatches.push(
            `${row.verb} as ${role}: ${response.statusCode}, expected ${expected} ${response.body.slice(0, 160)}`,
          );
        } else if (response.statusCode < 300 && row.check) {
          const problem = row.check(response.body, { ...ids, self: selfOf.get(role)! }, role);
          if (problem) mismatches.push(`${row.verb} as ${role}: ${problem}`);
        }
      }
    }
    recordFigure(SECTION, `cells checked (${kind.name})`, cells, 'cells');
    recordFigure(SECTION, `verbs (${kind.name})`, MATRIX.length, 'rows');
    expect(mismatches).toEqual([]);
    expect(cells).toBe(MATRIX.length * ROLES.length);
  });
});
