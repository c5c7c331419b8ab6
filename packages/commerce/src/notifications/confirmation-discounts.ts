import { cartSavings } from '../cart/cart-savings';
import type { CartDto } from '../cart/cart-dto';
import type { OrderConfirmationDiscount } from './email-templates';

/** The confirmation email's discount lines from the ordered cart, each amount written negative. */
export function confirmationDiscounts(
  cart: Pick<CartDto, 'coupons' | 'discounts'>,
  money: (minor: number) => string,
  toMinor: (amount: number) => number,
): OrderConfirmationDiscount[] {
  return cartSavings(cart).map(({ code, name, amount }) => ({ code, name, amount: money(-toMinor(amount)) }));
}
