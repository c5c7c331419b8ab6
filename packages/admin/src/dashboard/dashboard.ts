import { and, asc, eq, gte, lte, notInArray, sql } from 'drizzle-orm';
import { commerceSchema } from '@piste/commerce/server';
import type { Db } from '@piste/db';
import { listAudit, type AuditEntry } from '../audit/audit-log';

const { orders, products, variants } = commerceSchema;

/** Stock at or under this is low: the dashboard lists it so it is reordered in time. */
export const LOW_STOCK_THRESHOLD = 3;
const LOW_STOCK_LIMIT = 20;
const RECENT_ACTIVITY_LIMIT = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Orders that bring no money: left out of revenue. */
const NO_REVENUE_STATUSES = ['cancelled', 'refunded'] as const;

export interface RevenueFigure {
  region: string;
  currencyCode: string;
  /** Sums of order totals in minor units of the currency. */
  todayMinor: number;
  last7DaysMinor: number;
  ordersLast7Days: number;
}

export interface LowStockItem {
  productId: number;
  /** Null for a product that tracks stock as a whole. */
  variantId: number | null;
  productName: string;
  sku: string;
  level: number;
}

export interface CommerceDashboard {
  today: { orders: number; byStatus: Record<string, number> };
  revenue: RevenueFigure[];
  lowStock: LowStockItem[];
}

/**
 * Days are UTC days: "today" starts at midnight UTC, "the last 7 days" are today and the six
 * before it. Each query filters orders by `created_at` range (orders_created_idx), so the
 * figures stay quick however many orders the shop has taken before.
 */
export function dashboardPeriods(now: Date): { todayStart: Date; weekStart: Date } {
  const todayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return { todayStart, weekStart: new Date(todayStart.getTime() - 6 * DAY_MS) };
}

async function ordersToday(db: Db, todayStart: Date, now: Date): Promise<CommerceDashboard['today']> {
  const rows = await db
    .select({ status: orders.status, count: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(gte(orders.createdAt, todayStart), lte(orders.createdAt, now)))
    .groupBy(orders.status);
  const byStatus = Object.fromEntries(rows.map((row) => [row.status, row.count]));
  return { orders: rows.reduce((sum, row) => sum + row.count, 0), byStatus };
}

async function revenue(db: Db, todayStart: Date, weekStart: Date, now: Date): Promise<RevenueFigure[]> {
  return db
    .select({
      region: orders.region,
      currencyCode: orders.currencyCode,
      todayMinor: sql<number>`coalesce(sum(${orders.totalMinor}) filter (where ${orders.createdAt} >= ${todayStart}), 0)::bigint::float8`,
      last7DaysMinor: sql<number>`coalesce(sum(${orders.totalMinor}), 0)::bigint::float8`,
      ordersLast7Days: sql<number>`count(*)::int`,
    })
    .from(orders)
    .where(
      and(
        gte(orders.createdAt, weekStart),
        lte(orders.createdAt, now),
        notInArray(orders.status, [...NO_REVENUE_STATUSES]),
      ),
    )
    .groupBy(orders.region, orders.currencyCode)
    .orderBy(asc(orders.region), asc(orders.currencyCode));
}

/**
 * Tracked stock at or under the threshold, emptiest first: variants of products tracked per
 * variant, and products tracked as a whole. Each side is cut to the limit before merging.
 */
async function lowStock(db: Db): Promise<LowStockItem[]> {
  const [variantRows, productRows] = await Promise.all([
    db
      .select({
        productId: variants.productId,
        variantId: variants.id,
        productName: products.name,
        sku: variants.sku,
        level: variants.inventoryLevel,
      })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .where(and(eq(products.inventoryTracking, 'variant'), lte(variants.inventoryLevel, LOW_STOCK_THRESHOLD)))
      .orderBy(asc(variants.inventoryLevel), asc(products.name), asc(variants.sku))
      .limit(LOW_STOCK_LIMIT),
    db
      .select({
        productId: products.id,
        productName: products.name,
        sku: products.sku,
        level: products.inventoryLevel,
      })
      .from(products)
      .where(and(eq(products.inventoryTracking, 'product'), lte(products.inventoryLevel, LOW_STOCK_THRESHOLD)))
      .orderBy(asc(products.inventoryLevel), asc(products.name), asc(products.sku))
      .limit(LOW_STOCK_LIMIT),
  ]);
  const items: LowStockItem[] = [...variantRows, ...productRows.map((row) => ({ ...row, variantId: null }))];
  return items
    .sort((a, b) => a.level - b.level || a.productName.localeCompare(b.productName) || a.sku.localeCompare(b.sku))
    .slice(0, LOW_STOCK_LIMIT);
}

/** The figures of the shop's own orders and stock: only the embedded engine has them. */
export async function commerceDashboard(db: Db, now: Date = new Date()): Promise<CommerceDashboard> {
  const { todayStart, weekStart } = dashboardPeriods(now);
  const [today, revenueFigures, low] = await Promise.all([
    ordersToday(db, todayStart, now),
    revenue(db, todayStart, weekStart, now),
    lowStock(db),
  ]);
  return { today, revenue: revenueFigures, lowStock: low };
}

export async function recentActivity(db: Db): Promise<AuditEntry[]> {
  return listAudit(db, { limit: RECENT_ACTIVITY_LIMIT });
}
