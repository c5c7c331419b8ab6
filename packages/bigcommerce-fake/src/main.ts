import { createBigCommerceFake } from './fake-server';

/**
 * Runs the fake on a port, for the BigCommerce e2e journeys (playwright.config.ts): the store
 * hash and token are the ones the shop under test is started with.
 */
const port = Number(process.env.BIGCOMMERCE_FAKE_PORT ?? 3100);
const fake = createBigCommerceFake({
  storeHash: process.env.BIGCOMMERCE_STORE_HASH ?? 'pistefake',
  accessToken: process.env.BIGCOMMERCE_ACCESS_TOKEN ?? 'fake-access-token',
  storefrontUrl: process.env.BIGCOMMERCE_STOREFRONT_URL ?? `http://127.0.0.1:${port}`,
  // The journeys make many calls in a burst; BigCommerce's Enterprise plan allows 450 per second.
  rateLimit: { quota: 450, windowMs: 1_000 },
});
await fake.app.listen({ port, host: '127.0.0.1' });
console.log(`BigCommerce fake listening on http://127.0.0.1:${port}`);
