import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContentStore, createDeliveryApi } from '@piste/content/server';
import { startHostedProviderStandIn, type HostedProviderStandIn } from '../../test/reliability/provider-faults';
import { createSeededPagesApp } from '../../test/support/app-harness';

/**
 * While the content service does not answer, spec §8 reads its failures as empty, so a
 * product it could not read looked missing and its page answered 404, which makes crawlers drop
 * it. Such a page answers the 503 "back in a moment" page instead, as during a database outage.
 */
let harness: Awaited<ReturnType<typeof createSeededPagesApp>>;
let content: HostedProviderStandIn;

beforeAll(async () => {
  // A hosted content service on loopback serving the embedded delivery API over the app's database.
  let delivery: ReturnType<typeof createDeliveryApi> | null = null;
  content = await startHostedProviderStandIn((request) =>
    delivery ? delivery.handle(request) : Promise.resolve(new Response(null, { status: 503 })),
  );
  // The page cache is turned on (a hosted stack's default is off), so the test also shows it
  // keeps none of these answers.
  harness = await createSeededPagesApp({
    CONTENT_BASE_URL: `${content.url}/v3`,
    CONTENT_CACHE_TTL_SECONDS: '0',
    PAGE_CACHE_TTL_SECONDS: '10',
  });
  const keys = harness.app.services.content.keys;
  delivery = createDeliveryApi({ store: createContentStore(harness.database.db, keys), keys });
});

afterAll(async () => {
  await harness?.close();
  await content?.close();
});

const get = (url: string) => harness.app.inject({ method: 'GET', url });
const headingOf = (body: string) => /<h1[^>]*>(.*?)<\/h1>/s.exec(body)?.[1]?.replace(/<[^>]+>/g, '') ?? '';

async function expectOutagePage(path: string, heading: string) {
  const answer = await get(path);
  expect(answer.statusCode, `${path}: ${answer.body.slice(0, 200)}`).toBe(503);
  expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(answer.headers['retry-after']).toBe('30');
  expect(answer.headers['cache-control']).toBe('no-store');
  expect(headingOf(answer.body)).toBe(heading);
  expect(answer.body).not.toMatch(/Service Unavailable|ContentServiceError|stack/);
}

describe('pages while the content service fails', () => {
  it('answers a known product 200 and an unknown one 404 while content is healthy', async () => {
    content.fault = 'healthy';
    expect((await get('/en-us/p/summit-pro-binding')).statusCode).toBe(200);
    const unknown = await get('/en-us/p/no-such-product');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['retry-after']).toBeUndefined();
  });

  it('answers product and editorial pages it cannot read 503 in their language, and keeps none of it', async () => {
    content.fault = 'failing';
    // Fresh paths: the page cache still holds what rendered 200 before the failure, as it should.
    await expectOutagePage('/de-de/p/summit-pro-binding', 'Gleich wieder da');
    await expectOutagePage('/fr-fr/p/summit-pro-binding', 'De retour dans un instant');
    await expectOutagePage('/en-us/support/returns', 'Back in a moment');
    // While the service does not answer, the shop cannot tell an unknown product from a known one.
    await expectOutagePage('/en-us/p/no-such-product', 'Back in a moment');
    // A page whose content is only partly missing still renders (spec §8).
    expect((await get('/en-us/c/bindings')).statusCode).toBe(200);

    content.fault = 'healthy';
    // Nothing of the outage was kept: the same pages answer as before.
    expect((await get('/de-de/p/summit-pro-binding')).statusCode).toBe(200);
    expect((await get('/en-us/support/returns')).statusCode).toBe(200);
    expect((await get('/en-us/p/no-such-product')).statusCode).toBe(404);
  });

  it('answers 503 while the content service is unreachable, and 404 for an unknown product once it is back', async () => {
    content.fault = 'unreachable';
    await expectOutagePage('/it-it/p/summit-pro-binding', 'Torniamo subito');
    await expectOutagePage('/es-es/p/no-such-product', 'Volvemos enseguida');
    content.fault = 'healthy';
    // The client skips a service that did not answer for 5 s (failFastMs), then reads it again.
    await new Promise((resolve) => setTimeout(resolve, 5_100));
    expect((await get('/it-it/p/summit-pro-binding')).statusCode).toBe(200);
    expect((await get('/es-es/p/no-such-product')).statusCode).toBe(404);
  }, 20_000);
});
