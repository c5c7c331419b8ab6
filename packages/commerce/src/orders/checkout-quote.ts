import { DomainError } from '@piste/core';
import type { CartService } from '../cart/cart-contract';
import type { ShippingService } from '../shipping/shipping-contract';
import type { TaxService } from '../tax/tax-contract';
import { parseInput } from '../validation';
import { destinationInputSchema } from './checkout-schemas';
import type { CheckoutService } from './order-contract';

/** Cart DTOs carry decimal amounts; every sum here is in integer minor units (2 decimals for USD, CAD, EUR). */
export const toMinor = (amount: number) => Math.round(amount * 100);

/**
 * The checkout's quote: the cart priced again on the server (promotions taken off), the shipping
 * options for the destination (the chosen one, else the cheapest) and the tax on the discounted
 * subtotal, in minor units (docs/checkout.md 'Flow').
 */
export function createCheckoutQuotes(services: {
  cart: CartService;
  shipping: ShippingService;
  tax: TaxService;
}): Pick<CheckoutService, 'quote'> {
  return {
    async quote(shopper, cartId, access, destination, shippingMethodId) {
      const { country_iso2: country, state } = parseInput(destinationInputSchema, destination, 'Field');
      const cart = await services.cart.get(shopper, cartId, access);
      if (cart.line_items.physical_items.length === 0) {
        throw new DomainError('INVALID_DATA', 'The cart is empty.', 'EMPTY_CART');
      }
      const subtotalMinor = toMinor(cart.cart_amount);
      const place = { country, ...(state ? { state } : {}) };
      const quoted = await services.shipping.quote(shopper.region, {
        ...place,
        subtotalMinor,
        customerGroupId: shopper.customerGroupId,
      });
      // A free-shipping promotion (docs/promotions.md) makes every option free; each keeps its name.
      const shippingOptions = cart.free_shipping ? quoted.map((option) => ({ ...option, costMinor: 0 })) : quoted;
      const shipping =
        shippingMethodId === undefined
          ? (shippingOptions[0] ?? null)
          : (shippingOptions.find((option) => option.id === shippingMethodId) ?? null);
      if (shippingMethodId !== undefined && !shipping) {
        throw new DomainError(
          'INVALID_DATA',
          'That shipping method is not available for this address.',
          'INVALID_SHIPPING_METHOD',
        );
      }
      const shippingMinor = shipping?.costMinor ?? 0;
      const tax = await services.tax.taxFor(shopper.region, place, { subtotalMinor, shippingMinor });
      return {
        cart,
        shippingOptions,
        shipping,
        tax,
        totals: {
          subtotalMinor,
          // Sale, group and promotion savings: all already out of the subtotal (docs/promotions.md).
          discountMinor: toMinor(cart.base_amount) - subtotalMinor,
          shippingMinor,
          taxMinor: tax.taxMinor,
          totalMinor: subtotalMinor + shippingMinor + (tax.included ? 0 : tax.taxMinor),
        },
      };
    },
  };
}
