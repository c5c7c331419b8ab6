import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  SEARCH_CHANGES_CHANNEL,
  notifySearchChange,
  parseSearchChange,
  searchChangePayloads,
  type SearchChange,
} from './change-notifications';
import { listenToChannel, type ChannelHandlers, type ChannelListener } from './channel-listener';
import { openDatabase } from './client';
import { queryRows } from './query-rows';
import { testDatabaseKinds, type TestDatabase } from './testing';

/** How long a notification may take to arrive (polled), reconnecting included. */
const SOON = { timeout: 5_000 };

describe('search change payloads', () => {
  it('splits long id lists into payloads Postgres accepts, and reads them back', () => {
    const ids = Array.from({ length: 1_234 }, (_, index) => 1_000_000_000 + index);
    const payloads = searchChangePayloads({ products: [...ids, ids[0]!], content: true });
    expect(payloads).toHaveLength(4);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(8_000);
    const changes = payloads.map(parseSearchChange);
    expect(changes[0]).toEqual({ content: true });
    expect(changes.slice(1).flatMap((change) => change?.products ?? [])).toEqual(ids);
  });

  it('ignores payloads it did not write', () => {
    for (const payload of ['', 'rebuild', '[]', '{"products":["1"]}', '{"content":"yes"}']) {
      expect(parseSearchChange(payload)).toBeNull();
    }
    expect(parseSearchChange('{"rebuild":true}')).toEqual({ rebuild: true });
  });
});

describe.each(testDatabaseKinds())('search change notifications on $name', (kind) => {
  let testDatabase: TestDatabase;
  const cleanups: Array<() => Promise<void>> = [];
  beforeAll(async () => {
    testDatabase = await kind.create();
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  afterAll(() => testDatabase?.dispose());

  async function listen(database = testDatabase.database) {
    const received: SearchChange[] = [];
    const handlers: ChannelHandlers = {
      onPayload: (payload) => received.push(parseSearchChange(payload)!),
      onResumed: vi.fn(),
      onConnectionError: vi.fn(),
    };
    const listener: ChannelListener = await listenToChannel(database, SEARCH_CHANGES_CHANNEL, handlers);
    cleanups.push(() => listener.close());
    return { received, handlers };
  }

  it('delivers a change when the writer’s transaction commits, and never after a rollback', async () => {
    const { received } = await listen();
    const { db } = testDatabase.database;
    await db
      .transaction(async (tx) => {
        await notifySearchChange(tx, { products: [7] });
        throw new Error('rolled back');
      })
      .catch(() => {});
    await db.transaction(async (tx) => {
      await notifySearchChange(tx, { products: [1, 2] });
      await tx.execute(sql`select 1`);
      expect(received).toEqual([]);
    });
    await vi.waitFor(() => expect(received).toEqual([{ products: [1, 2] }]), SOON);
  });

  it.runIf(kind.name === 'postgres')(
    'reaches a listener of another connection pool, and listens again after its connection is lost',
    async () => {
      const { received, handlers } = await listen();
      const url = new URL(process.env.TEST_DATABASE_URL!);
      const [{ name }] = (await queryRows<{ name: string }>(
        testDatabase.database.db,
        sql`select current_database() as name`,
      )) as [{ name: string }];
      url.pathname = `/${name}`;
      const writer = openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
      cleanups.push(() => writer.close());

      await notifySearchChange(writer.db, { content: true });
      await vi.waitFor(() => expect(received).toEqual([{ content: true }]), SOON);

      await writer.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and query like 'listen %'`,
      );
      await vi.waitFor(() => expect(handlers.onResumed).toHaveBeenCalledOnce(), SOON);
      expect(handlers.onConnectionError).toHaveBeenCalled();
      await notifySearchChange(writer.db, { rebuild: true });
      await vi.waitFor(() => expect(received).toEqual([{ content: true }, { rebuild: true }]), SOON);
    },
  );
});
