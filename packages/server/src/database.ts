import { join } from 'node:path';
import { migrateDatabase, openDatabase, runSeeds, type Database, type DatabaseTarget } from '@piste/db';
import type { Config } from './config';
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

/** The configured database did not answer at start-up: the operator's setting, not a bug. */
export class DatabaseUnreachableError extends Error {}

/** `host:port` of a connection string: enough to find the setting, never its user or password. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'a malformed URL';
  }
}

/** Why a connection failed; Node's refusal of a dual-stack host is an AggregateError without a message. */
const reasonOf = (error: unknown) =>
  error instanceof Error ? error.message || (error as { code?: string }).code || error.name : String(error);

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
      throw new DatabaseUnreachableError(
        `the database of DATABASE_URL (${hostOf(config.DATABASE_URL)}) does not answer: ${reasonOf(error)}`,
      );
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
