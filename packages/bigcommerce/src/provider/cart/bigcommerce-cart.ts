import type { CartService, HostedCheckout } from '@piste/commerce';
import type { BigCommerceProviderDeps } from '../provider-deps';
import { unfinished } from '../unfinished';

/** Carts over BigCommerce's v3 carts, and the hand-over to its hosted checkout. */
export function createBigCommerceCart(_deps: BigCommerceProviderDeps): {
  cart: CartService;
  hostedCheckout: HostedCheckout;
} {
  return { cart: unfinished('cart'), hostedCheckout: unfinished('hostedCheckout') };
}
