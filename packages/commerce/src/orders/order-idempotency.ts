import { eq } from 'drizzle-orm';
import { DomainError, isDomainError } from '@piste/core';
import type { Db } from '@piste/db';
import type { PaymentProvider } from '../payments/payment-contract';
import { orderLines, orders } from '../schema/index';
import { readIdempotencyKey } from './checkout-schemas';
import { mayReadOrder } from './order-access';
import { orderOfIntent, recordPaymentAmount } from './order-payment-records';
import type { CheckoutAccess, CheckoutService, OrderAccess } from './order-contract';
import { toOrderDto, type OrderDto } from './order-dto';

/** Who sends a key again: its checkout's cart (when the call names one), and the session or customer. */
export type KeyOwner = OrderAccess & { cartId?: string };

/** Places an order under an idempotency key already read from its header. */
export type PlaceOrder = CheckoutService['placeOrder'];

export const ownerOf = (cartId: string, access: CheckoutAccess): KeyOwner => ({
  cartId,
  customerId: access.customerId ?? null,
  cartSecret: access.secret ?? access.orderSecret ?? null,
});

/** A Postgres unique violation: the same idempotency key placed at the same time (on two carts). */
function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } }).code ??
    (error as { cause?: { code?: string } }).cause?.code;
  return code === '23505';
}

/** The orders idempotency keys placed (docs/checkout.md 'Idempotency'). */
export interface PlacedOrders {
  /** The order a key placed, for its checkout; null when the key has placed none. */
  existingOrder(idempotencyKey: string, owner: KeyOwner): Promise<OrderDto | null>;
  /** `place`, answering the order its key already placed instead of placing another. */
  answeringItsKey(place: PlaceOrder): PlaceOrder;
}

export function createPlacedOrders(db: Db, payments: PaymentProvider): PlacedOrders {
  /**
   * The order a key placed, answered again only to the checkout that placed it: the same cart, by
   * its customer or its session (docs/checkout.md 'Idempotency'). Anyone else learns nothing of
   * the order, not even its number. Null when the key has placed no order.
   */
  async function existingOrder(idempotencyKey: string, owner: KeyOwner): Promise<OrderDto | null> {
    const [order] = await db.select().from(orders).where(eq(orders.idempotencyKey, idempotencyKey));
    if (!order) return null;
    const sameCheckout = owner.cartId === undefined || owner.cartId === order.cartId;
    if (!sameCheckout || !(await mayReadOrder(db, order, owner))) {
      throw new DomainError(
        'CONFLICT',
        'This Idempotency-Key was used for another checkout. Send a new key for a new order.',
        'IDEMPOTENCY_KEY_REUSED',
      );
    }
    return answer(order);
  }

  /**
   * The order, its payment taken: a checkout cut short between committing its order and
   * capturing the payment (the process died) left it authorised, and the retry takes it.
   */
  async function answer(order: typeof orders.$inferSelect): Promise<OrderDto> {
    const { transactionId, capturedMinor, authorizedMinor } = order.payment;
    if (capturedMinor < authorizedMinor) {
      const intent = await payments.retrieveIntent(transactionId);
      if (intent.status === 'requires_capture') await payments.capture(transactionId);
      if (intent.status === 'requires_capture' || intent.status === 'succeeded') {
        await recordPaymentAmount(db, transactionId, 'capturedMinor', intent.amountMinor);
      }
    }
    const [fresh] = await db.select().from(orders).where(eq(orders.id, order.id));
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(orderLines.id);
    return toOrderDto(fresh ?? order, lines);
  }

  /**
   * The order another key placed with the same payment intent (a payment confirmed twice, two
   * tabs placing it): answered to the same checkout only, never a second order.
   */
  async function orderPaidWith(input: unknown, owner: KeyOwner): Promise<OrderDto | null> {
    const intentId = (input as { payment?: { intent_id?: unknown } } | null)?.payment?.intent_id;
    if (typeof intentId !== 'string') return null;
    const order = await orderOfIntent(db, intentId.trim());
    if (!order || order.cartId !== owner.cartId || !(await mayReadOrder(db, order, owner))) return null;
    return answer(order);
  }

  /**
   * Makes placing idempotent: a key that placed an order answers that order to its checkout (a
   * retried request, a double click, a reload), also to each request that lost the race to place
   * it. Those fail on what the winner changed (the cart ordered, the key taken), so a refusal is
   * checked against the key before it is answered.
   */
  function answeringItsKey(place: PlaceOrder): PlaceOrder {
    return async (shopper, cartId, access, input, idempotencyKey, locale) => {
      const key = readIdempotencyKey(idempotencyKey);
      const owner = ownerOf(cartId, access);
      const previous = await existingOrder(key, owner);
      if (previous) return previous;
      try {
        return await place(shopper, cartId, access, input, key, locale);
      } catch (error) {
        // Anything else (a lost commit, a failed capture) is left to the retry and the payment recovery.
        if (!isDomainError(error) && !isUniqueViolation(error)) throw error;
        const raced = (await existingOrder(key, owner)) ?? (await orderPaidWith(input, owner));
        if (raced) return raced;
        throw error;
      }
    };
  }

  return { existingOrder, answeringItsKey };
}
