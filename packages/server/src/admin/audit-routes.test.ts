import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@piste/db/testing';
import { signedInStaff, STAFF_PASSWORD } from '../../test/support/admin-harness';
import { createSeededApiApp } from '../../test/support/app-harness';
import type { TestBrowser } from '../../test/support/test-browser';

/** Seeding a demo shop takes a while on a busy machine. */
const SEEDING_TIMEOUT_MS = 240_000;

interface Entry {
  id: number;
  at: string;
  staffId: number | null;
  actor: string;
  action: string;
  entityType: string;
  entityId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

describe.each(testDatabaseKinds())('the audit log on $name', (kind) => {
  let shop: Awaited<ReturnType<typeof createSeededApiApp>>;
  let owner: TestBrowser & { staffId: number; email: string };
  let otherOwner: TestBrowser & { staffId: number };
  const created: number[] = [];

  beforeAll(async () => {
    shop = await createSeededApiApp(kind);
    owner = await signedInStaff(shop.app, shop.database, 'owner');
    otherOwner = await signedInStaff(shop.app, shop.database, 'owner');
    for (const [index, by] of [owner, owner, otherOwner].entries()) {
      const response = await by.call('POST', '/admin/api/staff', {
        payload: {
          email: `audited-${index}-${Date.now()}@staff.piste.test`,
          name: `Audited ${index}`,
          role: 'support',
          password: STAFF_PASSWORD,
        },
      });
      created.push(response.json().staff.id);
    }
    await owner.call('PATCH', `/admin/api/staff/${created[0]}`, { payload: { version: 1, role: 'merchandiser' } });
  }, SEEDING_TIMEOUT_MS);
  afterAll(() => shop?.close());

  const read = async (browser: TestBrowser, query: string) => {
    const response = await browser.call('GET', `/admin/api/audit${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { entries: Entry[]; nextBefore: number | null };
  };

  it('shows who changed what, before and after, newest first', async () => {
    const { entries } = await read(owner, `?entityType=staff&entityId=${created[0]}`);
    expect(entries.map((entry) => entry.action)).toEqual(['staff.update', 'staff.create']);
    expect(entries[0]).toMatchObject({
      actor: owner.email,
      staffId: owner.staffId,
      before: { role: 'support', version: 1 },
      after: { role: 'merchandiser', version: 2 },
    });
    expect(Date.parse(entries[0]!.at)).toBeGreaterThanOrEqual(Date.parse(entries[1]!.at));
  });

  it('filters by staff member, action and date range', async () => {
    const byOther = await read(owner, `?staffId=${otherOwner.staffId}`);
    expect(byOther.entries.map((entry) => entry.entityId)).toEqual([String(created[2])]);

    const updates = await read(owner, '?action=staff.update');
    expect(updates.entries.every((entry) => entry.action === 'staff.update')).toBe(true);
    expect(updates.entries.map((entry) => entry.entityId)).toContain(String(created[0]));

    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();
    expect((await read(owner, `?from=${tomorrow}`)).entries).toEqual([]);
    const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString();
    expect(
      (await read(owner, `?from=${yesterday}&to=${tomorrow}&entityType=staff`)).entries.length,
    ).toBeGreaterThanOrEqual(4);

    const blanks = await read(owner, '?action=&staffId=&from=');
    expect(blanks.entries.length).toBeGreaterThanOrEqual(4);
  });

  it('pages through the log without repeating or skipping an entry', async () => {
    const all = (await read(owner, '?entityType=staff&limit=200')).entries.map((entry) => entry.id);
    const first = await read(owner, '?entityType=staff&limit=2');
    expect(first.entries.map((entry) => entry.id)).toEqual(all.slice(0, 2));
    expect(first.nextBefore).toBe(all[1]);
    const second = await read(owner, `?entityType=staff&limit=2&before=${first.nextBefore}`);
    expect(second.entries.map((entry) => entry.id)).toEqual(all.slice(2, 4));
    const last = await read(owner, `?entityType=staff&limit=200&before=${all[all.length - 2]}`);
    expect(last).toEqual({ entries: [expect.objectContaining({ id: all.at(-1) })], nextBefore: null });
  });

  it('lets merchandisers and support read it too', async () => {
    const support = await signedInStaff(shop.app, shop.database, 'support');
    expect((await read(support, '?limit=1')).entries).toHaveLength(1);
  });

  it('refuses a bad filter at its field', async () => {
    const cases: [string, string][] = [
      ['?limit=0', 'limit'],
      ['?limit=500', 'limit'],
      ['?from=yesterday-ish', 'from'],
      ['?staffId=abc', 'staffId'],
      ['?before=-3', 'before'],
      ['?from=2026-11-27&to=2026-11-01', 'to'],
    ];
    for (const [query, field] of cases) {
      const response = await owner.call('GET', `/admin/api/audit${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json().error.fields), query).toEqual([field]);
    }
  });
});
