import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client';
import { queryRows } from './query-rows';

export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

/** Arbitrary constant so that several instances starting together migrate one at a time. */
const MIGRATION_LOCK_KEY = 724_913_001;

/** Applies every pending migration. The same SQL files serve PGlite and Postgres. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    // PGlite is a single in-process connection: nothing else can race us.
    await migratePglite(drizzlePglite({ client: database.client }), { migrationsFolder });
    return;
  }
  const connection = await database.pool.connect();
  try {
    await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg({ client: connection }), { migrationsFolder });
  } finally {
    await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    connection.release();
  }
}

export interface MigrationStatus {
  expected: number;
  applied: number;
  upToDate: boolean;
}

/** Compares the migrations shipped with the code to those recorded in the database. */
export async function readMigrationStatus(database: Database): Promise<MigrationStatus> {
  const journal = JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as {
    entries: unknown[];
  };
  const expected = journal.entries.length;
  const [journalTable] = await queryRows<{ present: boolean }>(
    database.db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!journalTable?.present) return { expected, applied: 0, upToDate: expected === 0 };
  const [counted] = await queryRows<{ count: number }>(
    database.db,
    sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
  );
  const applied = Number(counted?.count ?? 0);
  return { expected, applied, upToDate: applied >= expected };
}
