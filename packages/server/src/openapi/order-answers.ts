import { z } from 'zod';
import type { OrderDto, OrderStatusDto, ShipmentDto } from '@piste/commerce';
import { cart } from './cart-answers';

/** The checkout's and orders' answers (BigCommerce v2 order shapes, packages/commerce/src/orders/). */
const address = z.object({
  first_name: z.string(),
  last_name: z.string(),
  company: z.string(),
  street_1: z.string(),
  street_2: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  country_iso2: z.string(),
  phone: z.string(),
  email: z.string(),
});

const orderStatus = z.enum(['pending', 'awaiting_fulfillment', 'shipped', 'completed', 'cancelled', 'refunded']);

export const order = z
  .object({
    id: z.number(),
    customer_id: z.number(),
    date_created: z.string(),
    date_modified: z.string(),
    status_id: z.number(),
    status: z.string(),
    custom_status: orderStatus,
    currency_code: z.string(),
    subtotal_inc_tax: z.number(),
    discount_amount: z.number(),
    coupon_discount: z.number(),
    coupons: z.array(z.object({ id: z.number(), code: z.string(), name: z.string(), discount: z.number() })),
    shipping_cost_inc_tax: z.number(),
    total_tax: z.number(),
    prices_include_tax: z.boolean(),
    tax_rate: z.number(),
    total_inc_tax: z.number(),
    items_total: z.number(),
    payment_method: z.string(),
    billing_address: address,
    shipping_address: address,
    shipping_method: z.string(),
    products: z.array(
      z.object({
        id: z.number(),
        product_id: z.number(),
        variant_id: z.number(),
        sku: z.string(),
        name: z.string(),
        quantity: z.number(),
        product_options: z.array(z.object({ display_name: z.string(), display_value: z.string() })),
        base_price: z.number(),
        price_inc_tax: z.number(),
        total_inc_tax: z.number(),
      }),
    ),
  })
  .meta({ id: 'Order' }) satisfies z.ZodType<OrderDto>;

export const shipment = z.object({
  id: z.number(),
  order_id: z.number(),
  date_created: z.string(),
  tracking_number: z.string(),
  shipping_provider: z.string(),
  items: z.array(z.object({ order_product_id: z.number(), quantity: z.number() })),
}) satisfies z.ZodType<ShipmentDto>;

export const orderStatusAnswer = z.object({
  id: z.number(),
  status: z.string(),
  custom_status: orderStatus,
  date_created: z.string(),
  items_total: z.number(),
  total_inc_tax: z.number(),
  currency_code: z.string(),
  shipments: z.array(shipment),
}) satisfies z.ZodType<OrderStatusDto>;

/** A checkout quote: the cart, where it can ship, and the totals in minor units (order-contract.ts `CheckoutQuote`). */
export const checkoutQuote = z.object({
  cart,
  shippingOptions: z.array(z.looseObject({})),
  shipping: z.looseObject({}).nullable(),
  tax: z.looseObject({}),
  totals: z.object({
    subtotalMinor: z.number(),
    discountMinor: z.number(),
    shippingMinor: z.number(),
    taxMinor: z.number(),
    totalMinor: z.number(),
  }),
});

/** Step 1 of paying: the payment intent to confirm in the browser. */
export const paymentIntent = z.object({
  id: z.string(),
  client_secret: z.string(),
  amount: z.number(),
  currency: z.string(),
  provider: z.string(),
});
