import { ORDER_COOKIE, parseOrderSessionToken, type OrderAccess } from '@piste/commerce/server';
import type { LoadContextOf } from '@piste/server/load-context';
import { readCookie } from '../../lib/request.server';

/**
 * Who may read an order: the session that placed it, by the `piste_order` cookie the checkout
 * set (docs/checkout.md), or the signed-in customer whose order it is.
 */
export function orderAccessOf(
  context: LoadContextOf<never, 'customer'>,
  request: Request,
  orderId: number,
): OrderAccess {
  const session = parseOrderSessionToken(readCookie(request, ORDER_COOKIE));
  return {
    cartSecret: session?.orderId === orderId ? session.secret : null,
    customerId: context.customer?.customer.id ?? null,
  };
}

export const isSecureRequest = (request: Request) => new URL(request.url).protocol === 'https:';
