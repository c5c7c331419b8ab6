import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSchema } from '@piste/admin/server';
import { commerceSchema, createOutboxService } from '@piste/commerce/server';
import { testDatabaseKinds } from '@piste/db/testing';
import { signedInStaff } from '../../test/support/admin-harness';
import { createSeededApiApp } from '../../test/support/app-harness';
import { checkOut, DEMO, TestBrowser } from '../../test/support/test-browser';

const PASSWORD = 'a long enough passphrase';

describe.each(testDatabaseKinds())('back-office customers on $name', (kind) => {
  let shop: Awaited<ReturnType<typeof createSeededApiApp>>;
  let support: Awaited<ReturnType<typeof signedInStaff>>;
  let variant: { id: number; product_id: number };

  beforeAll(async () => {
    shop = await createSeededApiApp(kind);
    support = await signedInStaff(shop.app, shop.database, 'support');
    const products = (await shop.app.inject({ url: '/api/products?limit=250&include=variants' })).json().data as {
      variants: { id: number; product_id: number; inventory_level: number }[];
    }[];
    variant = products.flatMap((product) => product.variants).sort((a, b) => b.inventory_level - a.inventory_level)[0]!;
    // Seeding the demo shop is slow on a busy machine.
  }, 180_000);
  afterAll(() => shop.close());

  /** A new shop account, signed in in a browser of its own. */
  async function newCustomer(overrides: Record<string, unknown> = {}) {
    const client = new TestBrowser(shop.app);
    const email = `admin-test.${randomUUID().slice(0, 8)}@example.com`;
    const response = await client.post('/api/customers/create', {
      email,
      password: PASSWORD,
      first_name: 'Tessa',
      last_name: 'Calloway',
      ...overrides,
    });
    expect(response.statusCode, response.body).toBe(201);
    return { client, email, id: response.json().data.id as number };
  }

  const detailOf = async (id: number) => {
    const response = await support.call('GET', `/admin/api/customers/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  describe('search and filters', () => {
    it('finds customers by email, name or company, with the total', async () => {
      const byCompany = await support.call('GET', '/admin/api/customers?q=skischule');
      expect(byCompany.statusCode, byCompany.body).toBe(200);
      expect(byCompany.json().customers.map((c: { email: string }) => c.email)).toEqual([DEMO.proEu.email]);
      expect(byCompany.json().total).toBe(1);

      const byName = await support.call('GET', '/admin/api/customers?q=jordan%20ellis');
      expect(byName.json().customers.map((c: { email: string }) => c.email)).toEqual([DEMO.proUs.email]);

      // A `%` typed in the search is a letter, not a pattern matching everyone.
      const percent = await support.call('GET', '/admin/api/customers?q=%25');
      expect(percent.json().total).toBe(0);
    });

    it('filters by pro status, employee flag and group, and pages in the sort asked for', async () => {
      const pros = await support.call('GET', '/admin/api/customers?pro=active&sort=email&order=asc');
      const proEmails = pros.json().customers.map((c: { email: string }) => c.email);
      expect(proEmails).toEqual(expect.arrayContaining([DEMO.proEu.email, DEMO.proUs.email]));
      expect(proEmails).not.toContain(DEMO.shopper.email);
      expect([...proEmails].sort()).toEqual(proEmails);
      expect(pros.json().customers[0]).toMatchObject({ proState: 'active', groupName: 'Pro' });

      const employees = await support.call('GET', '/admin/api/customers?employee=true');
      expect(employees.json().customers).toEqual([
        expect.objectContaining({ email: DEMO.employee.email, isEmployee: true, groupName: 'Employees' }),
      ]);

      const defaultGroup = await support.call('GET', '/admin/api/customers?group=2&pro=none');
      expect(defaultGroup.json().customers.map((c: { email: string }) => c.email)).toContain(DEMO.shopper.email);

      const firstPage = await support.call('GET', '/admin/api/customers?pageSize=2&page=1&sort=email&order=asc');
      const secondPage = await support.call('GET', '/admin/api/customers?pageSize=2&page=2&sort=email&order=asc');
      expect(firstPage.json()).toMatchObject({ page: 1, pageSize: 2 });
      expect(firstPage.json().customers).toHaveLength(2);
      expect(firstPage.json().total).toBeGreaterThanOrEqual(4);
      expect(secondPage.json().customers[0].email > firstPage.json().customers[1].email).toBe(true);
    });

    it('refuses a bad query at its field, never with a 500', async () => {
      const response = await support.call(
        'GET',
        '/admin/api/customers?pro=maybe&pageSize=1000&page=0&sort=price&order=up',
      );
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().error.fields).sort()).toEqual(['order', 'page', 'pageSize', 'pro', 'sort']);
      expect((await support.call('GET', '/admin/api/customers/abc')).statusCode).toBe(400);
      expect((await support.call('GET', '/admin/api/customers/99999999')).statusCode).toBe(404);
    });
  });

  it('shows a pro’s code, limit and spend this year, address book and orders', async () => {
    const pro = new TestBrowser(shop.app);
    const me = await pro.signIn(DEMO.proUs.email, DEMO.proUs.pw);
    const placed = await checkOut(pro, [{ product_id: variant.product_id, variant_id: variant.id, quantity: 1 }]);
    expect(placed.response.statusCode, placed.response.body).toBe(201);
    const orderId = placed.response.json().data.id as number;

    const detail = await detailOf(me.id);
    expect(detail.customer).toMatchObject({
      email: DEMO.proUs.email,
      company: 'Summit Guides LLC',
      isEmployee: false,
      pricingGroup: { name: 'Pro' },
      pro: { code: 'PRO-US-DEMO', region: 'pro', state: 'active', spendLimit: 3000, currencyCode: 'USD' },
    });
    expect(detail.customer.pro.spent).toBeGreaterThan(0);
    expect(detail.addresses).toEqual([expect.objectContaining({ city: 'Salt Lake City', addressType: 'commercial' })]);
    expect(detail.orders[0]).toMatchObject({ id: orderId, currencyCode: 'USD', status: 'awaiting_fulfillment' });
    expect(detail.groups.map((group: { name: string }) => group.name)).toContain('Employees');
  });

  describe('edits', () => {
    it('saves a change with the version the editor loaded, and refuses a stale one showing the other’s change', async () => {
      const { id } = await newCustomer();
      const { customer } = await detailOf(id);

      const first = await support.call('PATCH', `/admin/api/customers/${id}`, {
        payload: { version: customer.version, company: 'Calloway Outfitters', notes: 'Prefers phone.\nCall mornings.' },
      });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().customer).toMatchObject({ company: 'Calloway Outfitters', version: customer.version + 1 });

      const stale = await support.call('PATCH', `/admin/api/customers/${id}`, {
        payload: { version: customer.version, company: 'Someone else’s idea' },
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error.code).toBe('VERSION_CONFLICT');
      expect(stale.json().error.current.customer).toMatchObject({ company: 'Calloway Outfitters' });
      expect((await detailOf(id)).customer.company).toBe('Calloway Outfitters');

      const [entry] = await shop.database.db
        .select()
        .from(adminSchema.auditLog)
        .where(eq(adminSchema.auditLog.entityId, String(id)));
      expect(entry).toMatchObject({
        action: 'customer.update',
        actor: support.email,
        before: { company: '' },
        after: { company: 'Calloway Outfitters' },
      });
    });

    it('refuses bad fields at the field and changes nothing', async () => {
      const { id } = await newCustomer();
      const { customer } = await detailOf(id);
      const response = await support.call('PATCH', `/admin/api/customers/${id}`, {
        payload: { version: customer.version, firstName: '', phone: 'x'.repeat(41), proCode: 'no spaces' },
      });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().error.fields).sort()).toEqual(['firstName', 'phone', 'proCode']);

      const unknownCode = await support.call('PATCH', `/admin/api/customers/${id}`, {
        payload: { version: customer.version, proCode: 'NOPE-123' },
      });
      expect(unknownCode.statusCode).toBe(400);
      expect(unknownCode.json().error.fields).toEqual({ proCode: 'There is no pro code NOPE-123.' });
      expect((await detailOf(id)).customer.version).toBe(customer.version);
    });

    it('makes a customer an employee, which the shop’s customer state then shows', async () => {
      const { client, id } = await newCustomer();
      expect((await client.get(`/api/customers/${id}`)).json().data.is_employee).toBe(false);
      const { customer } = await detailOf(id);
      const response = await support.call('PATCH', `/admin/api/customers/${id}`, {
        payload: { version: customer.version, employee: true },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().customer).toMatchObject({ isEmployee: true, pricingGroup: { name: 'Employees' } });
      expect((await client.get(`/api/customers/${id}`)).json().data.is_employee).toBe(true);
      const total = await client.get(`/api/pro/order_total?customer_id=${id}&brand_id=us`);
      expect(total.json().employee_group).toBe(true);

      const back = await support.call('PATCH', `/admin/api/customers/${id}`, {
        payload: { version: customer.version + 1, employee: false },
      });
      expect(back.json().customer).toMatchObject({ isEmployee: false, customerGroupId: null });
    });

    it('gives a customer a pro code, moves their expiry, and ends their membership', async () => {
      const { client, id } = await newCustomer();
      let version = (await detailOf(id)).customer.version;
      const joined = await support.call('PATCH', `/admin/api/customers/${id}`, {
        payload: { version, proCode: 'pro-eu-demo', proExpiresAt: '2031-06-30' },
      });
      expect(joined.statusCode, joined.body).toBe(200);
      expect(joined.json().customer.pro).toMatchObject({
        code: 'PRO-EU-DEMO',
        region: 'pro_eu_region_1',
        state: 'active',
        expiresAt: '2031-06-30T23:59:59.999Z',
        spendLimit: 2500,
        currencyCode: 'EUR',
      });
      expect((await client.get(`/api/customers/${id}`)).json().data).toMatchObject({
        is_pro: true,
        pro_region: 'pro_eu_region_1',
      });

      version = joined.json().customer.version;
      const left = await support.call('PATCH', `/admin/api/customers/${id}`, { payload: { version, proCode: null } });
      expect(left.json().customer).toMatchObject({ customerGroupId: null, pro: { code: null, state: 'none' } });
      expect((await client.get(`/api/customers/${id}`)).json().data.is_pro).toBe(false);
    });
  });

  it('sends the shop’s password reset email, at most 3 an hour per customer', async () => {
    const { email, id } = await newCustomer();
    const outbox = createOutboxService(shop.database.db);
    const sent = await support.call('POST', `/admin/api/customers/${id}/password-reset`);
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json()).toEqual({ sentTo: email });
    const mail = await outbox.latestFor(email);
    expect(mail).toMatchObject({ kind: 'password_reset' });
    expect(mail!.text).toMatch(/action=reset_password&token=[0-9a-f]{64}/);

    await support.call('POST', `/admin/api/customers/${id}/password-reset`);
    await support.call('POST', `/admin/api/customers/${id}/password-reset`);
    const fourth = await support.call('POST', `/admin/api/customers/${id}/password-reset`);
    expect(fourth.statusCode).toBe(429);
  });

  describe('GDPR', () => {
    it('exports everything held about a customer, without the password hash', async () => {
      const { client, email, id } = await newCustomer({ company: 'Export Co' });
      await client.post(`/api/customers/${id}/addresses`, {
        first_name: 'Tessa',
        last_name: 'Calloway',
        address1: '1450 South West Temple',
        city: 'Salt Lake City',
        state_or_province: 'UT',
        postal_code: '84115',
        country_code: 'US',
      });
      const placed = await checkOut(client, [{ product_id: variant.product_id, variant_id: variant.id, quantity: 1 }], {
        email,
      });
      expect(placed.response.statusCode, placed.response.body).toBe(201);

      const response = await support.call('POST', `/admin/api/customers/${id}/export`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-disposition']).toBe(`attachment; filename="customer-${id}.json"`);
      const data = response.json();
      expect(data.customer).toMatchObject({ id, email, company: 'Export Co' });
      expect(response.body).not.toContain('passwordHash');
      expect(response.body).not.toContain('$argon2');
      expect(data.addresses).toEqual([expect.objectContaining({ city: 'Salt Lake City' })]);
      expect(data.emails.map((mail: { kind: string }) => mail.kind)).toContain('account_created');
      expect(data.orders).toEqual([
        expect.objectContaining({
          id: placed.response.json().data.id,
          lines: [expect.objectContaining({ quantity: 1 })],
        }),
      ]);
    });

    it('erases a customer once their email is typed: sign-in fails, orders stay anonymised', async () => {
      const { client, email, id } = await newCustomer();
      const placed = await checkOut(client, [{ product_id: variant.product_id, variant_id: variant.id, quantity: 1 }], {
        email,
      });
      const orderId = placed.response.json().data.id as number;

      const wrong = await support.call('POST', `/admin/api/customers/${id}/erase`, {
        payload: { confirmEmail: 'someone@example.com' },
      });
      expect(wrong.statusCode).toBe(400);
      expect(Object.keys(wrong.json().error.fields)).toEqual(['confirmEmail']);
      expect((await detailOf(id)).customer.email).toBe(email);

      const erased = await support.call('POST', `/admin/api/customers/${id}/erase`, {
        payload: { confirmEmail: email.toUpperCase() },
      });
      expect(erased.statusCode, erased.body).toBe(200);
      // The welcome email and the order confirmation go with the account.
      expect(erased.json()).toEqual({ erased: true, ordersKept: 1, subscriptionsRemoved: 0, emailsRemoved: 2 });
      expect(await createOutboxService(shop.database.db).latestFor(email)).toBeNull();

      expect((await support.call('GET', `/admin/api/customers/${id}`)).statusCode).toBe(404);
      const signIn = await new TestBrowser(shop.app).post('/api/customers/login', { email, pw: PASSWORD });
      expect(signIn.statusCode).toBe(401);
      // The session the customer had open ends with the account.
      expect((await client.get(`/api/customers/${id}`)).statusCode).toBe(401);

      const [order] = await shop.database.db
        .select()
        .from(commerceSchema.orders)
        .where(eq(commerceSchema.orders.id, orderId));
      expect(order).toMatchObject({ customerId: null });
      expect(order!.email).toMatch(/^deleted-[0-9a-f]{32}@piste\.invalid$/);
      expect(order!.shippingAddress.first_name).toBe('');

      const entries = await shop.database.db
        .select()
        .from(adminSchema.auditLog)
        .where(eq(adminSchema.auditLog.entityId, String(id)));
      expect(entries.find((entry) => entry.action === 'customer.erase')).toMatchObject({
        after: { erased: true, ordersKept: 1, subscriptionsRemoved: 0, emailsRemoved: 2 },
      });
      expect(JSON.stringify(entries)).not.toContain(email);
    });
  });

  it('lets support and owners in, and keeps merchandisers out', async () => {
    const merchandiser = await signedInStaff(shop.app, shop.database, 'merchandiser');
    expect((await merchandiser.call('GET', '/admin/api/customers')).statusCode).toBe(403);
    expect(
      (await merchandiser.call('POST', '/admin/api/customers/1001/erase', { payload: { confirmEmail: 'x' } }))
        .statusCode,
    ).toBe(403);
    const owner = await signedInStaff(shop.app, shop.database, 'owner');
    expect((await owner.call('GET', '/admin/api/customers')).statusCode).toBe(200);
    expect((await new TestBrowser(shop.app).call('GET', '/admin/api/customers')).statusCode).toBe(401);
  });
});
