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
async function refundsOf(tx: Tx | Db, order: OrderRow) {
  const refunds = await tx.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
  const refundedMinor = refunds.reduce((sum, refund) => sum + refund.amountMinor, 0);
  return { refunds, refundedMinor, refundableMinor: Math.max(0, order.totalMinor - refundedMinor) };
}

/** The order as it stands, read without a lock: what the checks before calling the provider see. */
async function currentOrder(db: Db, id: number): Promise<OrderRow> {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  if (!order) throw orderNotFound(id);
  return order;
}

async function refusedWhenShipped(tx: Tx | Db, order: OrderRow): Promise<void> {
  const [shipped] = await tx
    .select({ id: shipments.id })
    .from(shipments)
    .where(eq(shipments.orderId, order.id))
    .limit(1);
  if (shipped || (order.status !== 'pending' && order.status !== 'awaiting_fulfillment')) {
    throw new DomainError(
      'CONFLICT',
      `Order ${order.id} has shipped: refund it instead of cancelling.`,
      'ALREADY_SHIPPED',
    );
  }
}

/**
 * Cancels an order that has not shipped: every unit not refunded yet goes back into stock, the
 * payment is voided when only authorised or refunded (all that is left) when captured, the order
 * becomes cancelled and the customer is emailed. Everything that could refuse is checked before
 * the provider is called, and the provider is called outside our transaction (a provider is
 * remote and slow; the test provider keeps its books in this very database). Its refund's
 * idempotency key names this refund of the order, so a cancellation retried after a failed
 * write gives back the same refund, never a second one.
 */
export async function cancelOrder(
  db: Db,
  context: OrderActionContext & { payments: PaymentProvider; publicUrl: string },
  id: number,
  input: CancelOrderInput,
): Promise<void> {
  const { payments } = context;
  const current = await currentOrder(db, id);
  refusedWhenClosed(current, 'be cancelled');
  await refusedWhenShipped(db, current);
  const { transactionId } = current.payment;
  const paymentState = await paymentStateOf(payments, transactionId);
  if (paymentState === null) {
    throw new DomainError(
      'CONFLICT',
      `The payment provider has no record of payment ${transactionId}: settle it with the provider first.`,
      'PAYMENT_UNKNOWN',
    );
  }
  const planned = await refundsOf(db, current);
  const refundMinor = paymentState === 'captured' ? planned.refundableMinor : 0;
  const refundId =
    refundMinor > 0
      ? (await payments.refund(transactionId, refundMinor, refundKeyOf(id, planned.refunds.length, refundMinor)))
          .refundId
      : null;
  if (paymentState === 'authorized') await payments.void(transactionId);

  await db.transaction(async (tx) => {
    const order = await lockedOrder(tx, id);
    refusedWhenClosed(order, 'be cancelled');
    await refusedWhenShipped(tx, order);
    const { refunds, refundedMinor } = await refundsOf(tx, order);
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
    if (refundId !== null) {
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
    }
  });
}

/** What a refund asked for comes to, checked against the order as it stands; refuses what cannot be refunded. */
async function planRefund(db: Db | Tx, order: OrderRow, input: RefundOrderInput) {
  const { id } = order;
  refusedWhenClosed(order, 'be refunded');
  const { refunds, refundedMinor, refundableMinor } = await refundsOf(db, order);
  if (refundableMinor === 0) {
    throw new DomainError('CONFLICT', `Order ${id} has been refunded in full.`, 'NOTHING_TO_REFUND');
  }
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(orderLines.id);
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
  return { lines, refunds, refundedMinor, refundableMinor, amountMinor };
}

/**
 * Refunds lines, an amount, or everything left, through the payment provider; puts the lines'
 * units back into stock when asked. When the whole total has been refunded the order becomes
 * refunded. An amount above what is left is refused at its field with what is left. Checked
 * first, then the provider called outside our transaction with an idempotency key naming this
 * refund of the order (a retry after a failed write gives back the same refund), then recorded
 * under the order's lock.
 */
export async function refundOrder(
  db: Db,
  context: OrderActionContext & { payments: PaymentProvider },
  id: number,
  input: RefundOrderInput,
): Promise<void> {
  const current = await currentOrder(db, id);
  const planned = await planRefund(db, current, input);
  const { amountMinor } = planned;
  const { transactionId } = current.payment;
  const { refundId } = await context.payments.refund(
    transactionId,
    amountMinor,
    refundKeyOf(id, planned.refunds.length, amountMinor),
  );

  await db.transaction(async (tx) => {
    const order = await lockedOrder(tx, id);
    const { refunds, refundedMinor, refundableMinor } = await refundsOf(tx, order);
    // A retry whose first attempt got as far as recording it.
    if (refunds.some((refund) => refund.refundId === refundId)) return;
    const { lines } = planned;
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
    const status = amountMinor >= refundableMinor ? 'refunded' : order.status;
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
