import { and, count, eq, sql } from 'drizzle-orm';
import { DomainError } from '@piste/core';
import type { Db } from '@piste/db';
import type { CartService } from '../cart/cart-contract';
import { loadCartGraph } from '../cart/cart-graph';
import { cartPromotionInputs } from '../cart/cart-pricing';
import { cartCoupons, carts, promotionRedemptions, promotions } from '../schema/index';
import { moneyFormatter } from '../store/money-format';
import { parseInput } from '../validation';
import { couponRefused } from './coupon-messages';
import type { PromotionService } from './promotion-contract';
import { findPromotionByCode, promotionFromJson } from './promotion-loader';
import { couponCodeSchema } from './promotion-schemas';
import { couponRefusal } from './promotion-rules';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** How many orders of this customer redeemed the promotion. */
async function redemptionsByCustomer(tx: Tx, promotionId: number, customerId: number): Promise<number> {
  const [row] = await tx
    .select({ used: count() })
    .from(promotionRedemptions)
    .where(and(eq(promotionRedemptions.promotionId, promotionId), eq(promotionRedemptions.customerId, customerId)));
  return row?.used ?? 0;
}

/**
 * Coupon codes on carts (issue 28 §2, docs/promotions.md 'Coupons'): one code per cart; a code is
 * trimmed and matched case-insensitively; a refused code names itself and why. The cart is
 * re-priced from the database on the answer, so the code shows at once.
 */
export function createPromotionService(db: Db, services: { cart: CartService }): PromotionService {
  return {
    async applyCoupon(shopper, cartId, access, input) {
      const typed = parseInput(couponCodeSchema, input, 'Field');
      // A cart the caller cannot reach answers 404 before anything about the code.
      await services.cart.get(shopper, cartId, access);
      const promotion = await findPromotionByCode(db, typed);
      if (!promotion?.enabled) throw couponRefused('COUPON_UNKNOWN', typed);
      const code = promotion.code!;
      await db.transaction(async (tx) => {
        // The cart's row lock: two codes sent at once cannot both land on it.
        const [locked] = await tx
          .select({ status: carts.status })
          .from(carts)
          .where(eq(carts.id, cartId))
          .for('update');
        if (locked?.status !== 'active') throw new DomainError('NOT_FOUND', `Cart ${cartId} does not exist.`);
        const graph = await loadCartGraph(tx as unknown as Db, cartId, shopper.region.priceListRegion);
        const applied = graph.coupons.map(promotionFromJson);
        if (applied.some((coupon) => coupon.id === promotion.id)) return;
        if (applied.length > 0) throw couponRefused('COUPON_ALREADY_APPLIED', code, { applied: applied[0]!.code! });
        const { lines, context } = cartPromotionInputs(shopper, graph, new Date());
        const refusal = couponRefusal(
          promotion,
          lines.map((line) => line.promotionLine),
          context,
        );
        if (refusal === 'COUPON_BELOW_MINIMUM') {
          const money = await moneyFormatter(tx, context.currencyCode);
          throw couponRefused(refusal, code, { minimum: money(promotion.minSubtotalMinor!) });
        }
        if (refusal !== null) throw couponRefused(refusal, code);
        const customerId = graph.cart!.customer_id ?? access.customerId ?? null;
        // A guest's share is counted by email when the order is placed (promotion-redemption.ts).
        if (
          promotion.perCustomerLimit !== null &&
          customerId !== null &&
          (await redemptionsByCustomer(tx, promotion.id, customerId)) >= promotion.perCustomerLimit
        ) {
          throw couponRefused('COUPON_USED_UP', code, { byThisCustomer: true });
        }
        await tx.insert(cartCoupons).values({ cartId, promotionId: promotion.id });
      });
      return services.cart.get(shopper, cartId, access);
    },

    async removeCoupon(shopper, cartId, access, input) {
      const typed = parseInput(couponCodeSchema, input, 'Path parameter');
      await services.cart.get(shopper, cartId, access);
      const removed = await db
        .delete(cartCoupons)
        .where(
          and(
            eq(cartCoupons.cartId, cartId),
            eq(
              cartCoupons.promotionId,
              sql`any(select ${promotions.id} from ${promotions} where lower(${promotions.code}) = lower(${typed}))`,
            ),
          ),
        )
        .returning({ promotionId: cartCoupons.promotionId });
      if (removed.length === 0) {
        throw new DomainError('NOT_FOUND', `The code ${typed} is not applied to this cart.`, 'COUPON_NOT_APPLIED', {
          code: typed,
        });
      }
      return services.cart.get(shopper, cartId, access);
    },
  };
}
