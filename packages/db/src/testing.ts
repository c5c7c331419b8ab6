import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
  /**
   * A fresh copy of a snapshot the test run's global set-up took (`takeTestDatabaseSnapshots`),
   * or null when the run took none by that name (a test started some other way).
   */
  copyOf(snapshot: string): Promise<TestDatabase | null>;
}

/**
 * Integration tests run on in-memory PGlite always, and on the Postgres at
 * `TEST_DATABASE_URL` when it is set. Each test database is a new Postgres database,
 * so parallel runs never collide; a set but unreachable server fails the test.
 */
export function testDatabaseKinds(): TestDatabaseKind[] {
  const kinds: TestDatabaseKind[] = [
    {
      name: 'pglite',
      create: async () => (await copyOfPgliteSnapshot(MIGRATED)) ?? createPgliteTestDatabase(),
      copyOf: copyOfPgliteSnapshot,
    },
  ];
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    kinds.push({
      name: 'postgres',
      create: async () => (await copyOfPostgresSnapshot(url, MIGRATED)) ?? createPostgresTestDatabase(url),
      copyOf: (snapshot) => copyOfPostgresSnapshot(url, snapshot),
    });
  }
  return kinds;
}

async function createPgliteTestDatabase(): Promise<TestDatabase> {
  const database = openDatabase({ kind: 'pglite' });
  await migrateDatabase(database);
  return { database, dispose: () => database.close() };
}

async function createPostgresTestDatabase(serverUrl: string, template?: string): Promise<TestDatabase> {
  const name = `piste_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (admin) =>
    admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`),
  );
  const database = openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, name), poolSize: 4 });
  if (!template) await migrateDatabase(database);
  return {
    database,
    dispose: async () => {
      await database.close();
      await dropDatabase(serverUrl, name);
    },
  };
}

/**
 * Snapshots. A fresh PGlite spends 3–4 s of CPU in `initdb` and the migrations, and the demo
 * shop's seeds take another second or two on either database; hundreds of test databases a run
 * made that most of the unit suite's time. So a run's global set-up builds each state once and
 * every test starts from a copy: PGlite loads a dumped data directory (about 1 s), Postgres
 * copies a template database. The run's set-up hands the places to the test workers through
 * the environment, which they inherit.
 */
const SNAPSHOTS_ENV = 'PISTE_TEST_DATABASE_SNAPSHOTS';
/** The snapshot every run takes first: the schema, no rows. */
const MIGRATED = 'migrated';
/** The demo data `npm start` loads (the server's `seedSteps()`), which the test run's set-up takes. */
export const DEMO_SHOP_SNAPSHOT = 'demo-shop';

interface SnapshotPlaces {
  /** Snapshot name → file holding PGlite's dumped data directory. */
  pglite: Record<string, string>;
  /** Snapshot name → template database on the `TEST_DATABASE_URL` server. */
  postgres: Record<string, string>;
}

function snapshotPlaces(): SnapshotPlaces | null {
  const json = process.env[SNAPSHOTS_ENV];
  return json ? (JSON.parse(json) as SnapshotPlaces) : null;
}

/** Each dump read once per worker: the files a worker runs share this module, and a Blob is immutable. */
const dumpsRead = new Map<string, Blob>();

async function copyOfPgliteSnapshot(snapshot: string): Promise<TestDatabase | null> {
  const file = snapshotPlaces()?.pglite[snapshot];
  if (!file) return null;
  let dump = dumpsRead.get(file);
  if (!dump) {
    dump = new Blob([readFileSync(file)]);
    dumpsRead.set(file, dump);
  }
  const database = openDatabase({ kind: 'pglite', startFrom: dump });
  return { database, dispose: () => database.close() };
}

async function copyOfPostgresSnapshot(serverUrl: string, snapshot: string): Promise<TestDatabase | null> {
  const template = snapshotPlaces()?.postgres[snapshot];
  return template ? createPostgresTestDatabase(serverUrl, template) : null;
}

export interface SnapshotStep {
  name: string;
  /** What this state adds to the one before it (the first step builds on the migrated schema). */
  apply(database: Database): Promise<void>;
}

/**
 * For a test run's global set-up: takes the migrated snapshot and then one per step, each step
 * building on the state before it, on PGlite and (when `TEST_DATABASE_URL` is set) Postgres.
 * Resolves to the teardown that deletes them and puts back the snapshots named before.
 */
export async function takeTestDatabaseSnapshots(steps: readonly SnapshotStep[]): Promise<() => Promise<void>> {
  const folder = mkdtempSync(join(tmpdir(), 'piste-test-snapshots-'));
  const places: SnapshotPlaces = { pglite: {}, postgres: {} };
  const serverUrl = process.env.TEST_DATABASE_URL;
  const teardown = async () => {
    rmSync(folder, { recursive: true, force: true });
    if (serverUrl) for (const template of Object.values(places.postgres)) await dropDatabase(serverUrl, template);
  };
  try {
    const pglite = await createPgliteTestDatabase();
    try {
      const dump = async (name: string) => {
        const file = join(folder, `${name}.tar`);
        const data = await (pglite.database as Extract<Database, { kind: 'pglite' }>).client.dumpDataDir('none');
        writeFileSync(file, Buffer.from(await data.arrayBuffer()));
        places.pglite[name] = file;
      };
      await dump(MIGRATED);
      for (const step of steps) {
        await step.apply(pglite.database);
        await dump(step.name);
      }
    } finally {
      await pglite.dispose();
    }
    if (serverUrl) await takePostgresSnapshots(serverUrl, steps, places.postgres);
  } catch (error) {
    await teardown();
    throw error;
  }
  const before = process.env[SNAPSHOTS_ENV];
  process.env[SNAPSHOTS_ENV] = JSON.stringify(places);
  return async () => {
    if (before === undefined) delete process.env[SNAPSHOTS_ENV];
    else process.env[SNAPSHOTS_ENV] = before;
    await teardown();
  };
}

/** Builds the states in one working database and copies it as a template after each. */
async function takePostgresSnapshots(
  serverUrl: string,
  steps: readonly SnapshotStep[],
  templates: Record<string, string>,
) {
  const run = randomBytes(4).toString('hex');
  const working = `piste_snapshot_${run}_working`;
  await withAdminClient(serverUrl, (admin) => admin.query(`create database ${working}`));
  try {
    // A template cannot be copied while a connection is open on it: each state's pool closes first.
    const inWorking = async (work: (database: Database) => Promise<void>) => {
      const database = openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, working), poolSize: 4 });
      try {
        await work(database);
      } finally {
        await database.close();
      }
    };
    const copy = async (name: string) => {
      const template = `piste_snapshot_${run}_${name.replace(/\W/g, '_')}`;
      await withAdminClient(serverUrl, (admin) => admin.query(`create database ${template} template ${working}`));
      templates[name] = template;
    };
    await inWorking(migrateDatabase);
    await copy(MIGRATED);
    for (const step of steps) {
      await inWorking(step.apply);
      await copy(step.name);
    }
  } finally {
    await dropDatabase(serverUrl, working);
  }
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function dropDatabase(serverUrl: string, name: string) {
  return withAdminClient(serverUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
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
