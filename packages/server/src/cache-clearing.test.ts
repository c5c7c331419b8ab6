import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, queryRows } from '@piste/db';
import { testDatabaseKinds } from '@piste/db/testing';
import { buildApp } from './app';
import { createSeededApiApp, testConfig } from '../test/support/app-harness';
import { checkOut, TestBrowser } from '../test/support/test-browser';

/** How long another instance may take to hear of a write (polled); the caches' TTL is 30 s. */
const SOON = { timeout: 5_000, interval: 50 };

/** A variant as the product answer (cached) shows it: money in decimal units. */
interface VariantAnswer {
  id: number;
  inventory_level: number;
  price: number;
}

/**
 * A committed write clears the catalogue answers it made stale (docs/reliability.md, hole 7), at
 * once on the instance that wrote and through the change channel on every other, operator SQL
 * included (docs/operations.md 'Caches and changes'). The catalogue cache keeps its default 30 s TTL.
 */
describe.each(testDatabaseKinds())('catalogue cache after writes on $name', (kind) => {
  let harness: Awaited<ReturnType<typeof createSeededApiApp>>;
  let variant: { id: number; product_id: number };

  const execute = (query: ReturnType<typeof sql>) => harness.database.db.execute(query);
  async function read(app: { inject: (typeof harness)['app']['inject'] } = harness.app): Promise<VariantAnswer> {
    const response = await app.inject({ method: 'GET', url: `/api/products/${variant.product_id}?include=variants` });
    expect(response.statusCode, response.body).toBe(200);
    const variants = response.json().data.variants as VariantAnswer[];
    return variants.find((candidate) => candidate.id === variant.id)!;
  }

  beforeAll(async () => {
    harness = await createSeededApiApp(kind);
    const [chosen] = await queryRows<{ id: number; product_id: number }>(
      harness.database.db,
      sql`select v.id, v.product_id from variants v join products p on p.id = v.product_id
          where p.inventory_tracking = 'variant' and not v.purchasing_disabled and p.is_visible
          order by v.id limit 1`,
    );
    variant = chosen!;
  });
  afterAll(() => harness?.close());

  it('shows the last unit sold at once on the instance that sold it', async () => {
    await execute(sql`update variants set inventory_level = 1 where id = ${variant.id}`);
    await vi.waitFor(async () => expect((await read()).inventory_level).toBe(1), SOON);

    const { response } = await checkOut(new TestBrowser(harness.app), [
      { product_id: variant.product_id, variant_id: variant.id, quantity: 1 },
    ]);
    expect(response.statusCode, response.body).toBe(201);

    expect((await read()).inventory_level).toBe(0);
  });

  it('shows a price an operator changed in SQL, the price the cart charges', async () => {
    await execute(sql`update variants set inventory_level = 10 where id = ${variant.id}`);
    const before = await read();
    const newPrice = before.price + 10;

    await execute(
      sql`update variant_prices set price = ${Math.round(newPrice * 100)}, sale_price = null
          where variant_id = ${variant.id} and region_id = 'us'`,
    );

    await vi.waitFor(async () => expect((await read()).price).toBe(newPrice), SOON);
    const cart = await new TestBrowser(harness.app).post('/api/cart/create', {
      line_items: [{ product_id: variant.product_id, variant_id: variant.id, quantity: 1 }],
    });
    expect(cart.statusCode, cart.body).toBe(201);
    expect(cart.json().data.line_items.physical_items[0].list_price).toBe(newPrice);
  });

  it.runIf(kind.name === 'postgres')('clears another instance’s copy when this one sells', async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    const [{ name }] = (await queryRows<{ name: string }>(
      harness.database.db,
      sql`select current_database() as name`,
    )) as [{ name: string }];
    url.pathname = `/${name}`;
    const otherDatabase = openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
    const other = await buildApp({ config: testConfig(), database: otherDatabase });
    try {
      await other.ready();
      await execute(sql`update variants set inventory_level = 5 where id = ${variant.id}`);
      await vi.waitFor(async () => expect((await read(other)).inventory_level).toBe(5), SOON);

      const { response } = await checkOut(new TestBrowser(harness.app), [
        { product_id: variant.product_id, variant_id: variant.id, quantity: 2 },
      ]);
      expect(response.statusCode, response.body).toBe(201);

      await vi.waitFor(async () => expect((await read(other)).inventory_level).toBe(3), SOON);
    } finally {
      await other.close();
      await otherDatabase.close();
    }
  });
});
