import { and, asc, eq, inArray } from 'drizzle-orm';
import { commerceSchema, remainingToShip, type PaymentProvider } from '@piste/commerce/server';
import { paymentStateOf } from './payment-state';
import { DomainError } from '@piste/core';
import type { Db } from '@piste/db';
import { orderNotes, orderRefunds } from '../schema/operations';
import { auditLog } from '../schema/staff';
import { minorToDecimalString, refundedUnits } from './order-refund-rules';
import type { OrderDetail } from './orders-schemas';

const { orders, customers, customerGroups } = commerceSchema;

export const ORDER_ENTITY = 'order';

export function orderNotFound(id: number): DomainError {
  return new DomainError('NOT_FOUND', `Order ${id} does not exist.`, 'NOT_FOUND');
}

/** Statuses after which nothing more ships, is cancelled or refunded. */
export function isClosed(status: string): boolean {
  return status === 'cancelled' || status === 'refunded';
}

/**
 * `GET /admin/api/orders/:id`: the order with its lines (shipped and refunded units of each),
 * addresses, payment as the provider sees it, shipments, refunds with what is left to refund,
 * staff notes, the customer, and its history derived from those and the audit log.
 */
export async function orderDetail(db: Db, payments: PaymentProvider | null, id: number): Promise<OrderDetail> {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  if (!order) throw orderNotFound(id);
  const [toShip, shipmentRows, refunds, notes, audited, customerRows] = await Promise.all([
    remainingToShip(db, id),
    db
      .select()
      .from(commerceSchema.shipments)
      .where(eq(commerceSchema.shipments.orderId, id))
      .orderBy(asc(commerceSchema.shipments.id)),
    db.select().from(orderRefunds).where(eq(orderRefunds.orderId, id)).orderBy(asc(orderRefunds.id)),
    db
      .select()
      .from(orderNotes)
      .where(eq(orderNotes.orderId, id))
      .orderBy(asc(orderNotes.createdAt), asc(orderNotes.id)),
    db
      .select({ at: auditLog.at, action: auditLog.action, actor: auditLog.actor, after: auditLog.after })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityType, ORDER_ENTITY),
          eq(auditLog.entityId, String(id)),
          inArray(auditLog.action, ['order.cancel', 'order.ship']),
        ),
      ),
    order.customerId === null
      ? Promise.resolve([])
      : db
          .select({
            id: customers.id,
            email: customers.email,
            firstName: customers.firstName,
            lastName: customers.lastName,
            groupId: customerGroups.id,
            groupName: customerGroups.name,
          })
          .from(customers)
          .leftJoin(customerGroups, eq(customerGroups.id, customers.customerGroupId))
          .where(eq(customers.id, order.customerId)),
  ]);
  const refunded = refundedUnits(refunds);
  const refundedMinor = refunds.reduce((sum, refund) => sum + refund.amountMinor, 0);
  const refundableMinor = Math.max(0, order.totalMinor - refundedMinor);
  const customer = customerRows[0];
  const lineRefs = (items: { order_line_id: number; quantity: number }[]) =>
    items.map((item) => ({ orderLineId: item.order_line_id, quantity: item.quantity }));

  const cancellations = audited.filter((entry) => entry.action === 'order.cancel');
  // Who shipped each parcel from the back office; `npm run order:ship` leaves none.
  const shippedBy = new Map(
    audited
      .filter((entry) => entry.action === 'order.ship')
      .map((entry) => [(entry.after as { shipmentId?: number } | null)?.shipmentId, entry.actor]),
  );
  type HistoryEntry = OrderDetail['history'][number];
  const placed: HistoryEntry = {
    at: order.createdAt.toISOString(),
    event: 'placed',
    detail: `Placed in region ${order.region}`,
    actor: null,
  };
  // A cancellation and its refund share one instant: the stable sort keeps the cancellation first.
  const history: HistoryEntry[] = [
    placed,
    ...shipmentRows.map((shipment) => ({
      at: shipment.shippedAt.toISOString(),
      event: 'shipped' as const,
      detail: `${shipment.carrier} ${shipment.trackingNumber}`,
      actor: shippedBy.get(shipment.id) ?? null,
    })),
    ...cancellations.map((entry) => ({
      at: entry.at.toISOString(),
      event: 'cancelled' as const,
      detail: String((entry.after as { reason?: unknown } | null)?.reason ?? ''),
      actor: entry.actor,
    })),
    ...refunds.map((refund) => ({
      at: refund.createdAt.toISOString(),
      event: 'refunded' as const,
      detail: `${minorToDecimalString(refund.amountMinor)} ${order.currencyCode}: ${refund.reason}`,
      actor: refund.actor,
    })),
  ].sort((left, right) => left.at.localeCompare(right.at));

  const closed = isClosed(order.status);
  return {
    order: {
      id: order.id,
      status: order.status,
      region: order.region,
      currencyCode: order.currencyCode,
      locale: order.locale,
      email: order.email,
      createdAt: order.createdAt.toISOString(),
      updatedAt: order.updatedAt.toISOString(),
      subtotalMinor: order.subtotalMinor,
      discountMinor: order.discountMinor,
      shippingMinor: order.shippingMinor,
      taxMinor: order.taxMinor,
      taxIncluded: order.taxIncluded,
      taxRate: order.taxRate,
      totalMinor: order.totalMinor,
      shippingMethod: order.shippingMethod.name,
    },
    lines: toShip.map(({ line, remaining }) => ({
      id: line.id,
      productId: line.productId,
      variantId: line.variantId,
      sku: line.sku,
      name: line.name,
      options: line.options,
      quantity: line.quantity,
      listPriceMinor: line.listPriceMinor,
      salePriceMinor: line.salePriceMinor,
      totalMinor: line.totalMinor,
      shipped: line.quantity - remaining,
      refunded: refunded.get(line.id) ?? 0,
    })),
    billingAddress: order.billingAddress,
    shippingAddress: order.shippingAddress,
    payment: { ...order.payment, state: payments ? await paymentStateOf(payments, order.payment.transactionId) : null },
    shipments: shipmentRows.map((shipment) => ({
      id: shipment.id,
      carrier: shipment.carrier,
      trackingNumber: shipment.trackingNumber,
      shippedAt: shipment.shippedAt.toISOString(),
      items: lineRefs(shipment.items),
    })),
    refunds: refunds.map((refund) => ({
      id: refund.id,
      amountMinor: refund.amountMinor,
      lines: lineRefs(refund.lines),
      reason: refund.reason,
      refundId: refund.refundId,
      actor: refund.actor,
      createdAt: refund.createdAt.toISOString(),
    })),
    refundedMinor,
    refundableMinor,
    notes: notes.map((note) => ({
      id: note.id,
      body: note.body,
      actor: note.actor,
      createdAt: note.createdAt.toISOString(),
    })),
    customer: customer
      ? {
          id: customer.id,
          email: customer.email,
          name: `${customer.firstName} ${customer.lastName}`.trim(),
          group: customer.groupId === null ? null : { id: customer.groupId, name: customer.groupName ?? '' },
        }
      : null,
    history,
    can: {
      ship: !closed && toShip.some(({ remaining }) => remaining > 0),
      cancel: (order.status === 'pending' || order.status === 'awaiting_fulfillment') && shipmentRows.length === 0,
      refund: !closed && refundableMinor > 0,
    },
  };
}
