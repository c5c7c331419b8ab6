/**
 * BigCommerce's cart shape (snake_case), as the proxy answers it. Money is in decimal amounts
 * of `currency.code`, computed from integer minor units. There is deliberately no `status`
 * field: spec §4 'Cart' has clients ignore any cart answer that carries one.
 */
export interface CartLineItemDto {
  id: string;
  product_id: number;
  variant_id: number;
  sku: string;
  name: string;
  /** The product's custom url, `/{uid}/` as in the catalogue. */
  url: string;
  image_url: string;
  quantity: number;
  /** The variant's regular price. */
  list_price: number;
  /** What the shopper pays for one: the sale price when lower, then the customer-group discount. */
  sale_price: number;
  extended_list_price: number;
  extended_sale_price: number;
  options: { name: string; value: string }[];
  /** Promotions that took money off this line (BigCommerce's line `discounts`), in the cart's currency. */
  discounts: CartDiscountDto[];
  /** What a coupon took off this line (BigCommerce's `coupon_amount`). */
  coupon_amount: number;
}

/** A promotion's saving (BigCommerce's `discounts[]`): `id` is the promotion's id. */
export interface CartDiscountDto {
  id: string;
  /** The promotion's name, for the shopper. */
  name: string;
  discounted_amount: number;
}

/** A coupon code applied to the cart (BigCommerce's checkout `coupons[]`). */
export interface CartCouponDto {
  id: string;
  /** As the merchant wrote it (codes match case-insensitively). */
  code: string;
  name: string;
  coupon_type: 'percentage_discount' | 'per_total_discount' | 'free_shipping';
  discounted_amount: number;
}

export interface CartDto {
  id: string;
  customer_id: number | null;
  currency: { code: string };
  /** Sum of the lines' extended list prices. */
  base_amount: number;
  /** Sale and customer-group savings: base_amount − cart_amount. */
  discount_amount: number;
  /**
   * What the lines cost before shipping and tax: the lines' extended sale prices less the
   * promotions' savings (`coupons` and `discounts`).
   */
  cart_amount: number;
  coupons: CartCouponDto[];
  /** Every promotion's saving, coupons' included (BigCommerce's cart `discounts`). */
  discounts: CartDiscountDto[];
  /** A promotion makes shipping free for this cart (a free-shipping coupon or automatic promotion). */
  free_shipping: boolean;
  line_items: { physical_items: CartLineItemDto[] };
  created_time: string;
  updated_time: string;
}
