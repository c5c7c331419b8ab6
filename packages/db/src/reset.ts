import { rmSync } from 'node:fs';
import type { DatabaseTarget } from './client';
import pg from 'pg';

/**
 * Deletes every table and the migration journal so the next start re-creates and re-seeds.
 * PGlite: removes its data directory. Postgres: drops and re-creates the `public` and `drizzle` schemas.
 */
export async function resetDatabase(target: DatabaseTarget): Promise<void> {
  if (target.kind === 'pglite') {
    if (target.dataDir) rmSync(target.dataDir, { recursive: true, force: true });
    return;
  }
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    await client.query('drop schema if exists drizzle cascade');
    await client.query('drop schema if exists public cascade');
    await client.query('create schema public');
  } finally {
    await client.end();
  }
}
