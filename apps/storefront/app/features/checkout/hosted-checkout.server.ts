import { data, redirect } from 'react-router';
import {
  cartSessionCookie,
  ORDER_COOKIE,
  orderSessionCookie,
  parseOrderSessionToken,
  type HostedCheckout,
  type ShopperContext,
} from '@piste/commerce/server';
import { isDomainError, localizePath, type LocaleState } from '@piste/core';
import type { LoadContextOf } from '@piste/server/load-context';
import type { FieldMessage } from '../../components/form/form-kit';
import { readCookie } from '../../lib/request.server';
import { sessionToken } from '../cart/cart-session.server';
import { checkoutProblem } from './checkout-problem';
import { isSecureRequest } from './checkout-session.server';

/** The query parameter the hosted checkout returns with, naming the order it placed (docs/checkout.md). */
export const HOSTED_ORDER_PARAMETER = 'order';

/** Order numbers are Postgres integers on our side and BigCommerce's. */
const MAX_ORDER_ID = 2_147_483_647;

/** What the checkout page shows when the hosted checkout refuses the cart (a pro past their spend limit). */
export interface HostedCheckoutRefusal {
  hostedCheckoutRefused: true;
  message: string | FieldMessage | null;
  cartLink: boolean;
}

type HandOverReads = LoadContextOf<'orders', 'customer' | 'publicUrl'> & { shopper: ShopperContext };

const cartPath = (localeState: LocaleState) => localizePath(localeState.locale, '/cart');
const confirmationPath = (localeState: LocaleState, orderId: number) =>
  localizePath(localeState.locale, `/checkout/confirmation/${orderId}`);

/**
 * The checkout page when the commerce platform takes orders (docs/checkout.md 'Hosted
 * checkout'). Without `?order=`, the shopper is sent to the platform's checkout with their cart,
 * signed in when they are. Back with `?order=ID`, the cart's session becomes the order's (as our
 * own checkout does on placing one) and the shopper lands on our confirmation page — once the
 * order proves readable with the cart's secret, so a made-up number changes nothing.
 */
export async function handOverToHostedCheckout(
  context: HandOverReads,
  hostedCheckout: HostedCheckout,
  request: Request,
  localeState: LocaleState,
) {
  if (!localeState.shoppingRegion) throw redirect(cartPath(localeState));
  const returned = new URL(request.url).searchParams.get(HOSTED_ORDER_PARAMETER);
  if (returned !== null) throw await returnedWithOrder(context, request, localeState, returned);
  const token = sessionToken(request);
  if (!token) throw redirect(cartPath(localeState));
  const customerId = context.customer?.customer.id ?? null;
  const access = { secret: token.secret, customerId };
  let checkoutUrl: string;
  try {
    checkoutUrl = await hostedCheckout.checkoutUrl(context.shopper, token.cartId, access, {
      customerId,
      // Back to this page, in the shopper's locale, which then opens the order's confirmation.
      returnUrl: new URL(localizePath(localeState.locale, '/checkout'), context.publicUrl).toString(),
    });
  } catch (error) {
    const problem = checkoutProblem(error);
    if (!problem) throw error;
    if (problem.kind === 'cart-gone') throw redirect(cartPath(localeState));
    const refusal: HostedCheckoutRefusal = {
      hostedCheckoutRefused: true,
      message: problem.message ?? Object.values(problem.errors)[0]?.message ?? null,
      cartLink: problem.cartLink,
    };
    return data(refusal, { status: problem.status });
  }
  throw redirect(checkoutUrl);
}

/**
 * Back from the hosted checkout with `?order=ID`: the redirect to our confirmation once the order
 * reads as the session's. The cart's session becomes the order's, as our checkout does on placing
 * one; a reload after that finds the order cookie already set. Anything else goes to the cart page.
 */
async function returnedWithOrder(
  context: HandOverReads,
  request: Request,
  localeState: LocaleState,
  returned: string,
): Promise<Response> {
  const orderId = /^[1-9]\d{0,9}$/.test(returned) && Number(returned) <= MAX_ORDER_ID ? Number(returned) : null;
  if (orderId === null) return redirect(cartPath(localeState));
  if (parseOrderSessionToken(readCookie(request, ORDER_COOKIE))?.orderId === orderId) {
    return redirect(confirmationPath(localeState, orderId));
  }
  const token = sessionToken(request);
  if (!token) return redirect(cartPath(localeState));
  const customerId = context.customer?.customer.id ?? null;
  try {
    await context.services.orders.get(orderId, { cartSecret: token.secret, customerId });
  } catch (error) {
    if (isDomainError(error, 'NOT_FOUND')) return redirect(cartPath(localeState));
    throw error;
  }
  const secure = isSecureRequest(request);
  return redirect(confirmationPath(localeState, orderId), {
    headers: [
      ['Set-Cookie', cartSessionCookie(null, { secure })],
      ['Set-Cookie', orderSessionCookie({ orderId, secret: token.secret }, { secure })],
    ],
  });
}
