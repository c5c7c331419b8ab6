import type { CartAccess } from '../cart/cart-contract';
import type { CartDto } from '../cart/cart-dto';
import type { ShopperContext } from '../shopper-context';

/**
 * Promotions and coupon codes (issue 28 §2, docs/promotions.md). Rules are data (schema/promotions.ts);
 * the cart prices them on every read (cart_amount, coupons, discounts, line discounts), the
 * checkout quote makes shipping free when one says so, and the order's transaction redeems them
 * under the promotion's row lock so that usage limits hold under concurrency.
 *
 * SKELETON (issue 28): the promotions-core work fills this in; names may be refined.
 */

/** Why a code is refused; each has a message naming the code (the storefront translates by code). */
export const COUPON_REFUSALS = [
  'COUPON_UNKNOWN',
  'COUPON_EXPIRED',
  'COUPON_NOT_STARTED',
  'COUPON_USED_UP',
  'COUPON_NOT_IN_REGION',
  'COUPON_BELOW_MINIMUM',
  'COUPON_NOT_ELIGIBLE',
  'COUPON_ALREADY_APPLIED',
] as const;
export type CouponRefusal = (typeof COUPON_REFUSALS)[number];

export interface PromotionService {
  /**
   * `POST /api/cart/{cartId}/coupons` with `{ coupon_code }`: trims and matches the code
   * case-insensitively, checks it for this shopper and cart, and answers the re-priced cart.
   * A refused code throws a DomainError (4xx) whose `reason` is a CouponRefusal.
   */
  applyCoupon(shopper: ShopperContext, cartId: string, access: CartAccess, code: unknown): Promise<CartDto>;
  /** `DELETE /api/cart/{cartId}/coupons/{code}`: answers the re-priced cart; an absent code is a 404. */
  removeCoupon(shopper: ShopperContext, cartId: string, access: CartAccess, code: string): Promise<CartDto>;
}
