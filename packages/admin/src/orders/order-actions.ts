import { eq } from 'drizzle-orm';
import {
  commerceSchema,
  lockOrder,
  queueOrderCancelledEmail,
  recordPaymentAmount,
  recordShipment,
  remainingToShip,
  type PaymentProvider,
} from '@piste/commerce/server';
import { DomainError } from '@piste/core';
import type { Db } from '@piste/db';
import { FieldErrors } from '../admin-error';
import { recordAudit } from '../audit/audit-log';
import { orderNotes, orderRefunds } from '../schema/operations';
import { actorLabel, type StaffActor } from '../staff-actor';
import { isClosed, ORDER_ENTITY, orderNotFound } from './order-detail';
import { paymentStateOf } from './payment-state';
import { defaultRefundAmount, minorToDecimalString, refundedUnits } from './order-refund-rules';
import { restockLines } from './order-restock';
import type {
  CancelOrderInput,
  OrderLineRef,
  OrderNoteInput,
  RefundOrderInput,
  ShipOrderInput,
} from './orders-schemas';

const { orders, orderLines, shipments } = commerceSchema;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type OrderRow = typeof orders.$inferSelect;

/** Who acts, and the request id the audit entry keeps. */
export interface OrderActionContext {
  actor: StaffActor;
  requestId?: string;
}

async function lockedOrder(tx: Tx, id: number): Promise<OrderRow> {
  const order = await lockOrder(tx, id);
  if (!order) throw orderNotFound(id);
  return order;
}

function refusedWhenClosed(order: OrderRow, verb: string): void {
  if (isClosed(order.status)) {
    throw new DomainError('CONFLICT', `Order ${order.id} is ${order.status}: it cannot ${verb}.`, 'ORDER_CLOSED');
  }
}

/**
 * Checks named lines against what each may still take (`room`), with a message at the field of
 * each line that is not the order's or asks for too many.
 */
function checkLines(
  orderId: number,
  lines: readonly OrderLineRef[],
  room: ReadonlyMap<number, number>,
  tooMany: (left: number) => string,
): void {
  const errors: Record<string, string> = {};
  lines.forEach((line, index) => {
    const left = room.get(line.orderLineId);
    if (left === undefined) errors[`lines.${index}.orderLineId`] = `Order ${orderId} has no line ${line.orderLineId}.`;
    else if (line.quantity > left) errors[`lines.${index}.quantity`] = tooMany(left);
  });
  if (Object.keys(errors).length > 0) throw new FieldErrors(errors);
}

/**
 * Ships a parcel with carrier and tracking number: the named lines, or all that is left to ship.
 * The customer is emailed through the outbox in the order's transaction (order-shipping.ts).
 */
export async function shipOrder(
  db: Db,
  context: OrderActionContext & { publicUrl: string },
  id: number,
  input: ShipOrderInput,
): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockedOrder(tx, id);
    refusedWhenClosed(order, 'ship');
    const toShip = await remainingToShip(tx, id);
    const room = new Map(toShip.map(({ line, remaining }) => [line.id, remaining]));
    if (input.lines) {
      checkLines(id, input.lines, room, (left) =>
        left === 0
          ? 'This line has shipped in full.'
          : `Only ${left} of this line ${left === 1 ? 'is' : 'are'} left to ship.`,
      );
    }
    const items = input.lines
      ? input.lines.map((line) => ({ order_line_id: line.orderLineId, quantity: line.quantity }))
      : toShip
          .filter(({ remaining }) => remaining > 0)
          .map(({ line, remaining }) => ({ order_line_id: line.id, quantity: remaining }));
    if (items.length === 0) {
      throw new DomainError('CONFLICT', `Order ${id} has shipped in full already.`, 'NOTHING_TO_SHIP');
    }
    const parcel = { carrier: input.carrier, trackingNumber: input.trackingNumber, items };
    const shipment = await recordShipment(tx, order, parcel, context.publicUrl);
    const [after] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
    await recordAudit(
      tx,
      context.actor,
      {
        action: 'order.ship',
        entityType: ORDER_ENTITY,
        entityId: id,
        before: { status: order.status },
        after: { status: after!.status, shipmentId: shipment.id, ...parcel },
      },
      context.requestId,
    );
  });
}

