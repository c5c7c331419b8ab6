import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commerceSchema } from '@piste/commerce/server';
import { testDatabaseKinds } from '@piste/db/testing';
import { signedInStaff } from '../../test/support/admin-harness';
import { createSeededApiApp } from '../../test/support/app-harness';

const { categories, promotions } = commerceSchema;

interface Promotion {
  id: number;
  name: string;
  code: string | null;
  status: string;
  version: number;
  enabled: boolean;
  timesUsed: number;
  targetName: string | null;
}

describe.each(testDatabaseKinds())('back-office promotions on $name', (kind) => {
  let shop: Awaited<ReturnType<typeof createSeededApiApp>>;
  let merchandiser: Awaited<ReturnType<typeof signedInStaff>>;
  let support: Awaited<ReturnType<typeof signedInStaff>>;

  beforeAll(async () => {
    shop = await createSeededApiApp(kind);
    merchandiser = await signedInStaff(shop.app, shop.database, 'merchandiser');
    support = await signedInStaff(shop.app, shop.database, 'support');
    // Seeding the demo shop is slow on a busy machine.
  }, 180_000);
  afterAll(() => shop.close());

  const uniqueCode = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

  async function create(overrides: Record<string, unknown> = {}): Promise<Promotion> {
    const response = await merchandiser.call('POST', '/admin/api/promotions', {
      payload: { name: 'Ten off', code: uniqueCode('TEN'), kind: 'percent_off', percentOff: 10, ...overrides },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().promotion as Promotion;
  }

  const fieldsOf = async (payload: Record<string, unknown>) => {
    const response = await merchandiser.call('POST', '/admin/api/promotions', { payload });
    expect(response.statusCode, response.body).toBe(400);
    return response.json().error.fields as Record<string, string>;
  };

  it('creates a coupon code that is then listed, found by search and filtered by status', async () => {
    const code = uniqueCode('Spring');
    const created = await create({
      name: 'Spring tune-up',
      code: `  ${code}  `,
      kind: 'amount_off',
      percentOff: null,
      amountOffMinor: 1500,
      currencyCode: 'usd',
      regions: ['us', 'pro'],
      usageLimit: 100,
      perCustomerLimit: 1,
      startsAt: '2026-01-01',
      endsAt: '2036-12-31',
    });
    expect(created).toMatchObject({ code, status: 'active', version: 1, enabled: true, timesUsed: 0 });
    expect(created).toMatchObject({ currencyCode: 'USD', regions: ['us', 'pro'], endsAt: '2036-12-31T23:59:59.999Z' });

    const found = await support.call('GET', `/admin/api/promotions?q=${encodeURIComponent(code.toLowerCase())}`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toMatchObject({ total: 1, promotions: [{ id: created.id, name: 'Spring tune-up' }] });

    const scheduled = await create({ name: 'Next winter', startsAt: '2035-11-01' });
    const expired = await create({ name: 'Last winter', startsAt: '2020-11-01', endsAt: '2021-03-31' });
    const statusOf = async (status: string) =>
      (await support.call('GET', `/admin/api/promotions?status=${status}&pageSize=100`))
        .json()
        .promotions.map((promotion: Promotion) => promotion.id);
    expect(await statusOf('scheduled')).toContain(scheduled.id);
    expect(await statusOf('expired')).toContain(expired.id);
    expect(await statusOf('active')).not.toContain(scheduled.id);

    const byName = (await support.call('GET', '/admin/api/promotions?sort=name&order=asc&pageSize=100')).json();
    const names = byName.promotions.map((promotion: Promotion) => promotion.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    const firstPage = (await support.call('GET', '/admin/api/promotions?pageSize=1&page=1')).json();
    const secondPage = (await support.call('GET', '/admin/api/promotions?pageSize=1&page=2')).json();
    expect(firstPage.promotions).toHaveLength(1);
    expect(secondPage.promotions[0].id).not.toBe(firstPage.promotions[0].id);
  });

  it('refuses each field that breaks a rule with a message at that field', async () => {
    expect(await fieldsOf({ name: '', code: 'has space', kind: 'half_off' })).toEqual({
      name: 'Enter a name staff will recognise.',
      code: 'A coupon code is letters, digits, dashes and underscores.',
      kind: 'Choose percent off, amount off or free shipping.',
    });
    expect(
      Object.keys(await fieldsOf({ name: 'Long', code: 'A'.repeat(65), kind: 'percent_off', percentOff: 101 })),
    ).toEqual(['code', 'percentOff']);
    expect(await fieldsOf({ name: 'No percentage', code: null, kind: 'percent_off' })).toEqual({
      percentOff: 'Enter the percentage off, from 1 to 100.',
    });
    expect(await fieldsOf({ name: 'No amount', code: null, kind: 'amount_off' })).toEqual({
      amountOffMinor: 'Enter the amount off, above 0.',
      currencyCode: 'Choose the currency of the amount off.',
    });
    expect(
      Object.keys(await fieldsOf({ name: 'Zero', kind: 'amount_off', amountOffMinor: 0, currencyCode: 'USD' })),
    ).toEqual(['amountOffMinor']);
    expect(
      await fieldsOf({ name: 'Backwards', kind: 'free_shipping', startsAt: '2030-02-01', endsAt: '2030-01-31' }),
    ).toEqual({ endsAt: 'Choose an end after the start.' });
    expect(await fieldsOf({ name: 'No target', kind: 'percent_off', percentOff: 5, target: 'category' })).toEqual({
      targetId: 'Enter the category id it applies to.',
    });
    expect(
      Object.keys(
        await fieldsOf({ name: 'Huge limits', kind: 'free_shipping', usageLimit: 2_147_483_648, perCustomerLimit: 0 }),
      ).sort(),
    ).toEqual(['perCustomerLimit', 'usageLimit']);
    expect(Object.keys(await fieldsOf({ name: 'Bad region', kind: 'free_shipping', regions: ['mars'] }))).toEqual([
      'regions.0',
    ]);
  });

  it('refuses what names nothing in the shop: a target, a group or a currency', async () => {
    expect(
      await fieldsOf({
        name: 'Ghosts',
        kind: 'amount_off',
        amountOffMinor: 500,
        currencyCode: 'XYZ',
        target: 'product',
        targetId: 999_999,
        customerGroupIds: [999_998],
      }),
    ).toEqual({
      targetId: 'No product has the id 999999.',
      customerGroupIds: 'No customer group has the id 999998.',
      currencyCode: 'The shop has no currency XYZ.',
    });

    const [category] = await shop.database.db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .limit(1);
    const onCategory = await create({ name: 'Category sale', code: null, target: 'category', targetId: category!.id });
    expect(onCategory).toMatchObject({ code: null, targetName: category!.name });
  });

  it('keeps coupon codes unique whatever their case, also when editing', async () => {
    const code = uniqueCode('Unique');
    await create({ code });
    expect(await fieldsOf({ name: 'Copy', code: code.toLowerCase(), kind: 'percent_off', percentOff: 5 })).toEqual({
      code: `The code ${code.toLowerCase()} is already in use. Choose another.`,
    });

    const other = await create();
    const renamed = await merchandiser.call('PUT', `/admin/api/promotions/${other.id}`, {
      payload: { version: other.version, name: 'Other', code: code.toUpperCase(), kind: 'percent_off', percentOff: 5 },
    });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().error.fields).toEqual({
      code: `The code ${code.toUpperCase()} is already in use. Choose another.`,
    });

    // Its own code, in another case, is no clash.
    const recased = await merchandiser.call('PUT', `/admin/api/promotions/${other.id}`, {
      payload: {
        version: other.version,
        name: 'Other',
        code: other.code!.toLowerCase(),
        kind: 'percent_off',
        percentOff: 5,
      },
    });
    expect(recased.statusCode, recased.body).toBe(200);
  });

  it('lets only one of two staff racing for the same code have it', async () => {
    const code = uniqueCode('Race');
    const payload = { name: 'Race', code, kind: 'percent_off', percentOff: 5 };
    const answers = await Promise.all([
      merchandiser.call('POST', '/admin/api/promotions', { payload }),
      merchandiser.call('POST', '/admin/api/promotions', { payload: { ...payload, code: code.toLowerCase() } }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
    const refused = answers.find((answer) => answer.statusCode === 400)!;
    expect(Object.keys(refused.json().error.fields)).toEqual(['code']);
  });

  it('refuses a stale edit with 409 and the promotion as it is now, and audits each change before → after', async () => {
    const created = await create({ name: 'Audit me' });
    const edit = { name: 'Audit me twice', code: created.code, kind: 'percent_off', percentOff: 20 };
    const saved = await merchandiser.call('PUT', `/admin/api/promotions/${created.id}`, {
      payload: { ...edit, version: created.version },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().promotion).toMatchObject({ name: 'Audit me twice', percentOff: 20, version: 2 });

    const stale = await merchandiser.call('PUT', `/admin/api/promotions/${created.id}`, {
      payload: { ...edit, percentOff: 30, version: created.version },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({ code: 'VERSION_CONFLICT', current: { percentOff: 20, version: 2 } });

    const disabled = await merchandiser.call('POST', `/admin/api/promotions/${created.id}/disable`, {
      payload: { version: 2 },
    });
    expect(disabled.json().promotion).toMatchObject({ enabled: false, status: 'disabled', version: 3 });

    const audit = await merchandiser.call('GET', `/admin/api/audit?entityType=promotion&entityId=${created.id}`);
    const entries = audit.json().entries as { action: string; before: Promotion | null; after: Promotion | null }[];
    expect(entries.map((entry) => entry.action)).toEqual(['promotion.disable', 'promotion.update', 'promotion.create']);
    expect(entries[1]).toMatchObject({
      before: { name: 'Audit me', percentOff: 10 },
      after: { name: 'Audit me twice', percentOff: 20 },
    });
    expect(entries[0]).toMatchObject({ before: { enabled: true }, after: { enabled: false } });
  });

  it('deletes a promotion never redeemed, and disables one that was instead', async () => {
    const unused = await create();
    const gone = await merchandiser.call('DELETE', `/admin/api/promotions/${unused.id}?version=${unused.version}`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json()).toEqual({ deleted: true, promotion: null });
    expect((await support.call('GET', `/admin/api/promotions/${unused.id}`)).statusCode).toBe(404);

    const used = await create({ usageLimit: 10 });
    // An order redeemed it (what the order's transaction does; commerce promotions).
    await shop.database.db.update(promotions).set({ timesUsed: 3 }).where(eq(promotions.id, used.id));
    const kept = await merchandiser.call('DELETE', `/admin/api/promotions/${used.id}?version=${used.version}`);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ deleted: false, promotion: { id: used.id, enabled: false, timesUsed: 3 } });

    const belowUses = await merchandiser.call('PUT', `/admin/api/promotions/${used.id}`, {
      payload: {
        version: kept.json().promotion.version,
        name: 'Used',
        code: used.code,
        kind: 'percent_off',
        percentOff: 10,
        usageLimit: 2,
      },
    });
    expect(belowUses.statusCode).toBe(400);
    expect(belowUses.json().error.fields).toEqual({
      usageLimit: 'It has been used 3 times already: allow at least that many.',
    });
  });

  it('lets support read promotions but not change them', async () => {
    const created = await create();
    expect((await support.call('GET', `/admin/api/promotions/${created.id}`)).statusCode).toBe(200);
    expect((await support.call('GET', '/admin/api/promotions/choices')).json()).toMatchObject({
      regions: expect.arrayContaining(['us', 'eu_region_1']),
      currencies: expect.arrayContaining([expect.objectContaining({ code: 'USD' })]),
    });
    const refused = await support.call('POST', `/admin/api/promotions/${created.id}/disable`, {
      payload: { version: 1 },
    });
    expect(refused.statusCode).toBe(403);
  });

  it.each([
    '/admin/api/promotions/2147483648',
    '/admin/api/promotions/0',
    '/admin/api/promotions/twelve',
    '/admin/api/promotions?page=2147483648',
    '/admin/api/promotions?status=finished',
  ])('answers GET %s with a 4xx, never a 500', async (url) => {
    const response = await support.call('GET', url);
    expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
    expect(response.statusCode, response.body).toBeLessThan(500);
  });
});
