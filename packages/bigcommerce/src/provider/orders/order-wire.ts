import { z } from 'zod';

/**
 * BigCommerce's v2 orders as the provider reads them (github.com/bigcommerce/docs
 * reference/orders/orders.v2.yml): money is a decimal string ("225.0000"), dates are RFC 2822
 * ("Tue, 20 Nov 2012 00:00:00 +0000"), a guest order's `customer_id` is 0.
 */
const money = z.union([z.string(), z.number()]).transform((value) => Number(value));
const text = z
  .string()
  .nullish()
  .transform((value) => value ?? '');

const addressSchema = z.object({
  first_name: text,
  last_name: text,
  company: text,
  street_1: text,
  street_2: text,
  city: text,
  state: text,
  zip: text,
  country_iso2: text,
  phone: text,
  email: text,
});

export const v2OrderSchema = z.object({
  id: z.number(),
  customer_id: z.number(),
  cart_id: z.string().nullish(),
  date_created: z.string(),
  date_modified: z.string(),
  status_id: z.number(),
  status: z.string(),
  currency_code: z.string(),
  subtotal_inc_tax: money,
  discount_amount: money,
  shipping_cost_inc_tax: money,
  total_tax: money,
  total_inc_tax: money,
  items_total: z.number(),
  payment_method: text,
  billing_address: addressSchema,
});

export const v2OrderProductSchema = z.object({
  id: z.number(),
  product_id: z.number(),
  variant_id: z.number(),
  sku: text,
  name: z.string(),
  quantity: z.number(),
  base_price: money,
  price_inc_tax: money,
  total_inc_tax: money,
  product_options: z.array(z.object({ display_name: z.string(), display_value: z.string() })).default([]),
});

export const v2ShippingAddressSchema = addressSchema.extend({ id: z.number(), shipping_method: text });

export const v2ShipmentSchema = z.object({
  id: z.number(),
  order_id: z.number(),
  date_created: z.string(),
  tracking_number: text,
  shipping_provider: text,
  items: z.array(z.object({ order_product_id: z.number(), quantity: z.number() })),
});

export const v2CountSchema = z.object({ count: z.number() });

export type V2Order = z.infer<typeof v2OrderSchema>;
export type V2OrderProduct = z.infer<typeof v2OrderProductSchema>;
export type V2ShippingAddress = z.infer<typeof v2ShippingAddressSchema>;
export type V2Shipment = z.infer<typeof v2ShipmentSchema>;
