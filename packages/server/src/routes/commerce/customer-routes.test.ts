import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createOutboxService, MAX_ADDRESSES } from '@piste/commerce/server';
import { queryRows } from '@piste/db';
import { testDatabaseKinds } from '@piste/db/testing';
import { createSeededApiApp } from '../../../test/support/app-harness';
import { checkOut, DEMO, TestBrowser } from '../../../test/support/test-browser';

type Response = Awaited<ReturnType<TestBrowser['call']>>;

const expectError = (response: Response, status: number, code?: string) => {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json();
  expect(body).toEqual({ error: { code: code ?? expect.any(String), message: expect.any(String) } });
  return body.error.message as string;
};

const address = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Tessa',
  last_name: 'Calloway',
  address1: '1450 South West Temple',
  city: 'Salt Lake City',
  state_or_province: 'UT',
  postal_code: '84115',
  country_code: 'US',
  ...overrides,
});

describe.each(testDatabaseKinds())('customer API on $name', (kind) => {
  let harness: Awaited<ReturnType<typeof createSeededApiApp>>;
  let outbox: ReturnType<typeof createOutboxService>;
  let variant: { id: number; product_id: number };

  beforeAll(async () => {
    harness = await createSeededApiApp(kind);
    outbox = createOutboxService(harness.database.db);
    const products = (await harness.app.inject({ url: '/api/products?limit=250&include=variants' })).json().data as {
      variants: { id: number; product_id: number; inventory_level: number; is_in_stock: boolean }[];
    }[];
    variant = products.flatMap((product) => product.variants).sort((a, b) => b.inventory_level - a.inventory_level)[0]!;
  });
  afterAll(() => harness.close());

  const browser = () => new TestBrowser(harness.app);
  const uniqueEmail = (name = 'shopper') => `${name}.${randomUUID().slice(0, 8)}@example.com`;
  const PASSWORD = 'a long enough passphrase';

  /** A new account, signed in in a browser of its own. */
  async function newCustomer(overrides: Record<string, unknown> = {}) {
    const client = browser();
    const input = {
      email: uniqueEmail(),
      password: PASSWORD,
      first_name: 'Tessa',
      last_name: 'Calloway',
      ...overrides,
    };
    const response = await client.post('/api/customers/create', input);
    expect(response.statusCode, response.body).toBe(201);
    return { client, customer: response.json().data as { id: number; email: string }, password: input.password };
  }

  /** Whether a session token still signs anyone in, asked from a browser that holds only it. */
  async function sessionWorks(token: string): Promise<boolean> {
    const probe = browser();
    probe.cookies.set('piste_session', token);
    const response = await probe.post('/api/customers/validate-session');
    expect(response.statusCode).toBe(200);
    return response.json().data.is_valid as boolean;
  }

  const countCustomers = async (email: string) =>
    (
      await queryRows<{ count: number }>(
        harness.database.db,
        sql`select count(*)::int as count from customers where email = ${email.toLowerCase()}`,
      )
    )[0]!.count;

  describe('POST customers/login', () => {
    it('signs in with the right credentials: the customer, and an HttpOnly SameSite=Lax session cookie', async () => {
      const client = browser();
      const response = await client.post('/api/customers/login', { email: 'Shopper@Piste.test ', pw: DEMO.shopper.pw });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toEqual({
        data: expect.objectContaining({
          id: expect.any(Number),
          email: 'shopper@piste.test',
          first_name: 'Sam',
          last_name: 'Rivers',
          customer_group_id: 2,
          is_pro: false,
          is_employee: false,
        }),
        meta: {},
      });
      expect(response.json().data).not.toHaveProperty('password_hash');
      expect(response.body).not.toContain('argon2');
      const cookie = response.cookies.find((candidate) => candidate.name === 'piste_session')!;
      expect(cookie).toMatchObject({
        httpOnly: true,
        sameSite: 'Lax',
        path: '/',
        value: expect.stringMatching(/^[\w-]{43}$/),
      });
      expect(cookie.maxAge).toBe(30 * 24 * 60 * 60);
      expect(cookie.secure).toBeFalsy();
      const me = await client.post('/api/customers/validate-session');
      expect(me.json().data).toMatchObject({ is_valid: true, customer: { email: 'shopper@piste.test' } });
    });

    it('answers a wrong password and an unknown email with the same 401', async () => {
      const wrongPassword = await browser().post('/api/customers/login', {
        email: DEMO.shopper.email,
        pw: 'not-the-password',
      });
      const unknownEmail = await browser().post('/api/customers/login', {
        email: uniqueEmail(),
        pw: 'not-the-password',
      });
      expectError(wrongPassword, 401, 'INVALID_CREDENTIALS');
      expect(unknownEmail.statusCode).toBe(401);
      expect(unknownEmail.json()).toEqual(wrongPassword.json());
      expect(wrongPassword.cookies.find((cookie) => cookie.name === 'piste_session')).toBeUndefined();
    });

    it.each([
      ['no email', { pw: 'whatever-it-is' }, '`email` is required'],
      ['no password', { email: DEMO.shopper.email }, '`pw` is required'],
      ['an empty password', { email: DEMO.shopper.email, pw: '' }, '`pw`'],
      ['an invalid email', { email: 'not an email', pw: 'whatever-it-is' }, '`email` must be an email address'],
      ['a number as email', { email: 42, pw: 'whatever-it-is' }, '`email`'],
      ['an unknown field', { ...DEMO.shopper, remember: true }, '`remember` is not supported'],
    ])('answers %s with a 400 naming the field', async (_name, payload, fragment) => {
      const message = expectError(await browser().post('/api/customers/login', payload), 400, 'INVALID_PARAMETER');
      expect(message).toContain(fragment);
    });

    it('refuses the 6th failed attempt for one account with a 429 and Retry-After, even from other addresses', async () => {
      const { customer } = await newCustomer();
      for (let attempt = 1; attempt <= 5; attempt++) {
        const failed = await browser().post('/api/customers/login', {
          email: customer.email,
          pw: `wrong guess ${attempt}`,
        });
        expectError(failed, 401, 'INVALID_CREDENTIALS');
      }
      const blocked = await browser().post('/api/customers/login', {
        email: customer.email.toUpperCase(),
        pw: 'wrong again',
      });
      expectError(blocked, 429, 'RATE_LIMITED');
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(60);
      expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
      // Blocked means blocked: the right password does not get in either, so the block cannot be probed.
      expectError(await browser().post('/api/customers/login', { email: customer.email, pw: PASSWORD }), 429);
      // Other accounts are not affected.
      expect((await browser().post('/api/customers/login', DEMO.shopper)).statusCode).toBe(200);
    });

    it('forgets failed attempts after a successful sign-in', async () => {
      const { customer } = await newCustomer();
      const client = browser();
      for (let round = 0; round < 2; round++) {
        for (let attempt = 1; attempt <= 4; attempt++) {
          expect(
            (await client.post('/api/customers/login', { email: customer.email, pw: 'wrong guess' })).statusCode,
          ).toBe(401);
        }
        expect((await client.post('/api/customers/login', { email: customer.email, pw: PASSWORD })).statusCode).toBe(
          200,
        );
      }
    });

    it('rotates the session id on sign-in: the session held before no longer works', async () => {
      const client = browser();
      await client.signIn(DEMO.shopper.email, DEMO.shopper.pw);
      const first = client.session!;
      await client.signIn(DEMO.shopper.email, DEMO.shopper.pw);
      const second = client.session!;
      expect(second).not.toBe(first);
      expect(await sessionWorks(first)).toBe(false);
      expect(await sessionWorks(second)).toBe(true);
    });

    it('signs out: the cookie is cleared and the token is dead', async () => {
      const client = browser();
      await client.signIn(DEMO.shopper.email, DEMO.shopper.pw);
      const token = client.session!;
      const response = await client.post('/api/customers/logout');
      expect(response.statusCode).toBe(204);
      const cleared = response.cookies.find((cookie) => cookie.name === 'piste_session')!;
      expect(cleared).toMatchObject({ value: '', maxAge: 0, httpOnly: true });
      expect(response.cookies.find((cookie) => cookie.name === 'piste_cart')).toMatchObject({ value: '', maxAge: 0 });
      expect(response.cookies.find((cookie) => cookie.name === 'piste_order')).toMatchObject({ value: '', maxAge: 0 });
      expect(client.session).toBeUndefined();
      expect(await sessionWorks(token)).toBe(false);
      // The old token, replayed, is a visitor.
      const replay = browser();
      replay.cookies.set('piste_session', token);
      const me = await replay.get('/api/customers?email:in=shopper%40piste.test');
      expectError(me, 401, 'SIGN_IN_REQUIRED');
      expect(me.cookies.find((cookie) => cookie.name === 'piste_session')).toMatchObject({ value: '', maxAge: 0 });
      // Signing out twice, or signed out, is harmless.
      expect((await client.post('/api/customers/logout')).statusCode).toBe(204);
    });

    it('ignores a session cookie that is not a token', async () => {
      const client = browser();
      client.cookies.set('piste_session', '../../etc/passwd');
      expect((await client.post('/api/customers/validate-session')).json().data).toEqual({
        is_valid: false,
        customer: null,
      });
    });
  });

  describe('POST customers/create', () => {
    it('creates the account: 201, signed in, and an account_created email in the outbox', async () => {
      const client = browser();
      const email = uniqueEmail('New.Shopper');
      const response = await client.post('/api/customers/create', {
        email: `  ${email.toUpperCase()} `,
        password: PASSWORD,
        first_name: ' Tessa ',
        last_name: 'Calloway',
        accepts_marketing: true,
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.headers['cache-control']).toBe('no-store');
      const customer = response.json().data;
      expect(customer).toMatchObject({
        email: email.toLowerCase(),
        first_name: 'Tessa',
        last_name: 'Calloway',
        company: '',
        accepts_marketing: true,
        customer_group_id: 2,
        is_pro: false,
        pro_region: null,
      });
      const cookie = response.cookies.find((candidate) => candidate.name === 'piste_session')!;
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
      const me = await client.get(`/api/customers/${customer.id}`);
      expect(me.statusCode).toBe(200);
      expect(me.json().data).toEqual(customer);

      const mail = await outbox.latestFor(email);
      expect(mail).toMatchObject({ kind: 'account_created', recipient: email.toLowerCase() });
      expect(mail!.text).toContain('Tessa');
      expect(mail!.text).toContain('/en-us/account');
      // The new password works.
      expect((await browser().post('/api/customers/login', { email, pw: PASSWORD })).statusCode).toBe(200);
    });

    it('links to the shopper’s locale in the welcome email', async () => {
      const email = uniqueEmail();
      const response = await browser().post(
        '/api/customers/create',
        { email, password: PASSWORD, first_name: 'Lukas', last_name: 'Brandstätter' },
        { headers: { 'x-locale': 'de-de' } },
      );
      expect(response.statusCode).toBe(201);
      expect((await outbox.latestFor(email))!.text).toContain('/de-de/account');
    });

    it('refuses an email that has an account, in any case, with 409 EMAIL_TAKEN', async () => {
      const { customer } = await newCustomer();
      for (const email of [customer.email, customer.email.toUpperCase(), 'SHOPPER@piste.test']) {
        const response = await browser().post('/api/customers/create', {
          email,
          password: PASSWORD,
          first_name: 'Someone',
          last_name: 'Else',
        });
        expectError(response, 409, 'EMAIL_TAKEN');
        expect(response.cookies.find((cookie) => cookie.name === 'piste_session')).toBeUndefined();
      }
      expect(await countCustomers(customer.email)).toBe(1);
    });

    it.each([
      ['a short password', 'short1!', 'at least 10 characters'],
      ['a breached password', 'password123', 'too common'],
      ['a breached password in capitals', 'PASSWORD1234', 'too common'],
      ['the email as password', '@', 'email address'],
      ['a password over 128 characters', 'x'.repeat(129), 'at most 128'],
    ])('refuses %s with a 400 naming `password`', async (_name, password, fragment) => {
      const email = uniqueEmail();
      const response = await browser().post('/api/customers/create', {
        email,
        password: password === '@' ? email : password,
        first_name: 'Tessa',
        last_name: 'Calloway',
      });
      const message = expectError(response, 400, 'INVALID_PARAMETER');
      expect(message).toContain('`password`');
      expect(message).toContain(fragment);
      expect(await countCustomers(email)).toBe(0);
    });

    it.each([
      ['no first name', { first_name: undefined }, '`first_name` is required'],
      ['a blank last name', { last_name: '   ' }, '`last_name` is required'],
      ['an invalid email', { email: 'tessa@' }, '`email` must be an email address'],
      [
        'a control character in a name',
        { first_name: 'Tes\u0000sa' },
        '`first_name` must not contain control characters',
      ],
      ['an unknown field', { is_pro: true }, '`is_pro` is not supported'],
      ['a group of one’s choosing', { customer_group_id: 4 }, '`customer_group_id` is not supported'],
    ])('refuses %s with a 400 naming the field', async (_name, overrides, fragment) => {
      const response = await browser().post('/api/customers/create', {
        email: uniqueEmail(),
        password: PASSWORD,
        first_name: 'Tessa',
        last_name: 'Calloway',
        ...overrides,
      });
      expect(expectError(response, 400)).toContain(fragment);
    });

    it('joins the pro programme with a valid pro code: pro, group 3, and its region', async () => {
      const { client, customer } = await newCustomer({ pro_code: 'pro-us-demo' });
      expect(customer).toMatchObject({ is_pro: true, pro_region: 'pro', customer_group_id: 3 });
      expect(Date.parse((customer as unknown as { pro_expiration_date: string }).pro_expiration_date)).toBeGreaterThan(
        Date.now(),
      );
      expect((customer as unknown as { form_fields: unknown }).form_fields).toEqual([
        { name: 'Pro Code', value: JSON.stringify({ code: 'PRO-US-DEMO', region: 'pro' }) },
      ]);
      const total = await client.get(`/api/pro/order_total?customer_id=${customer.id}&brand_id=us`);
      expect(total.json()).toMatchObject({ order_total: 0, spend_limit: 3000, employee_group: false });
    });

    it.each([
      ['a retired code', 'PRO-RETIRED', 'INVALID_PRO_CODE'],
      ['an unknown code', 'PRO-NOPE-2026', 'INVALID_PRO_CODE'],
      ['a malformed code', 'PRO US DEMO', 'INVALID_PARAMETER'],
    ])('refuses %s with a 400 and creates no account', async (_name, proCode, code) => {
      const email = uniqueEmail();
      const response = await browser().post('/api/customers/create', {
        email,
        password: PASSWORD,
        first_name: 'Tessa',
        last_name: 'Calloway',
        pro_code: proCode,
      });
      expectError(response, 400, code);
      expect(response.cookies.find((cookie) => cookie.name === 'piste_session')).toBeUndefined();
      expect(await countCustomers(email)).toBe(0);
      expect(await outbox.latestFor(email)).toBeNull();
    });

    it('limits sign-ups to 10 an hour from one address', async () => {
      const client = browser();
      for (let attempt = 0; attempt < 10; attempt++) {
        // Refused inputs (a taken email) still count: each one costs a hash.
        const response = await client.post('/api/customers/create', {
          email: DEMO.shopper.email,
          password: PASSWORD,
          first_name: 'Sam',
          last_name: 'Rivers',
        });
        expect(response.statusCode).toBe(409);
      }
      const blocked = await client.post('/api/customers/create', {
        email: uniqueEmail(),
        password: PASSWORD,
        first_name: 'Sam',
        last_name: 'Rivers',
      });
      expectError(blocked, 429, 'RATE_LIMITED');
      expect(blocked.headers['retry-after']).toBeDefined();
    });
  });

  describe('CSRF on every mutating customer call (spec §6)', () => {
    it('refuses each change without the X-XSRF-TOKEN header with 403 CSRF, and changes nothing', async () => {
      const { client, customer } = await newCustomer();
      const added = await client.post(`/api/customers/${customer.id}/addresses`, address());
      const addressId = added.json().data.id as number;
      const email = uniqueEmail();
      const calls: [string, 'POST' | 'PUT' | 'DELETE', string, unknown][] = [
        ['login', 'POST', '/api/customers/login', { email: customer.email, pw: PASSWORD }],
        ['logout', 'POST', '/api/customers/logout', {}],
        ['create', 'POST', '/api/customers/create', { email, password: PASSWORD, first_name: 'A', last_name: 'B' }],
        ['update', 'PUT', `/api/customers/${customer.id}`, { first_name: 'Mallory' }],
        ['delete', 'DELETE', `/api/customers/${customer.id}`, { pw: PASSWORD }],
        ['add address', 'POST', `/api/customers/${customer.id}/addresses`, address({ city: 'Evil Town' })],
        ['update address', 'PUT', `/api/customers/${customer.id}/addresses`, { id: addressId, city: 'Evil Town' }],
        ['delete address', 'DELETE', `/api/customers/${customer.id}/addresses/${addressId}`, undefined],
        ['validate', 'POST', '/api/customers/validate', { customer: customer.email, pw: PASSWORD }],
        ['validate session', 'POST', '/api/customers/validate-session', {}],
        ['bclogin', 'POST', '/api/customers/bclogin', { id: customer.id, redirect: '/account' }],
        ['password reset', 'POST', '/api/customers/password-reset', { email: customer.email }],
        [
          'password reset confirm',
          'POST',
          '/api/customers/password-reset/confirm',
          { token: 'a'.repeat(43), new_password: 'another long passphrase' },
        ],
      ];
      for (const [name, method, url, payload] of calls) {
        const response = await client.call(method, url, { payload, noCsrf: true });
        expect(response.statusCode, name).toBe(403);
        expect(response.json().error.code, name).toBe('CSRF');
      }
      // Nothing changed: still signed in, same name, one address, no new account or email.
      const me = await client.get(`/api/customers/${customer.id}`);
      expect(me.statusCode).toBe(200);
      expect(me.json().data.first_name).toBe('Tessa');
      const addresses = (await client.get(`/api/customers/${customer.id}/addresses`)).json().data;
      expect(addresses).toHaveLength(1);
      expect(addresses[0].city).toBe('Salt Lake City');
      expect(await countCustomers(email)).toBe(0);
      expect((await outbox.latestFor(customer.email))!.kind).toBe('account_created');
    });

    it('refuses a header that does not match the cookie', async () => {
      const client = browser();
      const response = await client.call('POST', '/api/customers/login', {
        payload: DEMO.shopper,
        headers: { 'x-xsrf-token': 'y'.repeat(43) },
      });
      expectError(response, 403, 'CSRF');
      expect(client.session).toBeUndefined();
    });
  });

  describe('PUT customers/{id}: profile, email and password', () => {
    it('updates profile fields and answers the customer', async () => {
      const { client, customer } = await newCustomer();
      const response = await client.put(`/api/customers/${customer.id}`, {
        first_name: 'Tess',
        company: 'Calloway Guiding',
        phone: '+1 801 555 0100',
        accepts_marketing: true,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toMatchObject({
        id: customer.id,
        email: customer.email,
        first_name: 'Tess',
        last_name: 'Calloway',
        company: 'Calloway Guiding',
        phone: '+1 801 555 0100',
        accepts_marketing: true,
      });
      expect((await client.get(`/api/customers/${customer.id}`)).json().data.first_name).toBe('Tess');
      expectError(await client.put(`/api/customers/${customer.id}`, { first_name: '' }), 400, 'INVALID_PARAMETER');
      expectError(await client.put(`/api/customers/${customer.id}`, { customer_group_id: 4 }), 400);
      expectError(await client.put(`/api/customers/${customer.id}`, { notes: '{"region":"pro"}' }), 400);
      expect((await client.get(`/api/customers/${customer.id}`)).json().data).toMatchObject({
        first_name: 'Tess',
        customer_group_id: 2,
        is_pro: false,
      });
    });

    it('changes the email only with the current password: 400 without, 401 wrong', async () => {
      const { client, customer } = await newCustomer();
      const email = uniqueEmail('moved');
      const without = await client.put(`/api/customers/${customer.id}`, { email });
      expect(expectError(without, 400, 'INVALID_PARAMETER')).toContain('`current_password`');
      const wrong = await client.put(`/api/customers/${customer.id}`, { email, current_password: 'not my password' });
      expectError(wrong, 401, 'INVALID_PASSWORD');
      expect((await client.get(`/api/customers/${customer.id}`)).json().data.email).toBe(customer.email);
      expectError(
        await client.put(`/api/customers/${customer.id}`, { email: DEMO.shopper.email, current_password: PASSWORD }),
        409,
        'EMAIL_TAKEN',
      );
      const moved = await client.put(`/api/customers/${customer.id}`, { email, current_password: PASSWORD });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json().data.email).toBe(email);
      expect((await browser().post('/api/customers/login', { email, pw: PASSWORD })).statusCode).toBe(200);
      expect((await browser().post('/api/customers/login', { email: customer.email, pw: PASSWORD })).statusCode).toBe(
        401,
      );
    });

    it('limits guesses of the current password like sign-ins, and applies no pro code with a refused change', async () => {
      const { client, customer } = await newCustomer();
      const guess = (pw: string) =>
        client.put(`/api/customers/${customer.id}`, {
          email: uniqueEmail('guess'),
          current_password: pw,
          pro_code: 'PRO-US-DEMO',
        });
      for (let attempt = 1; attempt <= 5; attempt++)
        expectError(await guess(`wrong guess ${attempt}`), 401, 'INVALID_PASSWORD');
      expect((await client.get(`/api/customers/${customer.id}`)).json().data.is_pro).toBe(false);
      const limited = await guess(PASSWORD);
      expectError(limited, 429, 'RATE_LIMITED');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('changes the password only with the current one, ending the other sessions but keeping this one', async () => {
      const { client, customer } = await newCustomer();
      const elsewhere = browser();
      await elsewhere.signIn(customer.email, PASSWORD);
      const otherToken = elsewhere.session!;
      const newPassword = 'an even longer passphrase';

      const without = await client.put(`/api/customers/${customer.id}`, { new_password: newPassword });
      expect(expectError(without, 400)).toContain('`current_password`');
      expectError(
        await client.put(`/api/customers/${customer.id}`, { new_password: newPassword, current_password: 'nope' }),
        401,
        'INVALID_PASSWORD',
      );
      const weak = await client.put(`/api/customers/${customer.id}`, {
        new_password: 'password123',
        current_password: PASSWORD,
      });
      expect(expectError(weak, 400)).toContain('`new_password`');
      expect(await sessionWorks(otherToken)).toBe(true);

      const changed = await client.put(`/api/customers/${customer.id}`, {
        new_password: newPassword,
        current_password: PASSWORD,
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(await sessionWorks(otherToken)).toBe(false);
      expectError(await elsewhere.get(`/api/customers/${customer.id}`), 401);
      expect((await client.get(`/api/customers/${customer.id}`)).statusCode).toBe(200);
      expect((await browser().post('/api/customers/login', { email: customer.email, pw: PASSWORD })).statusCode).toBe(
        401,
      );
      expect(
        (await browser().post('/api/customers/login', { email: customer.email, pw: newPassword })).statusCode,
      ).toBe(200);
    });

    it('joins the pro programme with a code, and refuses a retired one', async () => {
      const { client, customer } = await newCustomer();
      expectError(
        await client.put(`/api/customers/${customer.id}`, { pro_code: 'PRO-RETIRED' }),
        400,
        'INVALID_PRO_CODE',
      );
      expect((await client.get(`/api/customers/${customer.id}`)).json().data.is_pro).toBe(false);
      const joined = await client.put(`/api/customers/${customer.id}`, { pro_code: 'PRO-EU-DEMO' });
      expect(joined.json().data).toMatchObject({ is_pro: true, pro_region: 'pro_eu_region_1', customer_group_id: 3 });
    });
  });

  describe('customers/{id}/addresses', () => {
    const path = (id: number) => `/api/customers/${id}/addresses`;

    it('adds, lists, moves the default, updates and deletes addresses', async () => {
      const { client, customer } = await newCustomer();
      expect((await client.get(path(customer.id))).json()).toEqual({ data: [], meta: { pagination: { total: 0 } } });

      const first = await client.post(path(customer.id), address());
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json().data).toEqual({
        id: expect.any(Number),
        customer_id: customer.id,
        first_name: 'Tessa',
        last_name: 'Calloway',
        company: '',
        address1: '1450 South West Temple',
        address2: '',
        city: 'Salt Lake City',
        state_or_province: 'UT',
        postal_code: '84115',
        country_code: 'US',
        phone: '',
        address_type: 'residential',
        is_default: true,
      });
      const firstId = first.json().data.id as number;

      const second = await client.post(path(customer.id), address({ city: 'Denver', state_or_province: 'CO' }));
      expect(second.json().data.is_default).toBe(false);
      const third = await client.post(
        path(customer.id),
        address({
          city: 'Toronto',
          state_or_province: 'ON',
          postal_code: 'M5V 2T6',
          country_code: 'ca',
          is_default: true,
        }),
      );
      expect(third.json().data).toMatchObject({ is_default: true, country_code: 'CA' });
      const thirdId = third.json().data.id as number;
      const listed = (await client.get(path(customer.id))).json();
      expect(listed.meta.pagination.total).toBe(3);
      expect(listed.data.map((entry: { id: number; is_default: boolean }) => [entry.id, entry.is_default])).toEqual([
        [thirdId, true],
        [firstId, false],
        [second.json().data.id, false],
      ]);

      const updated = await client.put(path(customer.id), { id: firstId, address2: 'Suite 5', is_default: true });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json().data).toMatchObject({
        id: firstId,
        address2: 'Suite 5',
        city: 'Salt Lake City',
        is_default: true,
      });
      const defaults = (await client.get(path(customer.id)))
        .json()
        .data.filter((entry: { is_default: boolean }) => entry.is_default);
      expect(defaults.map((entry: { id: number }) => entry.id)).toEqual([firstId]);

      // Deleting the default hands it to the oldest remaining address.
      expect((await client.delete(`${path(customer.id)}/${firstId}`)).statusCode).toBe(204);
      const remaining = (await client.get(path(customer.id))).json().data;
      expect(remaining.map((entry: { id: number; is_default: boolean }) => [entry.id, entry.is_default])).toEqual([
        [second.json().data.id, true],
        [thirdId, false],
      ]);
      expectError(await client.delete(`${path(customer.id)}/${firstId}`), 404);
      expectError(await client.put(path(customer.id), { id: firstId, city: 'Gone' }), 404);
    });

    it.each([
      ['an invalid country', { country_code: 'USA' }, '`country_code`'],
      ['a country with digits', { country_code: 'U1' }, '`country_code`'],
      ['no street', { address1: undefined }, '`address1` is required'],
      ['a blank city', { city: ' ' }, '`city` is required'],
      ['no postal code', { postal_code: undefined }, '`postal_code` is required'],
      ['an unknown address type', { address_type: 'castle' }, '`address_type`'],
      ['an unknown field', { customer_id: 1 }, '`customer_id` is not supported'],
      ['a street of 161 characters', { address1: 'x'.repeat(161) }, '`address1` must be at most 160 characters'],
    ])('refuses %s with a 400 naming the field', async (_name, overrides, fragment) => {
      const { client, customer } = await newCustomer();
      const response = await client.post(path(customer.id), address(overrides));
      expect(expectError(response, 400)).toContain(fragment);
      expect((await client.get(path(customer.id))).json().data).toEqual([]);
    });

    it('refuses an update without an id or with an invalid field', async () => {
      const { client, customer } = await newCustomer();
      const { id } = (await client.post(path(customer.id), address())).json().data;
      expect(expectError(await client.put(path(customer.id), { city: 'Boise' }), 400)).toContain('`id`');
      expect(expectError(await client.put(path(customer.id), { id, country_code: 'Utah' }), 400)).toContain(
        '`country_code`',
      );
      expect((await client.get(path(customer.id))).json().data[0].city).toBe('Salt Lake City');
    });

    it(`holds at most ${MAX_ADDRESSES} addresses`, async () => {
      const { client, customer } = await newCustomer();
      await harness.database.db.execute(sql`
        insert into customer_addresses (customer_id, first_name, last_name, address1, city, postal_code, country_code, is_default)
        select ${customer.id}, 'Tessa', 'Calloway', 'Street ' || n, 'Salt Lake City', '84115', 'US', n = 1
        from generate_series(1, ${MAX_ADDRESSES - 1}) as n`);
      const last = await client.post(path(customer.id), address());
      expect(last.statusCode, last.body).toBe(201);
      expect(last.json().data.is_default).toBe(false);
      expectError(await client.post(path(customer.id), address()), 400, 'TOO_MANY_ADDRESSES');
      expect((await client.get(path(customer.id))).json().meta.pagination.total).toBe(MAX_ADDRESSES);
    });
  });

  describe('DELETE customers/{id}', () => {
    it('needs the password, then deletes the account: sessions end, sign-in fails, orders stay anonymised', async () => {
      const { client, customer } = await newCustomer();
      await client.post(`/api/customers/${customer.id}/addresses`, address());
      const elsewhere = browser();
      await elsewhere.signIn(customer.email, PASSWORD);
      const tokens = [client.session!, elsewhere.session!];
      const placed = await checkOut(client, [{ product_id: variant.product_id, variant_id: variant.id, quantity: 1 }], {
        email: customer.email,
      });
      expect(placed.response.statusCode, placed.response.body).toBe(201);
      const orderId = placed.response.json().data.id as number;
      expect(placed.response.json().data.customer_id).toBe(customer.id);

      expectError(
        await client.delete(`/api/customers/${customer.id}`, { pw: 'not my password' }),
        401,
        'INVALID_PASSWORD',
      );
      expectError(await client.delete(`/api/customers/${customer.id}`, {}), 400);
      expect((await client.get(`/api/customers/${customer.id}`)).statusCode).toBe(200);

      const deleted = await client.delete(`/api/customers/${customer.id}`, { pw: PASSWORD });
      expect(deleted.statusCode, deleted.body).toBe(204);
      expect(deleted.cookies.find((cookie) => cookie.name === 'piste_session')).toMatchObject({ value: '', maxAge: 0 });
      for (const token of tokens) expect(await sessionWorks(token)).toBe(false);
      expectError(await elsewhere.get(`/api/customers/${customer.id}`), 401);
      expectError(await browser().post('/api/customers/login', { email: customer.email, pw: PASSWORD }), 401);
      expect(await countCustomers(customer.email)).toBe(0);

      const [order] = await queryRows<{ customer_id: number | null; email: string; shipping: Record<string, string> }>(
        harness.database.db,
        sql`select customer_id, email, shipping_address as shipping from orders where id = ${orderId}`,
      );
      expect(order).toMatchObject({
        customer_id: null,
        email: expect.stringMatching(/^deleted-[0-9a-f]{32}@piste\.invalid$/),
        shipping: expect.objectContaining({
          first_name: '',
          last_name: '',
          street_1: '',
          email: '',
          city: 'Salt Lake City',
        }),
      });
      // Nobody looks the order up by its number and a well-known placeholder, nor by the old email.
      for (const email of [
        'deleted-customer@piste.invalid',
        customer.email,
        order!.email.replace(/[0-9a-f]{32}/, '0'.repeat(32)),
      ]) {
        expectError(await browser().get(`/api/order-status/${orderId}?email=${encodeURIComponent(email)}`), 404);
      }
      const leftovers = await queryRows<{ count: number }>(
        harness.database.db,
        sql`select count(*)::int as count from customer_addresses where customer_id = ${customer.id}`,
      );
      expect(leftovers[0]!.count).toBe(0);
      // The email is free again.
      expect(
        (
          await browser().post('/api/customers/create', {
            email: customer.email,
            password: PASSWORD,
            first_name: 'T',
            last_name: 'C',
          })
        ).statusCode,
      ).toBe(201);
    });
  });

  describe('password reset', () => {
    /** The reset email is made after the answer (docs/accounts.md), so wait for what the requests started. */
    const latestMailTo = async (email: string) => {
      await harness.app.services.backgroundWork.settled();
      return outbox.latestFor(email);
    };
    const resetTokenOf = async (email: string) => {
      const mail = await latestMailTo(email);
      expect(mail).toMatchObject({ kind: 'password_reset' });
      const match = /[?&]action=reset_password&token=([0-9a-f]{64})/.exec(mail!.text);
      expect(match, mail!.text).not.toBeNull();
      return match![1]!;
    };

    it('answers the same 202 for an existing and an unknown email; only the account gets an email', async () => {
      const { customer } = await newCustomer();
      const unknown = uniqueEmail('nobody');
      const forKnown = await browser().post('/api/customers/password-reset', { email: customer.email });
      const forUnknown = await browser().post('/api/customers/password-reset', { email: unknown });
      expect(forKnown.statusCode).toBe(202);
      expect(forUnknown.statusCode).toBe(202);
      expect(forUnknown.body).toBe(forKnown.body);
      expect(forKnown.json()).toEqual({ data: { message: expect.any(String) }, meta: {} });
      expect(await latestMailTo(unknown)).toBeNull();
      const mail = await latestMailTo(customer.email);
      expect(mail!.text).toMatch(/http:\/\/[^\s]+\/en-us\/account\?action=reset_password&token=[0-9a-f]{64}/);
    });

    it.each([
      ['fr-ca', '/en-ca/account'],
      ['es-es', '/de-de/account'],
      ['de-at', '/de-de/account'],
      ['en-us', '/en-us/account'],
      ['ja-jp', '/en-us/account'],
    ])("links a reset asked for in %s to the login page of the region's storefront, %s", async (locale, path) => {
      // Spec §2 'Link building': "A password-reset link goes to the storefront login page with
      // action=reset_password. The storefront is chosen by region (us, ca, eu_region_1)."
      const { customer } = await newCustomer();
      const response = await browser().post(
        '/api/customers/password-reset',
        { email: customer.email },
        { headers: { 'x-locale': locale } },
      );
      expect(response.statusCode).toBe(202);
      const mail = await latestMailTo(customer.email);
      const link = /http:\/\/\S+\?action=reset_password&token=[0-9a-f]{64}/.exec(mail!.text)?.[0];
      expect(new URL(link!).pathname).toBe(path);
    });

    it('writes the reset email in the shopper’s language, and the welcome email too', async () => {
      const email = uniqueEmail('lukas');
      const german = { headers: { 'x-locale': 'de-de' } };
      const created = await browser().post(
        '/api/customers/create',
        { email, password: PASSWORD, first_name: 'Lukas', last_name: 'Brandstätter' },
        german,
      );
      expect(created.statusCode).toBe(201);
      const welcome = await latestMailTo(email);
      expect(welcome).toMatchObject({ kind: 'account_created', subject: 'Willkommen bei Piste' });
      expect(welcome!.text).toContain('Hallo Lukas,');
      expect(welcome!.html).toContain('<html lang="de">');

      expect((await browser().post('/api/customers/password-reset', { email }, german)).statusCode).toBe(202);
      const reset = await latestMailTo(email);
      expect(reset).toMatchObject({ kind: 'password_reset', subject: 'Setze dein Piste-Passwort zurück' });
      expect(reset!.text).toContain('Der Link funktioniert einmal, 60 Minuten lang.');
      expect(reset!.text).toMatch(/\/de-de\/account\?action=reset_password&token=[0-9a-f]{64}/);
      expect(reset!.html).toContain('Neues Passwort wählen');
      expect(reset!.text).not.toContain('Reset your');
    });

    it('rehearses a reset for an unknown email: the same transaction as for an account, and nothing kept', async () => {
      const { customer } = await newCustomer();
      const unknown = uniqueEmail('nobody');
      const transactions = vi.spyOn(harness.database.db, 'transaction');
      try {
        const transactionsFor = async (email: string) => {
          transactions.mockClear();
          expect((await browser().post('/api/customers/password-reset', { email })).statusCode).toBe(202);
          await harness.app.services.backgroundWork.settled();
          return transactions.mock.calls.length;
        };
        expect(await transactionsFor(customer.email)).toBe(1);
        expect(await transactionsFor(unknown)).toBe(1);
      } finally {
        transactions.mockRestore();
      }
      expect(await latestMailTo(unknown)).toBeNull();
      expect((await latestMailTo(customer.email))!.kind).toBe('password_reset');
    });

    it('resets with the emailed token: signed in, old password refused, new one works, token single-use', async () => {
      const { customer } = await newCustomer();
      const elsewhere = browser();
      await elsewhere.signIn(customer.email, PASSWORD);
      await browser().post('/api/customers/password-reset', { email: customer.email });
      const token = await resetTokenOf(customer.email);
      const newPassword = 'a reset passphrase';

      const client = browser();
      const weak = await client.post('/api/customers/password-reset/confirm', { token, new_password: 'password123' });
      expect(expectError(weak, 400)).toContain('`new_password`');
      const reset = await client.post('/api/customers/password-reset/confirm', { token, new_password: newPassword });
      expect(reset.statusCode, reset.body).toBe(200);
      expect(reset.json().data).toMatchObject({ id: customer.id, email: customer.email });
      expect(client.session).toMatch(/^[\w-]{43}$/);
      expect((await client.get(`/api/customers/${customer.id}`)).statusCode).toBe(200);
      // Every other session ends.
      expectError(await elsewhere.get(`/api/customers/${customer.id}`), 401);
      expect((await browser().post('/api/customers/login', { email: customer.email, pw: PASSWORD })).statusCode).toBe(
        401,
      );
      expect(
        (await browser().post('/api/customers/login', { email: customer.email, pw: newPassword })).statusCode,
      ).toBe(200);
      const again = await browser().post('/api/customers/password-reset/confirm', {
        token,
        new_password: 'yet another passphrase',
      });
      expectError(again, 400, 'RESET_TOKEN_INVALID');
    });

    it('lets only the latest link work', async () => {
      const { customer } = await newCustomer();
      await browser().post('/api/customers/password-reset', { email: customer.email });
      const older = await resetTokenOf(customer.email);
      await browser().post('/api/customers/password-reset', { email: customer.email });
      const newer = await resetTokenOf(customer.email);
      expect(newer).not.toBe(older);
      const stale = await browser().post('/api/customers/password-reset/confirm', {
        token: older,
        new_password: 'a reset passphrase',
      });
      expectError(stale, 400, 'RESET_TOKEN_INVALID');
      const fresh = await browser().post('/api/customers/password-reset/confirm', {
        token: newer,
        new_password: 'a reset passphrase',
      });
      expect(fresh.statusCode).toBe(200);
    });

    /** A reset link asked for, then a profile change made; whether the link still sets a password. */
    async function linkSurvives(change: (customer: { id: number; email: string }) => Record<string, unknown>) {
      const { client, customer } = await newCustomer();
      await browser().post('/api/customers/password-reset', { email: customer.email });
      const token = await resetTokenOf(customer.email);
      const changed = await client.put(`/api/customers/${customer.id}`, change(customer));
      expect(changed.statusCode, changed.body).toBe(200);
      const used = await browser().post('/api/customers/password-reset/confirm', {
        token,
        new_password: 'an attacker passphrase',
      });
      if (used.statusCode === 200) return true;
      expectError(used, 400, 'RESET_TOKEN_INVALID');
      return false;
    }

    it('ends every outstanding reset link when the password changes in the profile', async () => {
      expect(await linkSurvives(() => ({ new_password: 'a changed passphrase', current_password: PASSWORD }))).toBe(
        false,
      );
    });

    it('ends every outstanding reset link when the email changes in the profile', async () => {
      expect(await linkSurvives(() => ({ email: uniqueEmail('moved'), current_password: PASSWORD }))).toBe(false);
    });

    it('keeps the reset link through a change of name, or of the email to itself', async () => {
      expect(await linkSurvives(() => ({ first_name: 'Renamed' }))).toBe(true);
      expect(
        await linkSurvives((customer) => ({ email: customer.email.toUpperCase(), current_password: PASSWORD })),
      ).toBe(true);
    });

    it('leaves one working link when resets are asked for at once', async () => {
      const { customer } = await newCustomer();
      const answers = await Promise.all(
        [1, 2, 3].map(() => browser().post('/api/customers/password-reset', { email: customer.email })),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual([202, 202, 202]);
      await resetTokenOf(customer.email);
      const [pending] = await queryRows<{ count: number }>(
        harness.database.db,
        sql`select count(*)::int as count from password_resets where customer_id = ${customer.id} and used_at is null`,
      );
      expect(pending!.count).toBe(1);
    });

    it.each([
      ['a short token', 'abc', 'INVALID_PARAMETER'],
      ['a token with a slash', `${'a'.repeat(42)}/`, 'INVALID_PARAMETER'],
      ['a well-formed token nobody was sent', 'a'.repeat(64), 'RESET_TOKEN_INVALID'],
    ])('refuses %s with a 400', async (_name, token, code) => {
      const response = await browser().post('/api/customers/password-reset/confirm', {
        token,
        new_password: 'a reset passphrase',
      });
      expectError(response, 400, code);
      expect(response.cookies.find((cookie) => cookie.name === 'piste_session')).toBeUndefined();
    });

    it('refuses an invalid email with 400, and limits requests per account', async () => {
      expectError(await browser().post('/api/customers/password-reset', { email: 'nope' }), 400, 'INVALID_PARAMETER');
      const email = uniqueEmail('limited');
      for (let attempt = 0; attempt < 3; attempt++) {
        expect((await browser().post('/api/customers/password-reset', { email })).statusCode).toBe(202);
      }
      expectError(
        await browser().post('/api/customers/password-reset', { email: email.toUpperCase() }),
        429,
        'RATE_LIMITED',
      );
    });
  });

  describe('validate, validate-session and bclogin', () => {
    it('validates credentials without signing in', async () => {
      const client = browser();
      const valid = await client.post('/api/customers/validate', { customer: DEMO.shopper.email, pw: DEMO.shopper.pw });
      expect(valid.statusCode).toBe(200);
      expect(valid.json()).toEqual({ is_valid: true, customer_id: expect.any(Number) });
      expect(client.session).toBeUndefined();
      const wrong = await client.post('/api/customers/validate', { customer: DEMO.shopper.email, pw: 'not it at all' });
      expect(wrong.json()).toEqual({ is_valid: false, customer_id: null });
      const unknown = await client.post('/api/customers/validate', { customer: uniqueEmail(), pw: 'not it at all' });
      expect(unknown.json()).toEqual({ is_valid: false, customer_id: null });
      expectError(await client.post('/api/customers/validate', { email: DEMO.shopper.email, pw: 'x' }), 400);
    });

    it('counts failed validations against the account like failed sign-ins', async () => {
      const { customer } = await newCustomer();
      for (let attempt = 0; attempt < 5; attempt++) {
        const failed = await browser().post('/api/customers/validate', { customer: customer.email, pw: 'wrong guess' });
        expect(failed.json().is_valid).toBe(false);
      }
      expectError(await browser().post('/api/customers/validate', { customer: customer.email, pw: PASSWORD }), 429);
      expectError(await browser().post('/api/customers/login', { email: customer.email, pw: PASSWORD }), 429);
    });

    it('tells whether the session is signed in, and as whom', async () => {
      const client = browser();
      expect((await client.post('/api/customers/validate-session')).json()).toEqual({
        data: { is_valid: false, customer: null },
        meta: {},
      });
      await client.signIn(DEMO.shopper.email, DEMO.shopper.pw);
      expect((await client.post('/api/customers/validate-session')).json().data).toMatchObject({
        is_valid: true,
        customer: { email: DEMO.shopper.email },
      });
    });

    it('answers bclogin with a same-origin path only, for the signed-in customer only', async () => {
      const { client, customer } = await newCustomer();
      const other = await newCustomer();
      const ok = await client.post('/api/customers/bclogin', {
        id: customer.id,
        redirect: '/en-us/account?tab=orders',
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toEqual({ data: { redirect_url: '/en-us/account?tab=orders' }, meta: {} });
      expect((await client.post('/api/customers/bclogin', { id: customer.id })).json().data.redirect_url).toBe('/');
      for (const redirect of [
        'https://evil.example',
        '//evil.example',
        '/\\evil.example',
        '\\\\evil.example',
        'javascript:alert(1)',
        '/\t/evil.example',
        'evil.example',
        '',
      ]) {
        expectError(await client.post('/api/customers/bclogin', { id: customer.id, redirect }), 400);
      }
      expectError(
        await client.post('/api/customers/bclogin', { id: other.customer.id, redirect: '/' }),
        403,
        'NOT_ALLOWED',
      );
      expectError(await browser().post('/api/customers/bclogin', { id: customer.id, redirect: '/' }), 401);
    });
  });

  describe('customer groups', () => {
    it('lists the groups, filters the guest group, and reads one', async () => {
      const all = await browser().get('/api/customer_groups');
      expect(all.statusCode).toBe(200);
      const groups = all.json().data as { id: number; name: string }[];
      expect(groups.map((group) => [group.id, group.name])).toEqual([
        [1, 'Guests'],
        [2, 'Shoppers'],
        [3, 'Pro'],
        [4, 'Employees'],
      ]);
      const guests = (await browser().get('/api/customer_groups?is_group_for_guests=true')).json().data;
      expect(guests).toEqual([expect.objectContaining({ id: 1, is_group_for_guests: true, discount_rules: [] })]);
      const others = (await browser().get('/api/customer_groups?is_group_for_guests=false')).json().data;
      expect(others.map((group: { id: number }) => group.id)).toEqual([2, 3, 4]);
      const pro = await browser().get('/api/customer_groups/3');
      expect(pro.json().data).toMatchObject({
        id: 3,
        name: 'Pro',
        is_employee_group: false,
        discount_rules: [{ type: 'all', method: 'percent', amount: '30.0000' }],
      });
      expect((await browser().get('/api/customer_groups/4')).json().data.is_employee_group).toBe(true);
    });

    it('answers an unknown group with 404, and bad input with 400', async () => {
      expectError(await browser().get('/api/customer_groups/99'), 404, 'NOT_FOUND');
      expectError(await browser().get('/api/customer_groups/abc'), 400);
      expectError(await browser().get('/api/customer_groups?is_group_for_guests=yes'), 400);
      expectError(await browser().get('/api/customer_groups?limit=5'), 400);
    });
  });

  describe('hostile input is a 4xx, never a 5xx', () => {
    it.each([
      ['a huge email', { email: `${'a'.repeat(100_000)}@example.com`, pw: 'x' }],
      ['a huge password', { email: DEMO.shopper.email, pw: 'x'.repeat(100_000) }],
      ['a NUL byte in the email', { email: 'shopper@piste.test\u0000', pw: DEMO.shopper.pw }],
      ['a NUL byte in the password', { email: DEMO.shopper.email, pw: 'piste-demo\u0000-shopper' }],
      ['an array as email', { email: [DEMO.shopper.email], pw: DEMO.shopper.pw }],
      ['an object as password', { email: DEMO.shopper.email, pw: { $ne: '' } }],
    ])('login with %s', async (_name, payload) => {
      const response = await browser().post('/api/customers/login', payload);
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, response.body).toBeLessThan(500);
      expect(response.cookies.find((cookie) => cookie.name === 'piste_session')).toBeUndefined();
    });

    it.each([
      ['a JSON array', '[{"email":"shopper@piste.test","pw":"piste-demo-shopper"}]'],
      ['a JSON string', '"shopper@piste.test"'],
      ['null', 'null'],
      ['a number', '42'],
      ['broken JSON', '{"email":'],
      ['__proto__', '{"__proto__":{"isAdmin":true},"email":"shopper@piste.test","pw":"piste-demo-shopper"}'],
      ['constructor.prototype', '{"constructor":{"prototype":{"isAdmin":true}},"email":"a@b.co","pw":"x"}'],
      ['a body over 1 MB', JSON.stringify({ email: 'a@b.co', pw: 'x'.repeat(1_100_000) })],
    ])('non-object or poisoned bodies: %s', async (_name, body) => {
      for (const url of ['/api/customers/login', '/api/customers/create', '/api/customers/password-reset']) {
        const response = await browser().call('POST', url, {
          payload: body,
          headers: { 'content-type': 'application/json' },
        });
        expect(response.statusCode, `${url}: ${response.body}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(500);
      }
      expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    });

    it('path ids that are not ids', async () => {
      const { client, customer } = await newCustomer();
      for (const id of [
        '..%2F1',
        '..',
        '%2e%2e',
        '0',
        '-1',
        '1.5',
        '99999999999',
        'NaN',
        `${customer.id}%00`,
        '%00',
        'null',
      ]) {
        for (const [method, url] of [
          ['GET', `/api/customers/${id}`],
          ['PUT', `/api/customers/${id}`],
          ['GET', `/api/customers/${id}/addresses`],
          ['DELETE', `/api/customers/${customer.id}/addresses/${id}`],
          ['GET', `/api/customer_groups/${id}`],
          ['GET', `/api/pro/order_total?customer_id=${id}&brand_id=us`],
        ] as const) {
          const response = await client.call(method, url, method === 'PUT' ? { payload: { first_name: 'X' } } : {});
          expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeGreaterThanOrEqual(400);
          expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(500);
        }
      }
      expect((await client.get(`/api/customers/${customer.id}`)).json().data.first_name).toBe('Tessa');
    });

    it('odd queries', async () => {
      const { client, customer } = await newCustomer();
      for (const url of [
        `/api/customers/${customer.id}?__proto__=1`,
        `/api/customers/${customer.id}?constructor=1`,
        '/api/customers?email:in=' + encodeURIComponent('a'.repeat(3000)),
        '/api/customers?email:in=',
        '/api/customers',
        '/api/customers?email:in=a&email:in=b',
        '/api/pro/order_total?customer_id=1&brand_id=mars',
        '/api/pro/order_total?customer_id=1&brand_id=us&brand_id=ca',
      ]) {
        const response = await client.get(url);
        expect(response.statusCode, `${url}: ${response.body}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(500);
      }
    });

    it('a profile of control characters, huge strings and wrong types', async () => {
      const { client, customer } = await newCustomer();
      for (const payload of [
        { first_name: 'x'.repeat(81) },
        { first_name: 'Tessa\u0000' },
        { phone: '\u001b[31m' },
        { accepts_marketing: 'yes' },
        { first_name: ['Tessa'] },
        { email: 'tessa@example.com\r\nBcc: all@example.com', current_password: PASSWORD },
      ]) {
        const response = await client.put(`/api/customers/${customer.id}`, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      }
      expect((await client.get(`/api/customers/${customer.id}`)).json().data).toMatchObject({
        first_name: 'Tessa',
        email: customer.email,
      });
    });
  });
});
