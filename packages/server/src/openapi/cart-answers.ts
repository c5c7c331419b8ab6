import { z } from 'zod';
import type { CartDto } from '@piste/commerce';

/** The cart's answer (BigCommerce's cart shape, packages/commerce/src/cart/cart-dto.ts). */
const discount = z.object({ id: z.string(), name: z.string(), discounted_amount: z.number() });

const lineItem = z.object({
  id: z.string(),
  product_id: z.number(),
  variant_id: z.number(),
  sku: z.string(),
  name: z.string(),
  url: z.string(),
  image_url: z.string(),
  quantity: z.number(),
  list_price: z.number(),
  sale_price: z.number(),
  extended_list_price: z.number(),
  extended_sale_price: z.number(),
  options: z.array(z.object({ name: z.string(), value: z.string() })),
  discounts: z.array(discount),
  coupon_amount: z.number(),
});

export const cart: z.ZodType<CartDto> = z
  .object({
    id: z.string(),
    customer_id: z.number().nullable(),
    currency: z.object({ code: z.string() }),
    base_amount: z.number(),
    discount_amount: z.number(),
    cart_amount: z.number(),
    coupons: z.array(
      z.object({
        id: z.string(),
        code: z.string(),
        name: z.string(),
        coupon_type: z.enum(['percentage_discount', 'per_total_discount', 'free_shipping']),
        discounted_amount: z.number(),
      }),
    ),
    discounts: z.array(discount),
    free_shipping: z.boolean(),
    line_items: z.object({ physical_items: z.array(lineItem) }),
    created_time: z.string(),
    updated_time: z.string(),
  })
  .meta({ id: 'Cart' });

export const cartAnswer = z.object({ data: cart, meta: z.object({}) });
