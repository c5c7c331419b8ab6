import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from './client';
import { queryRows } from './query-rows';

const url = process.env.TEST_DATABASE_URL;
const QUERY_TIMEOUT_MS = 300;

/** The socket under a pg client: pausing it is a network that stops delivering (pg keeps it private). */
const socketOf = (client: pg.PoolClient) => (client as unknown as { connection: { stream: Socket } }).connection.stream;

/** Whether a query runs outside any transaction: in one, `now()` is the transaction's start. */
async function runsOutsideTransaction(database: Database): Promise<boolean> {
  const [row] = await queryRows<{ outside: boolean }>(
    database.db,
    sql`select now() = statement_timestamp() as outside`,
  );
  return row!.outside;
}

describe.runIf(url)('query timeouts on Postgres', () => {
  let database: Extract<Database, { kind: 'postgres' }>;
  /** One connection: a slot the pool lost, or a connection handed back in a bad state, shows at once. */
  function open() {
    const opened = openDatabase({ kind: 'postgres', url: url!, poolSize: 1, queryTimeoutMs: QUERY_TIMEOUT_MS });
    if (opened.kind !== 'postgres') throw new Error('expected a Postgres pool');
    database = opened;
  }
  afterEach(async () => {
    vi.useRealTimers();
    await database.close();
  });

  /** After a query got no answer, the next one fails at once, until the clock is moved past 5 s. */
  async function expectFailingFast() {
    const started = performance.now();
    await expect(database.db.execute(sql`select 1`)).rejects.toMatchObject({
      cause: { message: 'Query read timeout' },
    });
    expect(performance.now() - started).toBeLessThan(QUERY_TIMEOUT_MS);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 5_000);
  }

  it('has the server cancel a statement past its time, and notes when', async () => {
    open();
    expect(database.lastQueryTimeoutAt()).toBeNull();
    const started = Date.now();
    await expect(database.db.execute(sql`select pg_sleep(5)`)).rejects.toMatchObject({
      cause: { code: '57014' },
    });
    expect(Date.now() - started).toBeLessThan(QUERY_TIMEOUT_MS + 1_000);
    expect(database.lastQueryTimeoutAt()).toBeGreaterThanOrEqual(started);
    // The server answered: no reason to fail fast.
    await expect(database.ping()).resolves.toBeUndefined();
  });

  it('gives back the connection of a transaction whose BEGIN got no answer, and fails fast meanwhile', async () => {
    open();
    const client = await database.pool.connect();
    socketOf(client).pause();
    client.release();
    await expect(database.db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toMatchObject({
      cause: { message: 'Query read timeout' },
    });
    expect(database.lastQueryTimeoutAt()).not.toBeNull();
    await expectFailingFast();
    // The pool's one slot is free again (drizzle-team/drizzle-orm#6114 would keep it).
    expect(await runsOutsideTransaction(database)).toBe(true);
  });

  it('never hands the next query a connection whose transaction is still open', async () => {
    open();
    const started = performance.now();
    await expect(
      database.db.transaction(async (tx) => {
        // The server would cancel it; here it keeps running while the client stops waiting.
        await tx.execute(sql`set local statement_timeout = 0`);
        await tx.execute(sql`select pg_sleep(3)`);
      }),
    ).rejects.toThrow();
    await expectFailingFast();
    // A fresh connection, outside the abandoned transaction, and without waiting for its sleep.
    expect(await runsOutsideTransaction(database)).toBe(true);
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('closes a checked-out client whose connection fails, without an uncaught error', async () => {
    open();
    const client = await database.pool.connect();
    socketOf(client).destroy(new Error('read ECONNRESET'));
    await expect(client.query('select 1')).rejects.toThrow();
    expect(await runsOutsideTransaction(database)).toBe(true);
  });
});
