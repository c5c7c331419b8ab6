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

  it('shares one LISTEN among the listeners of a process: each hears every change until it closes', async () => {
    const { db } = testDatabase.database;
    const first = await listen();
    const second = await listen();
    if (kind.name === 'postgres') {
      const [listening] = await queryRows<{ count: number }>(
        db,
        sql`select count(*)::int as count from pg_stat_activity
            where datname = current_database() and query like 'listen %'`,
      );
      expect(listening?.count).toBe(1);
    }
    await notifySearchChange(db, { products: [3] });
    await vi.waitFor(() => {
      expect(first.received).toEqual([{ products: [3] }]);
      expect(second.received).toEqual([{ products: [3] }]);
    }, SOON);

    await cleanups.shift()!();
    await notifySearchChange(db, { products: [4] });
    await vi.waitFor(() => expect(second.received).toEqual([{ products: [3] }, { products: [4] }]), SOON);
    expect(first.received).toEqual([{ products: [3] }]);
  });

  it('announces writes to the catalogue and content tables made in plain SQL, and no statement that changed nothing', async () => {
    const { received } = await listen();
    const { db } = testDatabase.database;
    const [product] = await queryRows<{ id: number }>(
      db,
      sql`insert into products (uid, name, sku, inventory_tracking) values ('trigger-test', 'Trigger test', 'TT-1', 'variant')
          returning id`,
    );
    const productId = product!.id;
    await vi.waitFor(() => expect(received).toEqual([{ products: [productId] }]), SOON);

    // An operator's session: several statements in one transaction, one of them a no-op.
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into currencies (code, name, token, decimal_token, thousands_token, decimal_places, token_location)
                           values ('USD', 'US dollar', '$', '.', ',', 2, 'left')`);
      await tx.execute(sql`insert into regions (id, shopping, pro, billing_region) values ('us', true, false, 'us')`);
      await tx.execute(sql`update products set name = name where id = ${productId}`);
      await tx.execute(sql`insert into variants (product_id, sku, inventory_level, option_value_ids)
                           values (${productId}, 'TT-1-A', 3, '{}')`);
      await tx.execute(sql`insert into variant_prices (variant_id, region_id, currency_code, price)
                           select id, 'us', 'USD', 10000 from variants where sku = 'TT-1-A'`);
    });
    await vi.waitFor(() => expect(received.slice(1)).toEqual([{ rebuild: true }, { products: [productId] }]), SOON);

    received.length = 0;
    await db.execute(sql`update variant_prices set price = 9000`);
    await db.execute(sql`update variants set inventory_level = inventory_level - 3`);
    await db.execute(sql`update products set name = name`);
    await db.execute(sql`insert into content_types (uid, title, options, schema) values ('page', 'Page', '{}', '[]')`);
    await vi.waitFor(
      () => expect(received).toEqual([{ products: [productId] }, { products: [productId] }, { content: true }]),
      SOON,
    );
    // The content store rereads at a new revision: plain SQL moves it as the store's own writes do.
    const [state] = await queryRows<{ revision: number }>(db, sql`select revision::int from content_state`);
    expect(state?.revision).toBe(1);
  });

  it('announces a write to more products than one notification lists, or a TRUNCATE, as a rebuild', async () => {
    const { received } = await listen();
    await testDatabase.database.db.execute(
      sql`insert into products (uid, name, sku, inventory_tracking)
          select 'bulk-' || n, 'Bulk ' || n, 'BULK-' || n, 'none' from generate_series(1, 501) n`,
    );
    await vi.waitFor(() => expect(received).toEqual([{ rebuild: true }]), SOON);

    // TRUNCATE names no rows: everything is announced again.
    await testDatabase.database.db.execute(sql`truncate products cascade`);
    await vi.waitFor(() => expect(received).toEqual([{ rebuild: true }, { rebuild: true }]), SOON);
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
