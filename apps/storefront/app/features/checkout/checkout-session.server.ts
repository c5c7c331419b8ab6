import { ORDER_COOKIE, parseOrderSessionToken, type OrderAccess } from '@piste/commerce';
import { readCookie } from '../cart/cart-session.server';

/**
 * Who may read an order: the session that placed it, by the `piste_order` cookie the checkout
 * set (docs/checkout.md). Signed-in customers arrive with the accounts issue (8).
 */
export function orderAccessOf(request: Request, orderId: number): OrderAccess {
  const session = parseOrderSessionToken(readCookie(request, ORDER_COOKIE));
  return { cartSecret: session?.orderId === orderId ? session.secret : null, customerId: null };
}

export const isSecureRequest = (request: Request) => new URL(request.url).protocol === 'https:';
