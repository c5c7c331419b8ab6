import {
  proHomeBrand,
  proSpendView,
  type CartService,
  type CustomerService,
  type CustomerStatus,
  type ProSpendView,
  type ShopperContext,
  type StoreService,
} from '@piste/commerce';
import { CART_COOKIE, cartSessionCookie, parseCartSessionToken } from '@piste/commerce/server';
import { isDomainError, type LocaleState } from '@piste/core';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';

/** The personal parts of a page's header (decision 029-a): what shared pages fetch after load. */
export interface ShopperSummary {
  /** Items in the cart (quantities, not lines). */
  cartItemCount: number;
  /** Uids of the cart's products, for the product page's add-ons ("Added to cart", spec §4 'Product card'). */
  cartProductUids: string[];
  customer: null | { firstName: string; isPro: boolean; isEmployee: boolean; proSpend: ProSpendView | null };
}

export interface ShopperSummaryServices {
  cart: CartService;
  customers: CustomerService;
  store: StoreService;
  logger: FastifyBaseLogger;
}

type CartSummary = Pick<ShopperSummary, 'cartItemCount' | 'cartProductUids'>;

const NO_CART: CartSummary = { cartItemCount: 0, cartProductUids: [] };

/**
 * What the cart holds, or nothing. Spec §4 'Cart': a session whose cart is gone (or another
 * customer's) is cleared, so the answer clears the cookie.
 */
async function cartSummary(
  services: ShopperSummaryServices,
  request: FastifyRequest,
  reply: FastifyReply,
  shopper: ShopperContext,
  customer: CustomerStatus | null,
): Promise<CartSummary> {
  const token = parseCartSessionToken(request.cookies[CART_COOKIE]);
  if (!token) return NO_CART;
  try {
    const access = { secret: token.secret, customerId: customer?.customer.id ?? null };
    const lines = (await services.cart.get(shopper, token.cartId, access)).line_items.physical_items;
    return {
      cartItemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
      // A line's url is the catalogue's `/{uid}/`, as the storefront's cart-view.ts reads it.
      cartProductUids: [...new Set(lines.map((line) => line.url.replaceAll('/', '')))],
    };
  } catch (error) {
    if (!isDomainError(error, 'NOT_FOUND')) throw error;
    reply.header('set-cookie', cartSessionCookie(null, { secure: request.protocol === 'https' }));
    return NO_CART;
  }
}

/**
 * A pro's spend, written as the storefront writes it for signed-in pages (pro-spend-view.ts in
 * @piste/commerce). A failure leaves it out (spec §8): the header shows the rest.
 */
async function proSpend(
  services: ShopperSummaryServices,
  customer: CustomerStatus,
  shopper: ShopperContext,
  localeState: LocaleState,
): Promise<ProSpendView | null> {
  try {
    const [total, currencies] = await Promise.all([
      services.customers.proOrderTotal(customer.customer.id, proHomeBrand(customer.proRegion)),
      services.store.listCurrencies(shopper.region).then((answer) => answer.data),
    ]);
    return proSpendView(total, localeState.locale, currencies[0]);
  } catch (error) {
    services.logger.error({ err: error }, '[customer:pro-spend] Spend status fetch failed');
    return null;
  }
}

/** The header's personal parts for the request's visitor, in the page's locale and region. */
export async function shopperSummary(
  services: ShopperSummaryServices,
  request: FastifyRequest,
  reply: FastifyReply,
  visitor: { customer: CustomerStatus | null; shopper: ShopperContext; localeState: LocaleState },
): Promise<ShopperSummary> {
  const { customer, shopper, localeState } = visitor;
  const [cart, spend] = await Promise.all([
    cartSummary(services, request, reply, shopper, customer),
    customer?.isPro ? proSpend(services, customer, shopper, localeState) : null,
  ]);
  return {
    ...cart,
    customer: customer && {
      firstName: customer.customer.first_name,
      isPro: customer.isPro,
      isEmployee: customer.isEmployee,
      proSpend: spend,
    },
  };
}