/**
 * The provider's idempotency key of an order's next refund: stable for the same refund asked
 * again (the order is locked, and a refund our transaction did not record counts nothing), so a
 * retry after the provider refunded but our write failed never refunds twice.
 */
const refundKeyOf = (orderId: number, refundsSoFar: number, amountMinor: number) =>
  `order-${orderId}-refund-${refundsSoFar + 1}-${amountMinor}`;

/** The payment's refunds so far, and what is left of the total to refund. */
async function refundsOf(tx: Tx, order: OrderRow) {
  const refunds = await tx.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
  const refundedMinor = refunds.reduce((sum, refund) => sum + refund.amountMinor, 0);
  return { refunds, refundedMinor, refundableMinor: Math.max(0, order.totalMinor - refundedMinor) };
}

/**
 * Cancels an order that has not shipped: every unit not refunded yet goes back into stock, the
 * payment is voided when only authorised or refunded (all that is left) when captured, the order
 * becomes cancelled and the customer is emailed, all in one transaction; the provider is called
 * last, so any refusal before it changes nothing.
 */
export async function cancelOrder(
  db: Db,
  context: OrderActionContext & { payments: PaymentProvider; publicUrl: string },
  id: number,
  input: CancelOrderInput,
): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockedOrder(tx, id);
    refusedWhenClosed(order, 'be cancelled');
    const [shipped] = await tx.select({ id: shipments.id }).from(shipments).where(eq(shipments.orderId, id)).limit(1);
    if (shipped || (order.status !== 'pending' && order.status !== 'awaiting_fulfillment')) {
      throw new DomainError('CONFLICT', `Order ${id} has shipped: refund it instead of cancelling.`, 'ALREADY_SHIPPED');
    }
    const { payments } = context;
    const { transactionId } = order.payment;
    const paymentState = await paymentStateOf(payments, transactionId);
    if (paymentState === null) {
      throw new DomainError(
        'CONFLICT',
        `The payment provider has no record of payment ${transactionId}: settle it with the provider first.`,
        'PAYMENT_UNKNOWN',
      );
    }
    const { refunds, refundedMinor, refundableMinor } = await refundsOf(tx, order);
    const refunded = refundedUnits(refunds);
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(orderLines.id);
    const unitsLeft = lines.map((line) => ({ line, quantity: line.quantity - (refunded.get(line.id) ?? 0) }));
    const restocked = await restockLines(
      tx,
      context.actor,
      id,
      'order-cancelled',
      unitsLeft.map(({ line, quantity }) => ({ productId: line.productId, variantId: line.variantId, quantity })),
    );
    await tx.update(orders).set({ status: 'cancelled', updatedAt: new Date() }).where(eq(orders.id, id));
    const refundMinor = paymentState === 'captured' ? refundableMinor : 0;
    const givenBack = paymentState === 'authorized' ? order.totalMinor - refundedMinor : refundMinor;
    await queueOrderCancelledEmail(tx, order, givenBack, context.publicUrl);
    await recordAudit(
      tx,
      context.actor,
      {
        action: 'order.cancel',
        entityType: ORDER_ENTITY,
        entityId: id,
        before: { status: order.status, refundedMinor, payment: paymentState },
        after: {
          status: 'cancelled',
          reason: input.reason,
          refundedMinor: refundedMinor + refundMinor,
          payment: paymentState === 'authorized' ? 'voided' : paymentState,
          restocked,
        },
      },
      context.requestId,
    );
    // The provider last: everything that could refuse the cancellation has been written.
    if (refundMinor > 0) {
      const { refundId } = await payments.refund(
        transactionId,
        refundMinor,
        refundKeyOf(id, refunds.length, refundMinor),
      );
      await recordPaymentAmount(tx, transactionId, 'refundedMinor', refundedMinor + refundMinor);
      await tx.insert(orderRefunds).values({
        orderId: id,
        amountMinor: refundMinor,
        lines: unitsLeft
          .filter(({ quantity }) => quantity > 0)
          .map(({ line, quantity }) => ({ order_line_id: line.id, quantity })),
        reason: `Order cancelled: ${input.reason}`,
        refundId,
        staffId: context.actor.id,
        actor: actorLabel(context.actor),
      });
    } else if (paymentState === 'authorized') {
      await payments.void(transactionId);
    }
  });
}

