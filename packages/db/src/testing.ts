import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from './client';
import { migrateDatabase } from './migrate';

export interface TestDatabase {
  database: Database;
  dispose(): Promise<void>;
}

export interface TestDatabaseKind {
  name: 'pglite' | 'postgres';
  /** A fresh, migrated database that no other test sees. */
  create(): Promise<TestDatabase>;
}

/**
 * Integration tests run on in-memory PGlite always, and on the Postgres at
 * `TEST_DATABASE_URL` when it is set. Each test database is a new Postgres database,
 * so parallel runs never collide; a set but unreachable server fails the test.
 */
export function testDatabaseKinds(): TestDatabaseKind[] {
  const kinds: TestDatabaseKind[] = [{ name: 'pglite', create: createPgliteTestDatabase }];
  const url = process.env.TEST_DATABASE_URL;
  if (url) kinds.push({ name: 'postgres', create: () => createPostgresTestDatabase(url) });
  return kinds;
}

async function createPgliteTestDatabase(): Promise<TestDatabase> {
  const database = openDatabase({ kind: 'pglite' });
  await migrateDatabase(database);
  return { database, dispose: () => database.close() };
}

async function createPostgresTestDatabase(serverUrl: string): Promise<TestDatabase> {
  const name = `piste_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (admin) => admin.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
  await migrateDatabase(database);
  return {
    database,
    dispose: async () => {
      await database.close();
      await withAdminClient(serverUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}

async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
