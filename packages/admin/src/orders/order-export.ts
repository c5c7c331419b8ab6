import { commerceSchema } from '@piste/commerce/server';
import type { Db } from '@piste/db';
import type { SQL } from 'drizzle-orm';
import { orderPage } from './order-list';
import { minorToDecimalString } from './order-refund-rules';
import type { OrderSort } from './orders-schemas';

const { currencies } = commerceSchema;

/** Orders read per query while exporting: a 100k-order export never holds more in memory. */
const EXPORT_BATCH = 1000;

export const ORDER_EXPORT_HEADER = [
  'order',
  'created_at',
  'status',
  'region',
  'currency',
  'email',
  'customer_id',
  'name',
  'items',
  'total',
  'refunded',
] as const;

/**
 * The CSV export's rows, header first, in the list's order and filters (`orderConditions`, checked
 * before the answer starts): money as decimal strings in the order's currency (named in its own
 * column), read a batch at a time.
 */
export async function* orderExportRows(db: Db, where: SQL | undefined, sort: OrderSort): AsyncGenerator<string[]> {
  const places = new Map(
    (await db.select({ code: currencies.code, places: currencies.decimalPlaces }).from(currencies)).map((row) => [
      row.code,
      row.places,
    ]),
  );
  yield [...ORDER_EXPORT_HEADER];
  for (let offset = 0; ; offset += EXPORT_BATCH) {
    const batch = await orderPage(db, where, sort, { offset, limit: EXPORT_BATCH });
    for (const order of batch) {
      const money = (minor: number) => minorToDecimalString(minor, places.get(order.currencyCode) ?? 2);
      yield [
        String(order.id),
        order.createdAt,
        order.status,
        order.region,
        order.currencyCode,
        order.email,
        order.customerId === null ? '' : String(order.customerId),
        order.name,
        String(order.itemCount),
        money(order.totalMinor),
        money(order.refundedMinor),
      ];
    }
    if (batch.length < EXPORT_BATCH) return;
  }
}
