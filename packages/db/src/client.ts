import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
/**
 * The Drizzle handle every domain service receives; the same type on PGlite and on Postgres.
 * Domains own their tables and query them with the query builder, so the handle carries no
 * schema and the database package depends on no domain.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

export type DatabaseTarget =
  /** Postgres server reached with `pg`. */
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** PGlite in-process; `dataDir` persists to disk, omitted means in memory (tests). */
  | { kind: 'pglite'; dataDir?: string };

interface DatabaseHandle {
  readonly db: Db;
  /** Runs `select 1`; rejects when the database cannot answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type Database =
  | (DatabaseHandle & { readonly kind: 'postgres'; readonly pool: pg.Pool })
  | (DatabaseHandle & { readonly kind: 'pglite'; readonly client: PGlite });

export function openDatabase(target: DatabaseTarget): Database {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
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
      close: () => pool.end(),
    };
  }
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  const client = new PGlite(target.dataDir);
  const db = drizzlePglite({ client }) as unknown as Db;
  return {
    kind: 'pglite',
    client,
    db,
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}
