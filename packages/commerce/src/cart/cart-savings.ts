import type { CartDto } from './cart-dto';

/** A promotion's saving on a cart: a coupon's (with its code) or an automatic promotion's (code null). */
export interface CartSaving {
  id: string;
  code: string | null;
  name: string;
  /** Positive, in the cart's currency. */
  amount: number;
}

/**
 * A cart's savings as totals show them: each coupon under its code, then the automatic
 * promotions under their names. The cart's `discounts` hold every promotion's saving, coupons'
 * included, so those are not counted twice. Savings of nothing (a coupon whose minimum the cart
 * no longer meets) are left out.
 */
export function cartSavings(cart: Pick<CartDto, 'coupons' | 'discounts'>): CartSaving[] {
  const isCoupon = (discount: CartDto['discounts'][number]) =>
    cart.coupons.some((coupon) => coupon.id === discount.id || coupon.name === discount.name);
  return [
    ...cart.coupons.map((coupon) => ({
      id: coupon.id,
      code: coupon.code,
      name: coupon.name,
      amount: coupon.discounted_amount,
    })),
    ...cart.discounts
      .filter((discount) => !isCoupon(discount))
      .map((discount) => ({ id: discount.id, code: null, name: discount.name, amount: discount.discounted_amount })),
  ].filter((saving) => saving.amount > 0);
}