/**
 * Refunds lines, an amount, or everything left, through the payment provider; puts the lines'
 * units back into stock when asked. When the whole total has been refunded the order becomes
 * refunded. An amount above what is left is refused at its field with what is left.
 */
export async function refundOrder(
  db: Db,
  context: OrderActionContext & { payments: PaymentProvider },
  id: number,
  input: RefundOrderInput,
): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockedOrder(tx, id);
    refusedWhenClosed(order, 'be refunded');
    const { refunds, refundedMinor, refundableMinor } = await refundsOf(tx, order);
    if (refundableMinor === 0) {
      throw new DomainError('CONFLICT', `Order ${id} has been refunded in full.`, 'NOTHING_TO_REFUND');
    }
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(orderLines.id);
    const refunded = refundedUnits(refunds);
    const room = new Map(lines.map((line) => [line.id, line.quantity - (refunded.get(line.id) ?? 0)]));
    if (input.lines) {
      checkLines(id, input.lines, room, (left) =>
        left === 0 ? 'This line has been refunded in full.' : `Only ${left} of this line can still be refunded.`,
      );
    }
    const amountMinor =
      input.amountMinor ?? defaultRefundAmount({ ...order, lines }, input.lines, refunded, refundableMinor);
    const left = `${minorToDecimalString(refundableMinor)} ${order.currencyCode}`;
    if (amountMinor > refundableMinor) {
      throw new FieldErrors(
        { [input.amountMinor === undefined ? 'lines' : 'amountMinor']: `At most ${left} is left to refund.` },
        `At most ${left} (${refundableMinor} minor units) is left to refund.`,
      );
    }
    if (amountMinor <= 0) {
      throw new FieldErrors({ lines: 'These lines were not paid for: enter an amount to refund.' });
    }
    const { transactionId } = order.payment;
    const { refundId } = await context.payments.refund(
      transactionId,
      amountMinor,
      refundKeyOf(id, refunds.length, amountMinor),
    );
    await recordPaymentAmount(tx, transactionId, 'refundedMinor', refundedMinor + amountMinor);
    const refundLines = (input.lines ?? []).map((line) => ({
      order_line_id: line.orderLineId,
      quantity: line.quantity,
    }));
    const [refund] = await tx
      .insert(orderRefunds)
      .values({
        orderId: id,
        amountMinor,
        lines: refundLines,
        reason: input.reason,
        refundId,
        staffId: context.actor.id,
        actor: actorLabel(context.actor),
      })
      .returning({ id: orderRefunds.id });
    const byId = new Map(lines.map((line) => [line.id, line]));
    const restocked = input.restock
      ? await restockLines(
          tx,
          context.actor,
          id,
          'order-refunded',
          (input.lines ?? []).map((ref) => ({
            productId: byId.get(ref.orderLineId)!.productId,
            variantId: byId.get(ref.orderLineId)!.variantId,
            quantity: ref.quantity,
          })),
        )
      : [];
    const status = amountMinor === refundableMinor ? 'refunded' : order.status;
    if (status !== order.status) {
      await tx.update(orders).set({ status, updatedAt: new Date() }).where(eq(orders.id, id));
    }
    await recordAudit(
      tx,
      context.actor,
      {
        action: 'order.refund',
        entityType: ORDER_ENTITY,
        entityId: id,
        before: { status: order.status, refundedMinor },
        after: {
          status,
          refundedMinor: refundedMinor + amountMinor,
          refund: { id: refund!.id, amountMinor, lines: refundLines, reason: input.reason, refundId },
          restocked,
        },
      },
      context.requestId,
    );
  });
}

/** A staff note on the order, never shown to the customer. */
export async function addOrderNote(
  db: Db,
  context: OrderActionContext,
  id: number,
  input: OrderNoteInput,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockedOrder(tx, id);
    const [note] = await tx
      .insert(orderNotes)
      .values({ orderId: id, body: input.body, staffId: context.actor.id, actor: actorLabel(context.actor) })
      .returning({ id: orderNotes.id });
    await recordAudit(
      tx,
      context.actor,
      { action: 'order.note', entityType: ORDER_ENTITY, entityId: id, after: { noteId: note!.id, body: input.body } },
      context.requestId,
    );
  });
}
