import {
  createContentClient,
  createContentStore,
  createDeliveryApi,
  createDeliveryTransport,
  type ContentClient,
  type ContentLogger,
} from '@piste/content/server';
import { TEST_KEYS } from '@piste/content/testing';
import { runSeeds, type Db, type SeedStep } from '@piste/db';
import { DEMO_SHOP_SNAPSHOT, type TestDatabase, type TestDatabaseKind } from '@piste/db/testing';

/** Test support for the indexing tests: the demo data and the embedded content service over it. */

/**
 * The demo seed is composed in the server package (catalogue, then content built from it),
 * which depends on this one: a static import would make the TypeScript projects circular, so
 * the tests load it at run time.
 */
const DEMO_SEED_STEPS = new URL('../../server/src/seed/steps.ts', import.meta.url).href;

/** A fresh database of the kind holding the demo data `npm start` loads. */
export async function createDemoDatabase(kind: TestDatabaseKind): Promise<TestDatabase> {
  const copy = await kind.copyOf(DEMO_SHOP_SNAPSHOT);
  if (copy) return copy;
  const { seedSteps } = (await import(DEMO_SEED_STEPS)) as { seedSteps(): SeedStep[] };
  const testDatabase = await kind.create();
  try {
    await runSeeds(testDatabase.database.db, seedSteps());
  } catch (error) {
    await testDatabase.dispose();
    throw error;
  }
  return testDatabase;
}

export const CONTENT_KEYS = TEST_KEYS;

const failLoudly: ContentLogger = {
  warn: (message, details) => {
    throw new Error(`${message}: ${String(details)}`);
  },
  error: (message, details) => {
    throw new Error(`${message}: ${String(details)}`);
  },
};

/** The content client pages read with, calling the embedded delivery API in-process (as services.ts does). */
export function createDemoContentClient(db: Db): ContentClient {
  const store = createContentStore(db, { environment: CONTENT_KEYS.environment });
  const deliveryApi = createDeliveryApi({ store, keys: CONTENT_KEYS });
  const transport = createDeliveryTransport({
    baseUrl: 'http://content.embedded/v3',
    apiKey: CONTENT_KEYS.apiKey,
    deliveryToken: CONTENT_KEYS.deliveryToken,
    environment: CONTENT_KEYS.environment,
    logger: failLoudly,
    fetch: (input, init) => deliveryApi.handle(new Request(input, init)),
  });
  return createContentClient({ transport, logger: failLoudly });
}
