import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@piste/db/testing';
import { signedInStaff } from '../../test/support/admin-harness';
import { createSeededApiApp } from '../../test/support/app-harness';

/** Past Postgres's integer: once a 500 (the admin fuzz's counterexample), now refused at the field. */
const TOO_LARGE = '2147483648';

describe.each(testDatabaseKinds())('admin ids past the integer range on $name', (kind) => {
  let shop: Awaited<ReturnType<typeof createSeededApiApp>>;
  beforeAll(async () => {
    shop = await createSeededApiApp(kind);
  });
  afterAll(() => shop.close());

  it.each([
    `/admin/api/staff/${TOO_LARGE}`,
    `/admin/api/products/${TOO_LARGE}`,
    `/admin/api/customers/${TOO_LARGE}`,
    `/admin/api/audit?staffId=${TOO_LARGE}`,
    `/admin/api/customers?page=${TOO_LARGE}`,
    `/admin/api/promotions/${TOO_LARGE}`,
  ])('answers %s with a 4xx, never a 500', async (url) => {
    const owner = await signedInStaff(shop.app, shop.database, 'owner');
    const response = await owner.call('GET', url);
    expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
    expect(response.statusCode, response.body).toBeLessThan(500);
  });
});
