import { and, asc, desc, eq, gte, inArray, like, lt, lte, sql, type SQL } from 'drizzle-orm';
import { commerceSchema } from '@piste/commerce/server';
import type { Db } from '@piste/db';
import { FieldErrors } from '../admin-error';
import { orderRefunds } from '../schema/operations';
import type { OrderFilters, OrderList, OrderListItem, OrderListQuery, OrderSort } from './orders-schemas';

const { orders, orderLines } = commerceSchema;

/** Ids are Postgres integers: a longer number can only be part of an email. */
const ID_PATTERN = /^\d{1,9}$/;

/** `YYYY-MM-DD` is the day's start (UTC); anything else is the instant it names. */
function startOf(value: string): Date {
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
}

/** The first instant after `to`: the next day for a date, so `to` includes its whole day. */
function endOf(value: string): Date {
  const start = startOf(value);
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(start.getTime() + 86_400_000) : new Date(start.getTime() + 1);
}

function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The SQL of the filters; contradictory ranges are refused at their field. */
export function orderConditions(filters: OrderFilters): SQL | undefined {
  const errors: Record<string, string> = {};
  if (filters.from && filters.to && endOf(filters.to) <= startOf(filters.from)) {
    errors.to = 'The end date is before the start date.';
  }
  if (filters.minTotal !== undefined && filters.maxTotal !== undefined && filters.maxTotal < filters.minTotal) {
    errors.maxTotal = 'The highest total is below the lowest.';
  }
  if (Object.keys(errors).length > 0) throw new FieldErrors(errors);

  const conditions: (SQL | undefined)[] = [];
  if (filters.status) conditions.push(eq(orders.status, filters.status));
  if (filters.region) conditions.push(eq(orders.region, filters.region));
  if (filters.from) conditions.push(gte(orders.createdAt, startOf(filters.from)));
  if (filters.to) conditions.push(lt(orders.createdAt, endOf(filters.to)));
  if (filters.customer) {
    conditions.push(
      ID_PATTERN.test(filters.customer)
        ? eq(orders.customerId, Number(filters.customer))
        : eq(orders.email, filters.customer.toLowerCase()),
    );
  }
  if (filters.q) {
    // An order number is looked up by id alone: `id = n OR email LIKE` would scan every order.
    conditions.push(
      ID_PATTERN.test(filters.q) ? eq(orders.id, Number(filters.q)) : like(orders.email, likePattern(filters.q)),
    );
  }
  if (filters.minTotal !== undefined) conditions.push(gte(orders.totalMinor, filters.minTotal));
  if (filters.maxTotal !== undefined) conditions.push(lte(orders.totalMinor, filters.maxTotal));
  return and(...conditions);
}

const ORDER_BY: Record<OrderSort, SQL[]> = {
  '-created': [desc(orders.createdAt), desc(orders.id)],
  created: [asc(orders.createdAt), asc(orders.id)],
  '-total': [desc(orders.totalMinor), desc(orders.id)],
  total: [asc(orders.totalMinor), asc(orders.id)],
};

/**
 * One page of orders as the list shows them. The page's ids are found first, by the filters and
 * sort alone, so deep pages and sorts by total never read item counts and refunds of the orders
 * they skip; those are summed for the page's orders only.
 */
export async function orderPage(
  db: Db,
  where: SQL | undefined,
  sort: OrderSort,
  page: { offset: number; limit: number },
): Promise<OrderListItem[]> {
  const ids = (
    await db
      .select({ id: orders.id })
      .from(orders)
      .where(where)
      .orderBy(...ORDER_BY[sort])
      .limit(page.limit)
      .offset(page.offset)
  ).map((row) => row.id);
  if (ids.length === 0) return [];
  const [rows, items, refunds] = await Promise.all([
    db
      .select({
        id: orders.id,
        createdAt: orders.createdAt,
        status: orders.status,
        region: orders.region,
        currencyCode: orders.currencyCode,
        email: orders.email,
        customerId: orders.customerId,
        billingAddress: orders.billingAddress,
        totalMinor: orders.totalMinor,
      })
      .from(orders)
      .where(inArray(orders.id, ids)),
    db
      .select({ orderId: orderLines.orderId, count: sql<number>`sum(${orderLines.quantity})::int` })
      .from(orderLines)
      .where(inArray(orderLines.orderId, ids))
      .groupBy(orderLines.orderId),
    db
      .select({ orderId: orderRefunds.orderId, amount: sql<number>`sum(${orderRefunds.amountMinor})::int` })
      .from(orderRefunds)
      .where(inArray(orderRefunds.orderId, ids))
      .groupBy(orderRefunds.orderId),
  ]);
  const itemCounts = new Map(items.map((row) => [row.orderId, row.count]));
  const refunded = new Map(refunds.map((row) => [row.orderId, row.amount]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => {
    const { billingAddress, createdAt, ...row } = byId.get(id)!;
    return {
      ...row,
      createdAt: createdAt.toISOString(),
      name: `${billingAddress.first_name} ${billingAddress.last_name}`.trim(),
      itemCount: itemCounts.get(id) ?? 0,
      refundedMinor: refunded.get(id) ?? 0,
    };
  });
}

/** `GET /admin/api/orders`: filtered, sorted, a page at a time, with the total count. */
export async function listOrders(db: Db, query: OrderListQuery): Promise<OrderList> {
  const where = orderConditions(query);
  const [page, [count]] = await Promise.all([
    orderPage(db, where, query.sort, { offset: (query.page - 1) * query.pageSize, limit: query.pageSize }),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(orders)
      .where(where),
  ]);
  return {
    orders: page,
    total: count?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
    amounts: 'minor units of each order’s currencyCode',
  };
}
