import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds, type TestDatabase } from '@piste/db/testing';
import { buildApp } from './app';
import { testConfig } from '../test/support/app-harness';

describe.each(testDatabaseKinds())('server on $name', ({ create }) => {
  let testDatabase: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    testDatabase = await create();
    app = await buildApp({ config: testConfig(), database: testDatabase.database });
  });

  afterAll(async () => {
    await app.close();
    await testDatabase.dispose();
  });

  it('answers /healthz while the process is up', async () => {
    const response = await app.inject('/healthz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('is ready when the database answers, every migration is applied and the search index is built', async () => {
    // The index builds in the background after start-up: readiness follows it, as a load balancer would see.
    let response = await app.inject('/readyz');
    for (let attempt = 0; response.statusCode === 503 && attempt < 100; attempt += 1) {
      expect(response.json()).toEqual({ status: 'search-index-not-built' });
      await new Promise((resolve) => setTimeout(resolve, 200));
      response = await app.inject('/readyz');
    }
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ready', migrations: { upToDate: true } });
  });

  it('answers unknown API paths with a JSON 404 in the shared error shape', async () => {
    for (const url of ['/api/nothing-here', '/api', '/api/products/1/unknown?x=1']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json()).toEqual({
        error: { code: 'NOT_FOUND', message: expect.stringContaining('No API route') },
      });
    }
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/cart/create',
      headers: { 'content-type': 'application/json' },
      payload: '{"lineItems": [',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'INVALID_JSON', message: 'The request body is not valid JSON.' },
    });
  });

  it('refuses a body above the size limit with 413 in the error shape', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/cart/create',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ padding: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' },
    });
  });

  it('sends security headers on every response', async () => {
    const response = await app.inject('/healthz');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});

describe('readiness without a database', () => {
  it('reports 503 when the database stops answering', async () => {
    const [pglite] = testDatabaseKinds();
    const testDatabase = await pglite!.create();
    const app = await buildApp({ config: testConfig(), database: testDatabase.database });
    await testDatabase.database.close();
    const response = await app.inject('/readyz');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'database-unreachable' });
    await app.close();
  });
});
