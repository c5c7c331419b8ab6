import { data, redirect } from 'react-router';
import {
  cartSessionCookie,
  orderSessionCookie,
  type HostedCheckout,
  type ShopperContext,
} from '@piste/commerce/server';
import { isDomainError, localizePath, type LocaleState } from '@piste/core';
import type { LoadContextOf } from '@piste/server/load-context';
import type { FieldMessage } from '../../components/form/form-kit';
import { sessionToken } from '../cart/cart-session.server';
import { checkoutProblem } from './checkout-problem';
import { isSecureRequest } from './checkout-session.server';

/** The query parameter the hosted checkout returns with, naming the order it placed (docs/checkout.md). */
export const HOSTED_ORDER_PARAMETER = 'order';

/** What the checkout page shows when the hosted checkout refuses the cart (a pro past their spend limit). */
export interface HostedCheckoutRefusal {
  hostedCheckoutRefused: true;
  message: string | FieldMessage | null;
  cartLink: boolean;
}

type HandOverReads = LoadContextOf<'orders', 'customer'> & { shopper: ShopperContext };

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
  const token = sessionToken(request);
  if (!localeState.shoppingRegion || !token) throw redirect(cartPath(localeState));
  const customerId = context.customer?.customer.id ?? null;
  const access = { secret: token.secret, customerId };
  const returned = new URL(request.url).searchParams.get(HOSTED_ORDER_PARAMETER);
  if (returned !== null) {
    const orderId = /^[1-9]\d{0,9}$/.test(returned) ? Number(returned) : null;
    if (orderId === null || orderId > 2_147_483_647) throw redirect(cartPath(localeState));
    await context.services.orders.get(orderId, { cartSecret: token.secret, customerId }).catch((error: unknown) => {
      throw isDomainError(error, 'NOT_FOUND') ? redirect(cartPath(localeState)) : error;
    });
    const secure = isSecureRequest(request);
    throw redirect(confirmationPath(localeState, orderId), {
      headers: [
        ['Set-Cookie', cartSessionCookie(null, { secure })],
        ['Set-Cookie', orderSessionCookie({ orderId, secret: token.secret }, { secure })],
      ],
    });
  }
  let checkoutUrl: string;
  try {
    checkoutUrl = await hostedCheckout.checkoutUrl(context.shopper, token.cartId, access, customerId);
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
