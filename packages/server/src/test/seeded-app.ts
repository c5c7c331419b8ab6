import { createCatalogueSeed, referenceDataSeed } from '@piste/commerce';
import { runSeeds } from '@piste/db';
import type { TestDatabaseKind } from '@piste/db/testing';
import { buildApp } from '../app';
import { testConfig } from './app-harness';

/** The API (no pages) over a fresh database of the given kind, loaded with the demo catalogue. */
export async function createSeededApiApp(kind: TestDatabaseKind) {
  const testDatabase = await kind.create();
  await runSeeds(testDatabase.database.db, [referenceDataSeed, createCatalogueSeed()]);
  const app = await buildApp({ config: testConfig(), database: testDatabase.database });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await testDatabase.dispose();
    },
  };
}
