import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueSeed, loadSeedCatalogue } from '@piste/commerce/server';
import { CONTENT_SEED_DIR, createContentStore } from '@piste/content/server';
import { queryRows, runSeeds, type Database, type SeedStep } from '@piste/db';
import { testDatabaseKinds } from '@piste/db/testing';
import { buildApp } from '../app';
import { testConfig } from '../../test/support/app-harness';
import { checkOut, DEMO, TestBrowser } from '../../test/support/test-browser';
import { createDemoContentSeed } from './content-seed';
import { seedSteps } from './steps';

/** The first demo product (summit-pro-binding, id 100) and its Stealth Black / S variant. */
const PRODUCT_ID = 100;
const VARIANT_ID = 100_001;
const ALERT = { contentTypeUid: 'top_alert', uid: 'alert-us-free-shipping' };

let editedContentDir: string;

beforeAll(() => {
  editedContentDir = mkdtempSync(join(tmpdir(), 'piste-seed-edit-'));
  cpSync(CONTENT_SEED_DIR, editedContentDir, { recursive: true });
});
afterAll(() => rmSync(editedContentDir, { recursive: true, force: true }));

/**
 * The demo seed after someone edited its files: the first product's stock and US price, the
 * US free-shipping alert's message, and (as any edit does) every step's version.
 */
function editedSeedSteps(): SeedStep[] {
  const catalogue = loadSeedCatalogue();
  const product = catalogue.products[0]!;
  product.stock += 5;
  product.stock_overrides = Object.fromEntries(
    Object.entries(product.stock_overrides).map(([variant, stock]) => [variant, stock + 5]),
  );
  product.prices.USD.price += 1_000;

  const alertsFile = join(editedContentDir, 'entries', `${ALERT.contentTypeUid}.json`);
  const alerts = JSON.parse(readFileSync(alertsFile, 'utf8')) as Array<{ uid: string; message: string }>;
  alerts.find((alert) => alert.uid === ALERT.uid)!.message = '<p>Seed edit: free shipping over $80</p>';
  writeFileSync(alertsFile, JSON.stringify(alerts));

  return seedSteps().map((step) => {
    if (step.name === 'demo-catalogue') return createCatalogueSeed({ ...catalogue, version: 'edited' });
    if (step.name === 'demo-content') {
      return createDemoContentSeed({ contentDir: pathToFileURL(`${editedContentDir}/`) });
    }
    return { ...step, version: `${step.version}-edited` };
  });
}

async function startApp(database: Database) {
  const app = await buildApp({ config: testConfig(), database });
  await app.ready();
  return app;
}

async function variantAsShown(app: Awaited<ReturnType<typeof startApp>>) {
  const response = await app.inject({ url: `/api/products/${PRODUCT_ID}?include=variants` });
  expect(response.statusCode, response.body).toBe(200);
  const variants = response.json().data.variants as Array<{ id: number; inventory_level: number; price: number }>;
  return variants.find((variant) => variant.id === VARIANT_ID)!;
}

describe.each(testDatabaseKinds())('start-up seeding on $name', (kind) => {
  it('keeps a sale and the merchant’s edits when the seed files changed since the demo data was loaded', async () => {
    const { database, dispose } = await kind.create();
    let app: Awaited<ReturnType<typeof startApp>> | undefined;
    try {
      // First start: an empty shop gets the demo data.
      const first = await runSeeds(database.db, seedSteps());
      expect(first.applied).toHaveLength(seedSteps().length);
      app = await startApp(database);
      const seeded = await variantAsShown(app);

      // A shopper buys one; the merchant changes a price, an alert, a customer group and an account.
      const { response } = await checkOut(new TestBrowser(app), [
        { product_id: PRODUCT_ID, variant_id: VARIANT_ID, quantity: 1 },
      ]);
      expect(response.statusCode, response.body).toBe(201);
      const orderId = response.json().data.id as number;
      await database.db.execute(
        sql`update variant_prices set price = 39995 where variant_id = ${VARIANT_ID} and region_id = 'us'`,
      );
      await database.db.execute(sql`update customer_groups set name = 'Trade customers' where id = 3`);
      await database.db.execute(sql`update customers set first_name = 'Renamed' where email = ${DEMO.shopper.email}`);
      const merchantAlert = '<p>Free shipping this weekend only</p>';
      const store = createContentStore(database.db, { environment: 'test' });
      const [alert] = await store.getEntries(ALERT.contentTypeUid, [ALERT.uid], { locale: 'en-us', fallback: false });
      const { uid: _uid, locale: _locale, ...document } = alert as Record<string, unknown>;
      await store.publish({
        entries: [{ ...ALERT, locale: 'en-us', document: { ...document, message: merchantAlert } }],
      });
      await app.close();

      // The seed files change, and the server starts again with SEED_ON_START.
      const second = await runSeeds(database.db, editedSeedSteps());
      app = await startApp(database);

      expect.soft(await variantAsShown(app)).toMatchObject({
        inventory_level: seeded.inventory_level - 1,
        price: 399.95,
      });
      const orders = await queryRows<{ id: number }>(database.db, sql`select id from orders where id = ${orderId}`);
      expect.soft(orders).toHaveLength(1);
      const [group] = await queryRows<{ name: string }>(
        database.db,
        sql`select name from customer_groups where id = 3`,
      );
      expect.soft(group!.name).toBe('Trade customers');
      const [shopper] = await queryRows<{ first_name: string }>(
        database.db,
        sql`select first_name from customers where email = ${DEMO.shopper.email}`,
      );
      expect.soft(shopper!.first_name).toBe('Renamed');
      const [alertNow] = await createContentStore(database.db, { environment: 'test' }).getEntries(
        ALERT.contentTypeUid,
        [ALERT.uid],
        { locale: 'en-us', fallback: false },
      );
      expect.soft(alertNow).toMatchObject({ message: merchantAlert });
      expect(second.applied).toEqual([]);
    } finally {
      await app?.close();
      await dispose();
    }
    // Two seedings of the whole demo shop.
  }, 120_000);
});
