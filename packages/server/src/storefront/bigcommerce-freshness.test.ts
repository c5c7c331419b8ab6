import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createBigCommerceFake,
  FAKE_ACCESS_TOKEN,
  FAKE_STORE_HASH,
  FAKE_WEBHOOK_SECRET,
  fakeStoreEnvironment,
  type BigCommerceFake,
} from '@piste/bigcommerce-fake';
import { runSeeds } from '@piste/db';
import { testDatabaseKinds, type TestDatabase } from '@piste/db/testing';
import { seedSteps } from '../seed/steps';
import { buildTestApp } from '../../test/support/app-harness';

/**
 * The shop on BigCommerce keeps catalogue answers for a while; the store's webhooks at `POST
 * /api/webhooks/bigcommerce` (docs/providers/bigcommerce.md 'Freshness: webhooks') make a change
 * show at once. A delivery without the shared secret changes nothing. The delivery's shape is
 * BigCommerce's (developer.bigcommerce.com/docs/integrations/webhooks#callback-payload).
 */
const PRODUCT_PATH = '/en-us/p/summit-pro-binding';

let fake: BigCommerceFake;
let testDatabase: TestDatabase;
let app: Awaited<ReturnType<typeof buildTestApp>>;
let productId: number;

beforeAll(async () => {
  fake = createBigCommerceFake({ storeHash: FAKE_STORE_HASH, accessToken: FAKE_ACCESS_TOKEN });
  const fakeUrl = await fake.app.listen({ port: 0, host: '127.0.0.1' });
  productId = fake.state.catalog.records.products.find((product) =>
    product.custom_url.url.includes('summit-pro-binding'),
  )!.id;
  testDatabase = await testDatabaseKinds()[0]!.create();
  await runSeeds(testDatabase.database.db, seedSteps('bigcommerce'));
  app = await buildTestApp(testDatabase.database, {
    ...fakeStoreEnvironment(fakeUrl),
    CATALOGUE_CACHE_TTL_SECONDS: '300',
    PAGE_CACHE_TTL_SECONDS: '300',
  });
}, 240_000);

afterAll(async () => {
  await app?.close();
  await testDatabase?.dispose();
  await fake?.app.close();
});

const delivery = (scope: string, id: number) => ({
  scope,
  store_id: '1025646',
  data: { type: 'product', id },
  hash: '352e4afc6dd3fc85ea26bfdf3f91852604d57528',
  created_at: Math.floor(Date.now() / 1000),
  producer: `stores/${FAKE_STORE_HASH}`,
});

const deliver = (body: unknown, secret = FAKE_WEBHOOK_SECRET) =>
  app.inject({
    method: 'POST',
    url: '/api/webhooks/bigcommerce',
    headers: { 'content-type': 'application/json', 'x-piste-webhook-secret': secret },
    payload: JSON.stringify(body),
  });

describe("BigCommerce's webhooks keep the shop fresh", () => {
  it('answers a product the store hid 410 Gone once the webhook arrives, and not before a forged one', async () => {
    expect((await app.inject({ method: 'GET', url: PRODUCT_PATH })).statusCode).toBe(200);

    fake.state.catalog.updateProduct(productId, { is_visible: false });
    // Kept answers still show it: nothing told this shop yet.
    expect((await app.inject({ method: 'GET', url: PRODUCT_PATH })).statusCode).toBe(200);

    const forged = await deliver(delivery('store/product/updated', productId), 'not-the-secret-0123456789abcdef');
    expect(forged.statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: PRODUCT_PATH })).statusCode).toBe(200);

    const delivered = await deliver(delivery('store/product/updated', productId));
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect((await app.inject({ method: 'GET', url: PRODUCT_PATH })).statusCode).toBe(410);
  });

  it('answers a body that is not a delivery 400, and a scope it does not follow 202', async () => {
    expect((await deliver({ scope: 'store/product/updated' })).statusCode).toBe(400);
    expect((await deliver(delivery('store/app/uninstalled', 1))).statusCode).toBe(202);
  });
});
