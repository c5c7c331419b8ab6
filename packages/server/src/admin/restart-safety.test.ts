import { describe, expect, it } from 'vitest';
import { runSeeds, type Database } from '@piste/db';
import { testDatabaseKinds } from '@piste/db/testing';
import { buildApp } from '../app';
import { seedSteps } from '../seed/steps';
import { signedInStaff } from '../../test/support/admin-harness';
import { testConfig } from '../../test/support/app-harness';

/** The first demo product (summit-pro-binding) and its Stealth Black / S variant. */
const PRODUCT_ID = 100;
const VARIANT_ID = 100_001;
const ALERT = { type: 'top_alert', uid: 'alert-us-free-shipping', locale: 'en-us' };

async function startApp(database: Database) {
  const app = await buildApp({ config: testConfig(), database });
  await app.ready();
  return app;
}

/** The demo seed after a deploy that changed every seed file: every step's version moved on. */
const changedSeedSteps = () => seedSteps().map((step) => ({ ...step, version: `${step.version}-deployed-again` }));

/**
 * Issue 27 'Data safety first': what a merchant does in the back office is the shop's data. A
 * restart, a deploy and a changed seed run the start-up seeding again; none of it may undo a
 * price, a stock count, a published entry or a pro code made through /admin/api.
 */
describe.each(testDatabaseKinds())('back-office changes across restarts on $name', (kind) => {
  it('keeps a price, a stock count, published content and a new pro code through a restart with a changed seed', async () => {
    const { database, dispose } = await kind.create();
    try {
      await runSeeds(database.db, seedSteps());
      const first = await startApp(database);
      const merchandiser = await signedInStaff(first, database, 'merchandiser');
      const support = await signedInStaff(first, database, 'support');

      const product = (await merchandiser.call('GET', `/admin/api/products/${PRODUCT_ID}`)).json();
      const priced = await merchandiser.call('PATCH', `/admin/api/products/${PRODUCT_ID}`, {
        payload: {
          version: product.version,
          variants: [
            { id: VARIANT_ID, prices: [{ regionId: 'us', price: 31_900, salePrice: 27_900, retailPrice: null }] },
          ],
        },
      });
      expect(priced.statusCode, priced.body).toBe(200);
      const stocked = await merchandiser.call('POST', `/admin/api/products/${PRODUCT_ID}/stock`, {
        payload: { variantId: VARIANT_ID, level: 0, reason: 'correction' },
      });
      expect(stocked.statusCode, stocked.body).toBe(200);

      const entryUrl = `/admin/api/content/entries/${ALERT.type}/${ALERT.uid}`;
      const entry = (await merchandiser.call('GET', `${entryUrl}?locale=${ALERT.locale}`)).json();
      const message = '<p>Merchant edit: free shipping over $60</p>';
      const draft = await merchandiser.call('PUT', `${entryUrl}/draft?locale=${ALERT.locale}`, {
        payload: { document: { ...entry.published.document, message } },
      });
      expect(draft.statusCode, draft.body).toBe(200);
      const published = await merchandiser.call('POST', `${entryUrl}/publish?locale=${ALERT.locale}`, {
        payload: { draftVersion: draft.json().version },
      });
      expect(published.statusCode, published.body).toBe(200);

      const code = await support.call('POST', '/admin/api/pro-codes', {
        payload: {
          code: 'PRO-US-RESTART',
          region: 'pro',
          customerGroupId: 3,
          proExpiresAt: '2027-12-31T00:00:00.000Z',
          maxUses: 5,
        },
      });
      expect(code.statusCode, code.body).toBeLessThan(300);
      await first.close();

      // A deploy with changed demo data: the start-up seeding runs again, then the shop starts.
      const report = await runSeeds(database.db, changedSeedSteps());
      expect(report.applied).toEqual([]);
      const second = await startApp(database);
      try {
        const shown = (await second.inject({ url: `/api/products/${PRODUCT_ID}?include=variants` })).json();
        const variant = shown.data.variants.find((v: { id: number }) => v.id === VARIANT_ID);
        expect(variant).toMatchObject({ price: 319, sale_price: 279, inventory_level: 0 });

        const again = await signedInStaff(second, database, 'support');
        const alert = (await again.call('GET', `${entryUrl}?locale=${ALERT.locale}`)).json();
        expect(alert.published.document.message).toBe(message);
        const codes = (await again.call('GET', '/admin/api/pro-codes')).json();
        expect(JSON.stringify(codes)).toContain('PRO-US-RESTART');
        const history = (await again.call('GET', `/admin/api/audit?entityType=product&entityId=${PRODUCT_ID}`)).json();
        expect(history.entries.length).toBeGreaterThanOrEqual(1);
      } finally {
        await second.close();
      }
    } finally {
      await dispose();
    }
  }, 240_000);
});
