import { and, count, eq, sql } from 'drizzle-orm';
import { DomainError } from '@piste/core';
import type { Db } from '@piste/db';
import type { CartDto } from '../cart/cart-dto';
import { toMinor } from '../orders/checkout-quote';
import { orders, promotionRedemptions, promotions } from '../schema/index';
import { couponRefusalMessage } from './coupon-messages';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type OrderPromotion = (typeof orders.$inferSelect)['promotions'][number];

export interface OrderRedemption {
  orderId: number;
  /** The cart as priced for the order: its `discounts` are the promotions that hold. */
  cart: CartDto;
  customerId: number | null;
  email: string;
}

function usedUp(name: string, byThisCustomer = false): DomainError {
  return new DomainError(
    'CONFLICT',
    couponRefusalMessage('COUPON_USED_UP', name, { byThisCustomer }),
    'COUPON_USED_UP',
    {
      code: name,
    },
  );
}

/**
 * Redeems the promotions an order's cart was priced with, inside the order's transaction
 * (issue 28 §2 'Limits hold under concurrency'; docs/promotions.md 'Limits'). Each use is counted
 * by one conditional update, which takes the promotion's row lock until the order commits: a
 * checkout racing for the last use waits, then finds none left. The per-customer count is read
 * after that lock, so it sees every committed use. A refusal throws CONFLICT COUPON_USED_UP,
 * which rolls the order back (and its payment is voided). Writes the order's `promotions`
 * snapshot and a `promotion_redemptions` row for each.
 */
export async function redeemPromotions(tx: Tx, order: OrderRedemption): Promise<void> {
  // Locked in id order, so two orders redeeming the same promotions never wait on each other in a cycle.
  const applied = [...order.cart.discounts].sort((a, b) => Number(a.id) - Number(b.id));
  if (applied.length === 0) return;
  const snapshot: OrderPromotion[] = [];
  for (const discount of applied) {
    const id = Number(discount.id);
    const codeOnCart = order.cart.coupons.find((coupon) => coupon.id === discount.id)?.code;
    const [promotion] = await tx
      .update(promotions)
      .set({ timesUsed: sql`${promotions.timesUsed} + 1` })
      .where(
        and(
          eq(promotions.id, id),
          sql`(${promotions.usageLimit} is null or ${promotions.timesUsed} < ${promotions.usageLimit})`,
        ),
      )
      .returning({
        name: promotions.name,
        code: promotions.code,
        kind: promotions.kind,
        perCustomerLimit: promotions.perCustomerLimit,
      });
    if (!promotion) throw usedUp(codeOnCart ?? discount.name);
    if (promotion.perCustomerLimit !== null) {
      // By customer when signed in, else by email (a guest's orders carry only that).
      const [row] = await tx
        .select({ used: count() })
        .from(promotionRedemptions)
        .where(
          and(
            eq(promotionRedemptions.promotionId, id),
            order.customerId !== null
              ? eq(promotionRedemptions.customerId, order.customerId)
              : sql`lower(${promotionRedemptions.email}) = lower(${order.email})`,
          ),
        );
      if ((row?.used ?? 0) >= promotion.perCustomerLimit) throw usedUp(promotion.code ?? promotion.name, true);
    }
    snapshot.push({
      id,
      name: promotion.name,
      code: promotion.code,
      kind: promotion.kind,
      discountMinor: toMinor(discount.discounted_amount),
    });
  }
  await tx.insert(promotionRedemptions).values(
    snapshot.map((entry) => ({
      promotionId: entry.id,
      orderId: order.orderId,
      customerId: order.customerId,
      email: order.email,
      code: entry.code,
      discountMinor: entry.discountMinor,
    })),
  );
  await tx.update(orders).set({ promotions: snapshot }).where(eq(orders.id, order.orderId));
}
