import { z } from 'zod';

/**
 * BigCommerce's v3 cart as the provider reads it (github.com/bigcommerce/docs
 * reference/carts/carts.v3.yml, `Cart` and `Item Physical`): money is decimal amounts of
 * `currency.code`; `original_price` is the variant's regular price, `list_price` the price before
 * discounts (the sale price when there is one); options come with
 * `include=line_items.physical_items.options`. A guest cart's `customer_id` is 0.
 */
const physicalItemSchema = z.object({
  id: z.string(),
  product_id: z.number(),
  variant_id: z.number(),
  sku: z.string().default(''),
  name: z.string(),
  url: z.string().default(''),
  image_url: z.string().default(''),
  quantity: z.number(),
  original_price: z.number(),
  list_price: z.number(),
  sale_price: z.number(),
  options: z.array(z.object({ name: z.string(), value: z.string() })).default([]),
});

export const bigCommerceCartSchema = z.object({
  id: z.string(),
  customer_id: z.number(),
  channel_id: z.number().optional(),
  currency: z.object({ code: z.string() }),
  line_items: z.object({ physical_items: z.array(physicalItemSchema).default([]) }),
  created_time: z.string(),
  updated_time: z.string(),
});

export type BigCommerceCart = z.infer<typeof bigCommerceCartSchema>;
export type BigCommerceCartItem = BigCommerceCart['line_items']['physical_items'][number];

/** `POST /v3/carts/{cartId}/redirect_urls` (reference/carts/carts.v3.yml, `Redirect URLs`). */
export const redirectUrlsSchema = z.object({ cart_url: z.string(), checkout_url: z.string() });

/** Every cart call asks for the options of its lines, so a line shows its size and colour. */
export const CART_INCLUDE = { include: 'line_items.physical_items.options' } as const;
