import {
  CART_COOKIE,
  cartSessionCookie,
  MAX_LINE_QUANTITY,
  parseCartSessionToken,
  type CartAccess,
  type CartDto,
  type CartLineItemInput,
  type CartSessionToken,
  type ShopperContext,
} from '@piste/commerce/server';
import { DomainError, isDomainError } from '@piste/core';
import { readCookie } from '../../lib/request.server';
import { lineProductUid } from './cart-view';
import type { LoadContextOf } from '@piste/server/load-context';

export { MAX_LINE_QUANTITY };

/** The shopper's cart as a request sees it, and the cookie the answer must carry (new session, or cleared). */
/** What the cart session reads: the cart service, and the signed-in customer who alone opens their cart. */
export type CartReads = LoadContextOf<'cart', 'customer'>;

export interface CartSession {
  cart: CartDto | null;
  setCookie: string | null;
}

/**
 * One cart read per request: the root, the page and an action before them share it. The
 * load context is created per request, so it keys the request (actions and loaders of one
 * request get different Request objects).
 */
const sessions = new WeakMap<CartReads, Promise<CartSession>>();

/** The session's cart key (`piste_cart`). */
export function sessionToken(request: Request): CartSessionToken | null {
  return parseCartSessionToken(readCookie(request, CART_COOKIE));
}

/** The session's keys to its cart: the cookie's secret, and the signed-in customer (who alone opens their cart). */
export function cartAccessOf(context: CartReads, token: CartSessionToken): CartAccess {
  return { secret: token.secret, customerId: context.customer?.customer.id ?? null };
}

const isSecure = (request: Request) => new URL(request.url).protocol === 'https:';

/**
 * Spec §4 'Cart': "On load, if the session holds a cart id, the cart is fetched. If the cart's
 * owner differs from the customer, or the cart is not found, the cart is cleared" — the engine
 * answers both as not found, and the session cookie is cleared.
 */
export function loadCartSession(context: CartReads, request: Request, shopper: ShopperContext) {
  let session = sessions.get(context);
  if (!session) {
    const token = sessionToken(request);
    session = token
      ? context.services.cart.get(shopper, token.cartId, cartAccessOf(context, token)).then(
          (cart): CartSession => ({ cart, setCookie: null }),
          (error: unknown): CartSession => {
            if (!isDomainError(error, 'NOT_FOUND')) throw error;
            return { cart: null, setCookie: cartSessionCookie(null, { secure: isSecure(request) }) };
          },
        )
      : Promise.resolve({ cart: null, setCookie: null });
    sessions.set(context, session);
  }
  return session;
}

/** Response headers that keep the browser's cart cookie in step with the session. */
export function cartSessionHeaders(session: CartSession): HeadersInit | undefined {
  return session.setCookie ? { 'Set-Cookie': session.setCookie } : undefined;
}

function remember(context: CartReads, session: CartSession): CartSession {
  sessions.set(context, Promise.resolve(session));
  return session;
}

/**
 * Adds a variant to the session's cart, creating the cart (and the session cookie) when the
 * session has none or its cart is gone. Engine refusals are thrown as DomainErrors.
 */
export async function addToCart(
  context: CartReads,
  request: Request,
  shopper: ShopperContext,
  item: CartLineItemInput,
): Promise<CartSession> {
  const { cart } = context.services;
  const token = sessionToken(request);
  if (token) {
    const updated = await cart
      .addItems(shopper, token.cartId, cartAccessOf(context, token), [item])
      .catch((error: unknown) => {
        if (isDomainError(error, 'NOT_FOUND')) return null;
        throw error;
      });
    if (updated) return remember(context, { cart: updated, setCookie: null });
  }
  const created = await cart.create(shopper, [item]);
  const customerId = context.customer?.customer.id ?? null;
  // A signed-in customer's new cart is theirs from the start (spec §4 'Cart').
  const owned =
    customerId === null
      ? created.cart
      : await cart.linkCustomer(shopper, created.cart.id, { secret: created.session.secret, customerId }, customerId);
  return remember(context, {
    cart: owned,
    setCookie: cartSessionCookie(created.session, { secure: isSecure(request) }),
  });
}

/** Applies a change to the session's cart; a session without one is NOT_FOUND, like a cart that is gone. */
export async function changeCart(
  context: CartReads,
  request: Request,
  change: (cartId: string, access: CartAccess) => Promise<CartDto>,
): Promise<CartSession> {
  const token = sessionToken(request);
  if (!token) throw new DomainError('NOT_FOUND', 'This session holds no cart.');
  return remember(context, { cart: await change(token.cartId, cartAccessOf(context, token)), setCookie: null });
}

/** What a page action answers: a display-text title (translated where shown) and its values. */
export interface CartProblem {
  status: number;
  message: string;
  values?: Record<string, string | number>;
}

/** The shopper's words for the engine's refusals (spec §8); null for anything else. */
export function cartProblem(error: unknown): CartProblem | null {
  if (!isDomainError(error)) return null;
  switch (error.code) {
    case 'INSUFFICIENT_STOCK':
      return { status: 400, message: 'Sorry, there is not enough of this size in stock.' };
    case 'QUANTITY_LIMIT':
    case 'INVALID_QUANTITY':
      return {
        status: 400,
        message: 'You can have at most {max} of one item in your cart.',
        values: { max: MAX_LINE_QUANTITY },
      };
    case 'TOO_MANY_LINES':
      return { status: 400, message: 'Your cart is full. Remove an item to add another.' };
    case 'UNKNOWN_VARIANT':
      return { status: 400, message: 'Choose a colour and a size.' };
    case 'OUT_OF_STOCK':
    case 'NOT_PURCHASABLE':
      return { status: 409, message: 'Sorry, this item is not available right now.' };
    case 'NOT_FOUND':
    case 'PRODUCT_MISMATCH':
      return { status: 404, message: 'This item is no longer in your cart.' };
    default:
      return null;
  }
}

/** Uids of the products in a cart. */
export function cartProductUids(cart: CartDto | null): string[] {
  return [...new Set((cart?.line_items.physical_items ?? []).map(lineProductUid))];
}
