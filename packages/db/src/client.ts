import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { claimDataDir } from './pglite-lock';

/**
 * PGlite's own start parameters, with a smaller buffer pool than Postgres's 128 MB default: the
 * pool lives in the process's WebAssembly memory, which never shrinks, and the embedded shop's
 * database is a few tens of MB, read through the OS page cache past the pool. 32 MB keeps the
 * demo catalogue's hot pages while the server's resident memory stays well under issue 29's
 * 450 MiB (docs/performance.md 'Memory at rest').
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { GuardedPool } from './guarded-pool';
/**
 * The Drizzle handle every domain service receives; the same type on PGlite and on Postgres.
 * Domains own their tables and query them with the query builder, so the handle carries no
 * schema and the database package depends on no domain.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

export type DatabaseTarget =
  /**
   * Postgres server reached with `pg`. `queryTimeoutMs` bounds every statement (the server
   * cancels it) and every wait for an answer (a second more, for a silent network); unset, a
   * query may run as long as it takes: migrations, seeding, tests.
   */
  | { kind: 'postgres'; url: string; poolSize?: number; queryTimeoutMs?: number }
  /**
   * PGlite in-process; `dataDir` persists to disk, omitted means in memory (tests). `startFrom`
   * is a data directory `dumpDataDir` wrote, to begin with instead of an empty one (tests).
   */
  | { kind: 'pglite'; dataDir?: string; startFrom?: Blob };

interface DatabaseHandle {
  readonly db: Db;
  /** Runs `select 1`; rejects when the database cannot answer. */
  ping(): Promise<void>;
  /** When a query last ran out of time (`Date.now()`), null if none has: the database is overloaded or out of reach. */
  lastQueryTimeoutAt(): number | null;
  close(): Promise<void>;
}

export type Database =
  | (DatabaseHandle & { readonly kind: 'postgres'; readonly pool: pg.Pool })
  | (DatabaseHandle & { readonly kind: 'pglite'; readonly client: PGlite });

/** How much longer than the server's statement timeout the client waits for an answer. */
const CLIENT_TIMEOUT_MARGIN_MS = 1_000;

export function openDatabase(target: DatabaseTarget): Database {
  if (target.kind === 'postgres') {
    const pool = new GuardedPool({
      connectionString: target.url,
      max: target.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
      // The server cancels a statement past its time (a lock wait, an overloaded server) and
      // answers with an error; the client gives up a little later only when no answer comes at
      // all (the server or the network went silent).
      ...(target.queryTimeoutMs
        ? { statement_timeout: target.queryTimeoutMs, query_timeout: target.queryTimeoutMs + CLIENT_TIMEOUT_MARGIN_MS }
        : {}),
      // TCP keep-alive probes a connection after 10 s of silence, so one whose peer is gone
      // (LISTEN's included) fails and is replaced, after the system's probes (Linux: nine, 75 s
      // apart), instead of being held for ever.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      // NOTE: the shop runs short queries; JIT compilation (triggered by cost estimates,
      // e.g. on a table not yet analyzed) costs hundreds of milliseconds and never pays off.
      options: '-c jit=off',
    });
    // NOTE: an idle client losing its connection emits 'error' on the pool; unhandled it would crash the process.
    pool.on('error', () => {});
    const db = drizzlePg({ client: pool }) as unknown as Db;
    return {
      kind: 'postgres',
      pool,
      db,
      ping: async () => {
        await pool.query('select 1');
      },
      lastQueryTimeoutAt: () => pool.lastQueryTimeoutAt,
      close: () => pool.end(),
    };
  }
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  const release = target.dataDir ? claimDataDir(target.dataDir) : () => {};
  // One options object: PGlite reads its second argument only when the first is a path.
  const client = new PGlite({
    dataDir: target.dataDir,
    startParams: PGLITE_START_PARAMS,
    loadDataDir: target.startFrom,
  });
  const db = drizzlePglite({ client }) as unknown as Db;
  return {
    kind: 'pglite',
    client,
    db,
    ping: async () => {
      await client.query('select 1');
    },
    // In-process: a query never waits on a network, and none is cut short.
    lastQueryTimeoutAt: () => null,
    close: async () => {
      await client.close();
      release();
    },
  };
}
