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
}

export interface CartDto {
  id: string;
  customer_id: number | null;
  currency: { code: string };
  /** Sum of the lines' extended list prices. */
  base_amount: number;
  /** Sale and customer-group savings: base_amount − cart_amount. */
  discount_amount: number;
  /** Sum of the lines' extended sale prices: what the lines cost before shipping and tax. */
  cart_amount: number;
  line_items: { physical_items: CartLineItemDto[] };
  created_time: string;
  updated_time: string;
}
