import { DomainError } from '@piste/core';
import type { CartAccess, HostedCheckout, ShopperContext } from '@piste/commerce';
import type { BigCommerceProviderDeps } from '../provider-deps';
import type { createCartService } from './cart-service';
import { redirectUrlsSchema } from './cart-wire';
import { signCustomerLoginJwt } from './customer-login-jwt';

/**
 * Refuses a pro customer's order past their spend limit (the customers part's
 * `assertWithinSpendLimit`, wired by the composition root): throws the embedded DomainError.
 */
export type SpendCheck = (customerId: number, order: { currencyCode: string; spendMinor: number }) => Promise<void>;

/**
 * The hand-over to BigCommerce's hosted checkout (docs/providers/bigcommerce.md 'Carts and
 * checkout'): the cart's `checkout_url` (POST /v3/carts/{id}/redirect_urls,
 * reference/carts/carts.v3.yml), reached through a Customer Login JWT when the shopper is signed
 * in. The hand-over's `returnUrl` rides along as `return_url`: where the checkout sends the
 * shopper with `order={id}` once the order is placed (the fake's checkout honours it; a store's own
 * checkout is told through its order confirmation settings).
 */
export function createHostedCheckout(
  deps: BigCommerceProviderDeps,
  cart: ReturnType<typeof createCartService>,
  options: { spendCheck?: SpendCheck },
): HostedCheckout {
  return {
    async checkoutUrl(
      shopper: ShopperContext,
      cartId: string,
      access: CartAccess,
      { customerId, returnUrl }: { customerId: number | null; returnUrl: string },
    ) {
      const { cart: bigCommerceCart } = await cart.open(cartId, access);
      if (!bigCommerceCart || bigCommerceCart.line_items.physical_items.length === 0) {
        throw new DomainError('INVALID_DATA', 'The cart is empty.', 'EMPTY_CART');
      }
      if (customerId !== null && options.spendCheck) {
        const priced = await cart.service.get(shopper, cartId, access);
        await options.spendCheck(customerId, {
          currencyCode: priced.currency.code,
          spendMinor: Math.round(priced.cart_amount * 100),
        });
      }
      const answer = await deps.client.v3(`/carts/${bigCommerceCart.id}/redirect_urls`, { method: 'POST' });
      const urls = deps.client.parse('POST /v3/carts/{cartId}/redirect_urls', redirectUrlsSchema, answer.data);
      const checkout = new URL(urls.checkout_url, deps.settings.storefrontUrl);
      checkout.searchParams.set('return_url', returnUrl);
      if (customerId === null) return checkout.toString();
      const jwt = signCustomerLoginJwt(
        {
          iss: deps.settings.clientId,
          store_hash: deps.settings.storeHash,
          customer_id: customerId,
          channel_id: bigCommerceCart.channel_id ?? deps.settings.regions[shopper.region.id].channelId,
          redirect_to: `${checkout.pathname}${checkout.search}`,
        },
        deps.settings.clientSecret,
      );
      return `${deps.settings.storefrontUrl}/login/token/${jwt}`;
    },
  };
}
