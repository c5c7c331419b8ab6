import { cartSavings, type CartDto, type CartLineItemDto } from '@piste/commerce';

/** A cart line as the cart page shows it; money in decimal amounts of the cart's currency. */
export interface CartLineView {
  id: string;
  uid: string;
  name: string;
  imageUrl: string;
  options: { name: string; value: string }[];
  quantity: number;
  listPrice: number;
  salePrice: number;
  linePrice: number;
  /** What promotions took off the line, by promotion name (shown under it). */
  savings: { name: string; amount: number }[];
}

/**
 * One saving row of a total: a coupon's ("Discount (WELCOME10)") or an automatic promotion's
 * (its name). `amount` is positive; pages write it negative.
 */
export interface DiscountRowView {
  key: string;
  /** The coupon code, for a coupon's row; null for an automatic promotion. */
  code: string | null;
  name: string;
  amount: number;
}

export interface CartView {
  lines: CartLineView[];
  /** What the lines cost before promotions (their extended sale prices). */
  itemsTotal: number;
  /** What the lines cost after promotions (`cart_amount`). */
  subtotal: number;
  /** The codes applied to the cart, each with its Remove button. */
  coupons: { code: string; name: string }[];
  discounts: DiscountRowView[];
  /** A promotion makes shipping free for this cart. */
  freeShipping: boolean;
}

/** An empty cart's view. */
export const EMPTY_CART_VIEW: CartView = {
  lines: [],
  itemsTotal: 0,
  subtotal: 0,
  coupons: [],
  discounts: [],
  freeShipping: false,
};

/** The longest code the coupon call takes (issue 28 'Promotions': "trimmed, 1–64 chars"). */
export const MAX_COUPON_LENGTH = 64;

/**
 * What the coupon forms answer (cart and checkout pages): a display-text title with its values,
 * and the code as the shopper typed it, so a refused code stays in the field.
 */
export interface CouponAnswer {
  form: 'coupon';
  ok: boolean;
  message: string;
  values?: Record<string, string | number>;
  typed: string;
}

/** Whether a page's action data is a coupon form's answer (the page's other forms answer too). */
export function isCouponAnswer(value: unknown): value is CouponAnswer {
  return typeof value === 'object' && value !== null && (value as { form?: unknown }).form === 'coupon';
}

/** Free-shipping progress: the zone's free-shipping minimum and what is left to reach it. */
export interface FreeShippingView {
  threshold: number;
  remaining: number;
}

/** A sum of decimal amounts, rounded to cents so that 0.1 + 0.2 shows as 0.30. */
function sumMoney(amounts: number[]): number {
  return Math.round(amounts.reduce((sum, amount) => sum + amount * 100, 0)) / 100;
}

/** A line's product uid: its url is the catalogue's `/{uid}/`, the storefront's `/p/{uid}`. */
export function lineProductUid(line: Pick<CartLineItemDto, 'url'>): string {
  return line.url.replaceAll('/', '');
}

/** A cart's saving rows (`cartSavings`: coupons under their codes, then automatic promotions). */
export function discountRows(cart: Pick<CartDto, 'coupons' | 'discounts'>): DiscountRowView[] {
  return cartSavings(cart).map(({ id, code, name, amount }) => ({
    key: `${code === null ? 'promotion' : 'coupon'}-${id}`,
    code,
    name,
    amount,
  }));
}

export function toCartView(cart: CartDto): CartView {
  const lines = cart.line_items.physical_items;
  return {
    lines: lines.map((line) => ({
      id: line.id,
      uid: lineProductUid(line),
      name: line.name,
      imageUrl: line.image_url,
      options: line.options,
      quantity: line.quantity,
      listPrice: line.list_price,
      salePrice: line.sale_price,
      linePrice: line.extended_sale_price,
      savings: line.discounts
        .filter((discount) => discount.discounted_amount > 0)
        .map((discount) => ({ name: discount.name, amount: discount.discounted_amount })),
    })),
    itemsTotal: sumMoney(lines.map((line) => line.extended_sale_price)),
    subtotal: cart.cart_amount,
    coupons: cart.coupons.map((coupon) => ({ code: coupon.code, name: coupon.name })),
    discounts: discountRows(cart),
    freeShipping: cart.free_shipping,
  };
}
