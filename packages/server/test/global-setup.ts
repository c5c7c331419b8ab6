import { runSeeds } from '@piste/db';
import { DEMO_SHOP_SNAPSHOT, takeTestDatabaseSnapshots } from '@piste/db/testing';
import { seedSteps } from '../src/seed/steps';

/**
 * Vitest's global set-up: the database states tests start from, built once a run rather than
 * once a test (`takeTestDatabaseSnapshots`): the migrated schema, and the demo shop.
 */
export default function setup() {
  return takeTestDatabaseSnapshots([
    { name: DEMO_SHOP_SNAPSHOT, apply: async (database) => void (await runSeeds(database.db, seedSteps())) },
  ]);
}
