import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createBigCommerceFake,
  FAKE_ACCESS_TOKEN,
  FAKE_STORE_HASH,
  fakeStoreEnvironment,
  type BigCommerceFake,
} from '@piste/bigcommerce-fake';
import { runSeeds } from '@piste/db';
import { testDatabaseKinds, type TestDatabase } from '@piste/db/testing';
import { seedSteps } from '../seed/steps';
import { buildTestApp } from '../../test/support/app-harness';
import { TestBrowser } from '../../test/support/test-browser';

/**
 * The shop on BigCommerce (COMMERCE_PROVIDER=bigcommerce) while the store does not answer: every
 * call to the stand-in answers 503, so a page or an API call that needs commerce answers the
 * friendly 503 with Retry-After (spec §8), never a 500. The stand-in keeps failing whatever the
 * provider's parts become, so this stays true once they are finished.
 */
let fake: BigCommerceFake;
let testDatabase: TestDatabase;
let app: Awaited<ReturnType<typeof buildTestApp>>;

beforeAll(async () => {
  fake = createBigCommerceFake({ storeHash: FAKE_STORE_HASH, accessToken: FAKE_ACCESS_TOKEN });
  const fakeUrl = await fake.app.listen({ port: 0, host: '127.0.0.1' });
  // BigCommerce's own answer to an outage: 503 with no body worth reading (every path, every time).
  fake.faults.add({ path: /./, status: 503, times: Number.POSITIVE_INFINITY });
  testDatabase = await testDatabaseKinds()[0]!.create();
  await runSeeds(testDatabase.database.db, seedSteps('bigcommerce'));
  app = await buildTestApp(testDatabase.database, { ...fakeStoreEnvironment(fakeUrl), BIGCOMMERCE_TIMEOUT_MS: '2000' });
}, 240_000);

afterAll(async () => {
  await app?.close();
  await testDatabase?.dispose();
  await fake?.app.close();
});

const headingOf = (body: string) => /<h1[^>]*>(.*?)<\/h1>/s.exec(body)?.[1]?.replace(/<[^>]+>/g, '') ?? '';

describe('the shop while BigCommerce does not answer', () => {
  it('answers a product page with the friendly 503 page', async () => {
    const answer = await app.inject({ method: 'GET', url: '/en-us/p/summit-pro-binding' });
    expect(answer.statusCode, answer.body.slice(0, 300)).toBe(503);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['retry-after']).toBe('30');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(headingOf(answer.body)).not.toBe('');
    expect(answer.body).not.toMatch(/BigCommerce|stack|Internal/);
  });

  it('answers an /api catalogue call 503 JSON with Retry-After', async () => {
    const answer = await app.inject({ method: 'GET', url: '/api/products/100' });
    expect(answer.statusCode, answer.body).toBe(503);
    expect(answer.headers['retry-after']).toBe('5');
    expect(answer.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
  });

  it('refuses our own checkout calls, whatever the store says: BigCommerce’s checkout takes orders', async () => {
    const cartId = '3f0c6a0e-7d1b-4c55-9a4e-2b8f8f2f6b1a';
    const answer = await new TestBrowser(app).post(`/api/cart/${cartId}/checkout/quote`, { country_iso2: 'US' });
    expect(answer.statusCode, answer.body).toBe(409);
    expect(answer.json()).toEqual({
      error: { code: 'HOSTED_CHECKOUT', message: expect.stringContaining('hosted platform') },
    });
  });
});
