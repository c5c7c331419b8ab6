import type { CartService, HostedCheckout } from '@piste/commerce';
import type { BigCommerceProviderDeps } from '../provider-deps';
import { mediaIdFromImageUrl } from './cart-pricing';
import { createCartService } from './cart-service';
import { createHostedCheckout, type SpendCheck } from './hosted-checkout';

export type { SpendCheck } from './hosted-checkout';

export interface BigCommerceCartOptions {
  /** The pro spend-limit check before the hand-over (customers' assertWithinSpendLimit). */
  spendCheck?: SpendCheck;
  /** Our media id of a BigCommerce image URL; its file name by default. */
  mediaIdOfImage?: (imageUrl: string) => string | null;
}

/** Carts over BigCommerce's v3 carts, and the hand-over to its hosted checkout. */
export function createBigCommerceCart(
  deps: BigCommerceProviderDeps,
  options: BigCommerceCartOptions = {},
): {
  cart: CartService;
  hostedCheckout: HostedCheckout;
} {
  const cart = createCartService(deps, { mediaIdOfImage: options.mediaIdOfImage ?? mediaIdFromImageUrl });
  const hostedCheckout = createHostedCheckout(deps, cart, { spendCheck: options.spendCheck });
  return { cart: cart.service, hostedCheckout };
}
