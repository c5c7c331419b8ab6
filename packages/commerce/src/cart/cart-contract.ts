import type { ShopperContext } from '../shopper-context';
import type { CartDto } from './cart-dto';
import type { CartItemUpdate, CartLineItemInput } from './cart-schemas';
import type { CartSessionToken } from './cart-session';

/**
 * The cart's contract (spec §3 'Cart', §4 'Cart'): lines reference variants; quantities are 1–99
 * and never above stock; prices come from the region's price list and the shopper's group on every
 * read. The embedded implementation is `createCartService` (cart-service.ts).
 */

/** Who is asking for a cart. A guest cart opens with its session secret; a customer's cart only to that customer. */
export interface CartAccess {
  /** The secret of the caller's cart session, when it names this cart. */
  secret?: string | null;
  /** The signed-in customer, whose own cart opens without a secret. */
  customerId?: number | null;
}

export interface CartService {
  /**
   * `POST cart/create`: a new guest cart holding the given lines. Answers the cart and the
   * session token (cart id and secret) that opens it; the secret is not kept anywhere else.
   */
  create(
    shopper: ShopperContext,
    lineItems: readonly CartLineItemInput[],
  ): Promise<{ cart: CartDto; session: CartSessionToken }>;
  /** `GET cart/{cartId}`: NOT_FOUND for a cart the caller cannot reach, so its existence never shows. */
  get(shopper: ShopperContext, cartId: string, access: CartAccess): Promise<CartDto>;
  /** `POST cart/{cartId}/items`: a variant the cart holds gets the quantities added to its line. */
  addItems(
    shopper: ShopperContext,
    cartId: string,
    access: CartAccess,
    lineItems: readonly CartLineItemInput[],
  ): Promise<CartDto>;
  /** `PUT cart/{cartId}/items/{itemId}`: a line's quantity and, with `variantID`, its variant (of the same product). */
  updateItem(
    shopper: ShopperContext,
    cartId: string,
    access: CartAccess,
    itemId: string,
    update: CartItemUpdate,
  ): Promise<CartDto>;
  /** `DELETE cart/{cartId}/items/{itemId}`. The cart stays, empty or not. */
  removeItem(shopper: ShopperContext, cartId: string, access: CartAccess, itemId: string): Promise<CartDto>;
  /** `PUT cart/{cartId}`: links the cart to the signed-in customer, or with `null` unlinks it. */
  linkCustomer(
    shopper: ShopperContext,
    cartId: string,
    access: CartAccess,
    customerId: number | null,
  ): Promise<CartDto>;
  /** The signed-in customer's most recent active cart, with a new session secret for this browser; null when none. */
  resumeForCustomer(customerId: number): Promise<CartSessionToken | null>;
  /** `DELETE cart/{cartId}`. */
  delete(cartId: string, access: CartAccess): Promise<void>;
}
