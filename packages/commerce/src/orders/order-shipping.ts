import { eq } from 'drizzle-orm';
import { DomainError } from '@piste/core';
import type { Db } from '@piste/db';
import { enqueueEmail, orderShippedEmail } from '../notifications/index';
import { orderLines, orders, shipments } from '../schema/index';
import { orderStatusUrl } from './order-status';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type OrderRow = typeof orders.$inferSelect;

/** Order lines and quantities in one parcel, as shipments store them. */
export type ParcelItem = { order_line_id: number; quantity: number };

export interface Parcel {
  carrier: string;
  trackingNumber: string;
  items: ParcelItem[];
}

/**
 * The order, locked for the rest of the transaction: shipping, cancelling and refunding the same
 * order at the same moment take turns, so each sees what the other did.
 */
export async function lockOrder(tx: Tx, id: number): Promise<OrderRow | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return order;
}

/** Each line of an order with what is still to ship: ordered less what earlier parcels held. */
export async function remainingToShip(
  tx: Tx | Db,
  orderId: number,
): Promise<{ line: typeof orderLines.$inferSelect; remaining: number }[]> {
  const [lines, parcels] = await Promise.all([
    tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.id),
    tx.select({ items: shipments.items }).from(shipments).where(eq(shipments.orderId, orderId)),
  ]);
  const shipped = new Map<number, number>();
  for (const { items } of parcels) {
    for (const item of items) shipped.set(item.order_line_id, (shipped.get(item.order_line_id) ?? 0) + item.quantity);
  }
  return lines.map((line) => ({ line, remaining: Math.max(0, line.quantity - (shipped.get(line.id) ?? 0)) }));
}

/**
 * Records a parcel of a locked order in the caller's transaction, and emails the customer through
 * the outbox in the language the order was placed in (docs/email.md). The order moves to shipped
 * once nothing is left to ship; a partial parcel leaves its status as it was. The caller has
 * checked the items against `remainingToShip`.
 */
export async function recordShipment(
  tx: Tx,
  order: OrderRow,
  parcel: Parcel,
  publicUrl: string,
): Promise<typeof shipments.$inferSelect> {
  if (order.status === 'cancelled' || order.status === 'refunded') {
    throw new DomainError('CONFLICT', `Order ${order.id} is ${order.status} and cannot ship.`, 'ORDER_CLOSED');
  }
  const [shipment] = await tx
    .insert(shipments)
    .values({ orderId: order.id, carrier: parcel.carrier, trackingNumber: parcel.trackingNumber, items: parcel.items })
    .returning();
  const left = await remainingToShip(tx, order.id);
  if (left.every(({ remaining }) => remaining === 0)) {
    await tx.update(orders).set({ status: 'shipped', updatedAt: new Date() }).where(eq(orders.id, order.id));
  }
  await enqueueEmail(tx, {
    kind: 'order_shipped',
    recipient: order.email,
    ...orderShippedEmail({
      locale: order.locale,
      firstName: order.shippingAddress.first_name,
      orderId: order.id,
      orderUrl: orderStatusUrl(publicUrl, order),
      carrier: parcel.carrier,
      trackingNumber: parcel.trackingNumber,
    }),
  });
  return shipment!;
}
