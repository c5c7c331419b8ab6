import {
  CART_COOKIE,
  ORDER_COOKIE,
  parseCartSessionToken,
  parseOrderSessionToken,
  type CartSessionToken,
  type OrderAccess,
} from '@piste/commerce';

function readCookie(request: Request, name: string): string | null {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return null;
}

/** The session's cart key (`piste_cart`), which placing the order needs besides the cart. */
export function cartSessionToken(request: Request): CartSessionToken | null {
  return parseCartSessionToken(readCookie(request, CART_COOKIE));
}

/**
 * Who may read an order: the session that placed it, by the `piste_order` cookie the checkout
 * set (docs/checkout.md). Signed-in customers arrive with the accounts issue (8).
 */
export function orderAccessOf(request: Request, orderId: number): OrderAccess {
  const session = parseOrderSessionToken(readCookie(request, ORDER_COOKIE));
  return { cartSecret: session?.orderId === orderId ? session.secret : null, customerId: null };
}

export const isSecureRequest = (request: Request) => new URL(request.url).protocol === 'https:';
