import { FAKE_ACCESS_TOKEN, FAKE_STORE_HASH } from './demo-store';
import { createBigCommerceFake } from './fake-server';

/**
 * Runs the fake on a port, for the BigCommerce e2e journeys (playwright.config.ts); the shop
 * under test is started with `fakeStoreEnvironment` (demo-store.ts).
 */
const port = Number(process.env.BIGCOMMERCE_FAKE_PORT ?? 3100);
const fake = createBigCommerceFake({
  storeHash: FAKE_STORE_HASH,
  accessToken: FAKE_ACCESS_TOKEN,
  storefrontUrl: process.env.BIGCOMMERCE_STOREFRONT_URL ?? `http://127.0.0.1:${port}`,
  // The journeys make many calls in a burst; BigCommerce's Enterprise plan allows 450 per second.
  rateLimit: { quota: 450, windowMs: 1_000 },
});
await fake.app.listen({ port, host: '127.0.0.1' });
console.log(`BigCommerce fake listening on http://127.0.0.1:${port}`);
