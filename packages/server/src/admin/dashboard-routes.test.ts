import { and, desc, eq, lte, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardPeriods } from '@piste/admin/server';
import {
  createBigCommerceFake,
  FAKE_ACCESS_TOKEN,
  FAKE_STORE_HASH,
  fakeStoreEnvironment,
  type BigCommerceFake,
} from '@piste/bigcommerce-fake';
import { commerceSchema } from '@piste/commerce/server';
import { testDatabaseKinds } from '@piste/db/testing';
import { signedInStaff, STAFF_PASSWORD } from '../../test/support/admin-harness';
import { createSeededApiApp } from '../../test/support/app-harness';
import { checkOut, TestBrowser } from '../../test/support/test-browser';

/** Seeding a demo shop takes a while on a busy machine. */
const SEEDING_TIMEOUT_MS = 240_000;

const { orders, products, variants } = commerceSchema;

interface Dashboard {
  commerce: {
    today: { orders: number; byStatus: Record<string, number> };
    revenue: { region: string; currencyCode: string; todayMinor: number; last7DaysMinor: number }[];
    lowStock: { productId: number; variantId: number | null; productName: string; sku: string; level: number }[];
  };
  recentActivity: { action: string; entityId: string }[];
}

describe('the dashboard’s periods', () => {
  it('counts today from midnight UTC and the last 7 days as today and the six before', () => {
    expect(dashboardPeriods(new Date('2026-11-27T15:30:00Z'))).toEqual({
      todayStart: new Date('2026-11-27T00:00:00Z'),
      weekStart: new Date('2026-11-21T00:00:00Z'),
    });
  });
});

describe.each(testDatabaseKinds())('the dashboard on $name', (kind) => {
  let shop: Awaited<ReturnType<typeof createSeededApiApp>>;
  let support: TestBrowser;
  let variant: { id: number; productId: number; sku: string; productName: string };

  beforeAll(async () => {
    shop = await createSeededApiApp(kind);
    support = await signedInStaff(shop.app, shop.database, 'support');
    [variant] = (await shop.database.db
      .select({ id: variants.id, productId: variants.productId, sku: variants.sku, productName: products.name })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .where(and(eq(products.inventoryTracking, 'variant'), eq(products.isVisible, true)))
      .orderBy(desc(variants.inventoryLevel))
      .limit(1)) as [typeof variant];
  }, SEEDING_TIMEOUT_MS);
  afterAll(() => shop?.close());

  const dashboard = async () => {
    const response = await support.call('GET', '/admin/api/dashboard');
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Dashboard;
  };
  const usRevenue = (figures: Dashboard) =>
    figures.commerce.revenue.find((row) => row.region === 'us' && row.currencyCode === 'USD') ?? {
      todayMinor: 0,
      last7DaysMinor: 0,
    };

  it('counts an order placed today and adds its total to the region’s revenue, until it is cancelled', async () => {
    const before = await dashboard();
    const { response } = await checkOut(new TestBrowser(shop.app), [
      { product_id: variant.productId, variant_id: variant.id, quantity: 1 },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const orderId = response.json().data.id as number;
    const [order] = await shop.database.db
      .select({ total: orders.totalMinor, status: orders.status })
      .from(orders)
      .where(eq(orders.id, orderId));

    const after = await dashboard();
    expect(after.commerce.today.orders).toBe(before.commerce.today.orders + 1);
    expect(after.commerce.today.byStatus[order!.status]).toBe((before.commerce.today.byStatus[order!.status] ?? 0) + 1);
    expect(usRevenue(after).todayMinor).toBe(usRevenue(before).todayMinor + order!.total);
    expect(usRevenue(after).last7DaysMinor).toBe(usRevenue(before).last7DaysMinor + order!.total);

    await shop.database.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, orderId));
    const cancelled = await dashboard();
    expect(cancelled.commerce.today.orders).toBe(after.commerce.today.orders);
    expect(usRevenue(cancelled).todayMinor).toBe(usRevenue(before).todayMinor);
  });

  it('lists tracked stock at 3 or under, emptiest first, with the product’s name and SKU', async () => {
    const { db } = shop.database;
    // The demo shop has plenty of low stock; restock it so the list shows only what this test sets.
    await db.update(variants).set({ inventoryLevel: 50 }).where(lte(variants.inventoryLevel, 10));
    await db.update(products).set({ inventoryLevel: 50 }).where(lte(products.inventoryLevel, 10));
    await db.update(variants).set({ inventoryLevel: 4 }).where(eq(variants.id, variant.id));
    expect((await dashboard()).commerce.lowStock).toEqual([]);

    await db.update(variants).set({ inventoryLevel: 0 }).where(eq(variants.id, variant.id));
    // A product tracking its stock as a whole is listed too, without a variant.
    const [other] = await db
      .select({ id: products.id })
      .from(products)
      .where(ne(products.id, variant.productId))
      .limit(1);
    const [wholeProduct] = await db
      .update(products)
      .set({ inventoryTracking: 'product', inventoryLevel: 2 })
      .where(eq(products.id, other!.id))
      .returning({ id: products.id, name: products.name, sku: products.sku });
    const expected = [
      {
        productId: variant.productId,
        variantId: variant.id,
        productName: variant.productName,
        sku: variant.sku,
        level: 0,
      },
      {
        productId: wholeProduct!.id,
        variantId: null,
        productName: wholeProduct!.name,
        sku: wholeProduct!.sku,
        level: 2,
      },
    ];
    expect((await dashboard()).commerce.lowStock).toEqual(expected);
  });

  it('shows the latest changes as recent activity', async () => {
    const owner = await signedInStaff(shop.app, shop.database, 'owner');
    const created = await owner.call('POST', '/admin/api/staff', {
      payload: {
        email: `recent-${Date.now()}@staff.piste.test`,
        name: 'Recent',
        role: 'support',
        password: STAFF_PASSWORD,
      },
    });
    const { recentActivity } = await dashboard();
    expect(recentActivity[0]).toMatchObject({ action: 'staff.create', entityId: String(created.json().staff.id) });
    expect(recentActivity.length).toBeLessThanOrEqual(10);
  });
});

describe('the dashboard when BigCommerce runs the shop’s commerce', () => {
  let fake: BigCommerceFake;
  let shop: Awaited<ReturnType<typeof createSeededApiApp>>;
  beforeAll(async () => {
    fake = createBigCommerceFake({ storeHash: FAKE_STORE_HASH, accessToken: FAKE_ACCESS_TOKEN });
    const fakeUrl = await fake.app.listen({ port: 0, host: '127.0.0.1' });
    shop = await createSeededApiApp(testDatabaseKinds()[0]!, fakeStoreEnvironment(fakeUrl));
  }, SEEDING_TIMEOUT_MS);
  afterAll(async () => {
    await shop?.close();
    // The shop's HTTP client keeps its connections to the stand-in alive: end them, or close waits.
    fake?.app.server.closeAllConnections();
    await fake?.app.close();
  });

  it('shows recent activity only: orders and stock are in BigCommerce’s control panel', async () => {
    const owner = await signedInStaff(shop.app, shop.database, 'owner');
    await owner.call('POST', '/admin/api/staff', {
      payload: { email: `bc-${Date.now()}@staff.piste.test`, name: 'BC', role: 'support', password: STAFF_PASSWORD },
    });
    const response = await owner.call('GET', '/admin/api/dashboard');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().commerce).toBeNull();
    expect(response.json().recentActivity[0]).toMatchObject({ action: 'staff.create', actor: owner.email });
  });
});
