import { ResponseCache } from '@piste/commerce/server';
import type { Db } from '@piste/db';
import {
  createBigCommerceFake,
  FAKE_ACCESS_TOKEN,
  FAKE_STORE_HASH,
  fakeStoreEnvironment,
  type BigCommerceFakeOptions,
  type FakeState,
} from '@piste/bigcommerce-fake';
import { createBigCommerceClient } from '../src/client/bigcommerce-client';
import type { BigCommerceProviderDeps } from '../src/provider/provider-deps';
import { readBigCommerceSettings } from '../src/settings';

/**
 * The provider's tests talk to the BigCommerce stand-in over real HTTP on loopback: one fake per
 * test file (or test), seeded from the demo data unless a state is given.
 */
export async function startFakeStore(
  options: { state?: FakeState; rateLimit?: BigCommerceFakeOptions['rateLimit']; timeoutMs?: number; db?: Db } = {},
) {
  const fake = createBigCommerceFake({
    storeHash: FAKE_STORE_HASH,
    accessToken: FAKE_ACCESS_TOKEN,
    state: options.state,
    rateLimit: options.rateLimit,
  });
  const address = await fake.app.listen({ port: 0, host: '127.0.0.1' });
  const environment = fakeStoreEnvironment(address);
  const settings = readBigCommerceSettings({
    ...environment,
    ...(options.timeoutMs ? { BIGCOMMERCE_TIMEOUT_MS: String(options.timeoutMs) } : {}),
  });
  const warnings: Array<{ message: string; details: unknown }> = [];
  const logger = { warn: (message: string, details?: unknown) => warnings.push({ message, details }) };
  const client = createBigCommerceClient({ ...settings, logger });
  const deps = (db: Db): BigCommerceProviderDeps => ({
    settings,
    client,
    imageUrl: (mediaId, size) => `https://media.test/i/piste/${encodeURIComponent(mediaId)}?size=${size}`,
    cache: new ResponseCache(),
    logger,
    publicUrl: 'https://shop.test',
    db,
  });
  return { fake, settings, client, warnings, environment, deps, close: () => fake.app.close() };
}
