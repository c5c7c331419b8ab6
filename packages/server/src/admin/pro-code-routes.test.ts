import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@piste/db/testing';
import { signedInStaff } from '../../test/support/admin-harness';
import { createSeededApiApp } from '../../test/support/app-harness';
import { TestBrowser } from '../../test/support/test-browser';

const PASSWORD = 'a long enough passphrase';

describe.each(testDatabaseKinds())('back-office pro codes on $name', (kind) => {
  let shop: Awaited<ReturnType<typeof createSeededApiApp>>;
  let support: Awaited<ReturnType<typeof signedInStaff>>;

  beforeAll(async () => {
    shop = await createSeededApiApp(kind);
    support = await signedInStaff(shop.app, shop.database, 'support');
    // Seeding the demo shop is slow on a busy machine.
  }, 180_000);
  afterAll(() => shop.close());

  let codes = 0;
  /** A code of its own for each test, created through the API. */
  async function newCode(overrides: Record<string, unknown> = {}) {
    codes += 1;
    const code = `test-${codes}-${randomUUID().slice(0, 6)}`;
    const response = await support.call('POST', '/admin/api/pro-codes', {
      payload: { code, region: 'pro', customerGroupId: 3, proExpiresAt: '2031-12-31', ...overrides },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().proCode as { code: string; version: number; uses: number; state: string };
  }

  /** A new shop account made on the pro sign-up (`/api/customers/create` with a code). */
  const signUpWith = (code: string) =>
    new TestBrowser(shop.app).post('/api/customers/create', {
      email: `pro.${randomUUID().slice(0, 8)}@example.com`,
      password: PASSWORD,
      first_name: 'Jordan',
      last_name: 'Ellis',
      pro_code: code.toLowerCase(),
    });

  const codeView = async (code: string) => (await support.call('GET', `/admin/api/pro-codes/${code}`)).json().proCode;

  it('creates a code a new pro then signs up with, listed under who used it', async () => {
    const created = await newCode({ spendLimit: 1500, maxUses: 5 });
    expect(created).toMatchObject({ uses: 0, state: 'accepted', version: 1 });
    expect(created.code).toBe(created.code.toUpperCase());

    const signUp = await signUpWith(created.code);
    expect(signUp.statusCode, signUp.body).toBe(201);
    expect(signUp.json().data).toMatchObject({ is_pro: true, pro_region: 'pro' });

    const used = await support.call('GET', `/admin/api/pro-codes/${created.code}/customers`);
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json().customers).toEqual([
      expect.objectContaining({ id: signUp.json().data.id, email: signUp.json().data.email }),
    ]);
    const listed = (await support.call('GET', '/admin/api/pro-codes')).json().proCodes;
    expect(listed.find((code: { code: string }) => code.code === created.code)).toMatchObject({
      uses: 1,
      maxUses: 5,
      spendLimit: 1500,
      groupName: 'Pro',
    });
    expect(listed.find((code: { code: string }) => code.code === 'PRO-RETIRED')).toMatchObject({ state: 'closed' });
  });

  it('refuses a taken code, an unknown group and a bad region at their fields', async () => {
    const taken = await support.call('POST', '/admin/api/pro-codes', {
      payload: { code: 'pro-us-demo', region: 'pro', customerGroupId: 3, proExpiresAt: '2031-12-31' },
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().error.fields).toEqual({ code: 'The code PRO-US-DEMO already exists. Choose another.' });

    const noGroup = await support.call('POST', '/admin/api/pro-codes', {
      payload: { code: 'NEW-GROUPLESS', region: 'pro', customerGroupId: 999, proExpiresAt: '2031-12-31' },
    });
    expect(noGroup.json().error.fields).toEqual({ customerGroupId: 'Choose a customer group that exists.' });

    const malformed = await support.call('POST', '/admin/api/pro-codes', {
      payload: { code: 'has space', region: 'eu', customerGroupId: 3, proExpiresAt: 'soon', maxUses: 0 },
    });
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(malformed.json().error.fields).sort()).toEqual(['code', 'maxUses', 'proExpiresAt', 'region']);

    const past = await support.call('POST', '/admin/api/pro-codes', {
      payload: { code: 'NEW-PAST', region: 'pro', customerGroupId: 3, proExpiresAt: '2020-01-01' },
    });
    expect(past.json().error.fields).toEqual({ proExpiresAt: 'Choose a pro expiry in the future.' });
  });

  it('refuses a code once its uses reach the limit, saying so', async () => {
    const created = await newCode({ maxUses: 2 });
    expect((await signUpWith(created.code)).statusCode).toBe(201);
    expect((await signUpWith(created.code)).statusCode).toBe(201);
    const third = await signUpWith(created.code);
    expect(third.statusCode).toBe(400);
    expect(third.json().error).toMatchObject({ code: 'INVALID_PRO_CODE' });
    expect(third.json().error.message).toContain('used as many times as it allows');
    expect(await codeView(created.code)).toMatchObject({ uses: 2, state: 'closed' });

    // A signed-in customer joining at /pro/signup is refused the same way.
    const client = new TestBrowser(shop.app);
    const plain = await client.post('/api/customers/create', {
      email: `plain.${randomUUID().slice(0, 8)}@example.com`,
      password: PASSWORD,
      first_name: 'Sam',
      last_name: 'Rivers',
    });
    const joining = await client.put(`/api/customers/${plain.json().data.id}`, { pro_code: created.code });
    expect(joining.statusCode).toBe(400);
    expect(joining.json().error.code).toBe('INVALID_PRO_CODE');

    // Raising the limit lets the next one in.
    const raised = await support.call('PATCH', `/admin/api/pro-codes/${created.code}`, {
      payload: { version: 1, maxUses: 3 },
    });
    expect(raised.statusCode, raised.body).toBe(200);
    expect((await signUpWith(created.code)).statusCode).toBe(201);
  });

  it('lets only one of two sign-ups racing for the last use in', async () => {
    const created = await newCode({ maxUses: 1 });
    const answers = await Promise.all([signUpWith(created.code), signUpWith(created.code)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
    expect((await codeView(created.code)).uses).toBe(1);
  });

  it('expires a code now: new sign-ups are refused, its pros stay pros', async () => {
    const created = await newCode();
    const first = await signUpWith(created.code);
    const expired = await support.call('POST', `/admin/api/pro-codes/${created.code}/expire`, {
      payload: { version: created.version },
    });
    expect(expired.statusCode, expired.body).toBe(200);
    expect(expired.json().proCode).toMatchObject({ state: 'closed', version: created.version + 1 });
    expect(Date.parse(expired.json().proCode.validUntil)).toBeLessThanOrEqual(Date.now());

    const refused = await signUpWith(created.code);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('INVALID_PRO_CODE');

    const pro = new TestBrowser(shop.app);
    const me = await pro.signIn(first.json().data.email, PASSWORD);
    expect(me.is_pro).toBe(true);

    const again = await support.call('POST', `/admin/api/pro-codes/${created.code}/expire`, {
      payload: { version: created.version },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.current).toMatchObject({ code: created.code, version: created.version + 1 });
  });

  it('edits a code with its version; a new pro expiry moves the holders who still have the old one', async () => {
    const created = await newCode({ proExpiresAt: '2031-12-31' });
    const holder = await signUpWith(created.code);
    const edited = await support.call('PATCH', `/admin/api/pro-codes/${created.code}`, {
      payload: { version: created.version, proExpiresAt: '2032-06-30', spendLimit: 4000 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      holdersMoved: 1,
      proCode: { proExpiresAt: '2032-06-30T23:59:59.999Z', spendLimit: 4000, version: created.version + 1 },
    });
    const customer = await support.call('GET', `/admin/api/customers/${holder.json().data.id}`);
    expect(customer.json().customer.pro).toMatchObject({ expiresAt: '2032-06-30T23:59:59.999Z', spendLimit: 4000 });

    const stale = await support.call('PATCH', `/admin/api/pro-codes/${created.code}`, {
      payload: { version: created.version, spendLimit: 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.current).toMatchObject({ spendLimit: 4000 });

    const nothing = await support.call('PATCH', `/admin/api/pro-codes/${created.code}`, { payload: { version: 2 } });
    expect(nothing.statusCode).toBe(400);
    expect((await support.call('GET', '/admin/api/pro-codes/NO-SUCH-CODE')).statusCode).toBe(404);
  });

  it('describes the customer and pro-code routes in the OpenAPI document', async () => {
    const response = await shop.app.inject({ url: '/admin/api/openapi.json' });
    expect(response.statusCode, response.body).toBe(200);
    const paths = response.json().paths;
    expect(Object.keys(paths['/pro-codes/{code}'])).toEqual(expect.arrayContaining(['get', 'patch']));
    expect(paths['/pro-codes'].post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['code', 'region', 'customerGroupId', 'proExpiresAt']),
    );
    expect(paths['/customers/{id}/erase']).toHaveProperty('post');
  });

  it('keeps merchandisers out', async () => {
    const merchandiser = await signedInStaff(shop.app, shop.database, 'merchandiser');
    expect((await merchandiser.call('GET', '/admin/api/pro-codes')).statusCode).toBe(403);
  });
});
