import { join } from 'node:path';
import { migrateDatabase, openDatabase, runSeeds, type Database, type DatabaseTarget } from '@piste/db';
import type { Config } from './config';
import { DependencyUnreachableError } from './dependency-unreachable';
import { resolveFromRoot } from './paths';
import { seedSteps } from './seed/steps';

export function databaseTargetFor(config: Config): DatabaseTarget {
  return config.DATABASE_URL
    ? {
        kind: 'postgres',
        url: config.DATABASE_URL,
        queryTimeoutMs: config.DATABASE_QUERY_TIMEOUT_SECONDS * 1000,
      }
    : { kind: 'pglite', dataDir: join(resolveFromRoot(config.DATA_DIR), 'pglite') };
}

/**
 * Opens the configured database, applies pending migrations and, when asked, loads the demo data.
 * On Postgres with a query timeout, these run on a pool of their own without it: a migration
 * building an index over a large catalogue may rightly take longer than any query of the shop.
 */
export async function prepareDatabase(config: Config, log: (message: string) => void): Promise<Database> {
  const target = databaseTargetFor(config);
  const bounded = target.kind === 'postgres' && Boolean(target.queryTimeoutMs);
  const setup = openDatabase(target.kind === 'postgres' ? { ...target, queryTimeoutMs: undefined } : target);
  if (config.DATABASE_URL) {
    try {
      await setup.ping();
    } catch (error) {
      await setup.close().catch(() => {});
      throw new DependencyUnreachableError('the database', 'DATABASE_URL', config.DATABASE_URL, error);
    }
  }
  try {
    await migrateDatabase(setup);
    if (config.SEED_ON_START) {
      const report = await runSeeds(setup.db, seedSteps(config.COMMERCE_PROVIDER));
      if (report.applied.length > 0) log(`Loaded seed data: ${report.applied.join(', ')}`);
      if (report.outdated.length > 0) {
        log(
          `Seed files changed since the demo data was loaded (${report.outdated.join(', ')}); ` +
            'kept the shop as it is. `npm run db:reset` deletes all data and loads the demo data again.',
        );
      }
      if (report.refused.length > 0) {
        log(`Demo data not loaded over the shop's own data: ${report.refused.join(', ')}`);
      }
    }
  } catch (error) {
    await setup.close().catch(() => {});
    throw error;
  }
  if (!bounded) return setup;
  await setup.close();
  return openDatabase(target);
}
