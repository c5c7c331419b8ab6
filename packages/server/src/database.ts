import { join } from 'node:path';
import { migrateDatabase, openDatabase, runSeeds, type Database, type DatabaseTarget } from '@piste/db';
import type { Config } from './config';
import { resolveFromRoot } from './paths';
import { seedSteps } from './seed/steps';

export function databaseTargetFor(config: Config): DatabaseTarget {
  return config.DATABASE_URL
    ? { kind: 'postgres', url: config.DATABASE_URL }
    : { kind: 'pglite', dataDir: join(resolveFromRoot(config.DATA_DIR), 'pglite') };
}

/** Opens the configured database, applies pending migrations and, when asked, loads the demo data. */
export async function prepareDatabase(config: Config, log: (message: string) => void): Promise<Database> {
  const database = openDatabase(databaseTargetFor(config));
  try {
    await migrateDatabase(database);
    if (config.SEED_ON_START) {
      const report = await runSeeds(database.db, seedSteps());
      if (report.applied.length > 0) log(`Loaded seed data: ${report.applied.join(', ')}`);
    }
    return database;
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
}
