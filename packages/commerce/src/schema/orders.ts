import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgSequence, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { timestamps } from './regions';

/** Order numbers shoppers read and quote: six digits from 100001, never reused. */
export const orderNumbers = pgSequence('order_numbers', { startWith: 100001 });

/** Orders and shipments (docs/checkout.md). */
export const ORDER_STATUSES = [
  'pending',
  'awaiting_fulfillment',
  'shipped',
  'completed',
  'cancelled',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** A postal address as the checkout collects it (BigCommerce's order address fields). */
export interface OrderAddress {
  first_name: string;
  last_name: string;
  company: string;
  street_1: string;
  street_2: string;
  city: string;
  state: string;
  zip: string;
  country_iso2: string;
  phone: string;
  email: string;
}

export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey(),
    /** The commerce region whose prices and currency the order was placed in. */
    region: text('region').notNull(),
    currencyCode: text('currency_code').notNull(),
    /** Null for guests, and once the customer deletes their account (the order is kept, anonymised). */
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    billingAddress: jsonb('billing_address').$type<OrderAddress>().notNull(),
    shippingAddress: jsonb('shipping_address').$type<OrderAddress>().notNull(),
    shippingMethod: jsonb('shipping_method').$type<{ id: number; name: string; type: string }>().notNull(),
    /** Money in minor units of currencyCode. */
    subtotalMinor: integer('subtotal_minor').notNull(),
    discountMinor: integer('discount_minor').notNull(),
    shippingMinor: integer('shipping_minor').notNull(),
    taxMinor: integer('tax_minor').notNull(),
    /** EU prices include VAT; US and CA tax is added on top (docs/decisions/008). */
    taxIncluded: boolean('tax_included').notNull(),
    /** The rate applied, as a decimal string ('0.19'). */
    taxRate: text('tax_rate').notNull(),
    totalMinor: integer('total_minor').notNull(),
    /**
     * How the order was paid: `transactionId` is the provider's payment intent id; the amounts
     * (minor units) are what the provider authorised, captured and refunded.
     */
    payment: jsonb('payment')
      .$type<{
        provider: string;
        transactionId: string;
        brand: string;
        last4: string;
        authorizedMinor: number;
        capturedMinor: number;
        refundedMinor: number;
      }>()
      .notNull(),
    /** The promotions the order redeemed, as they were when it was placed (docs/promotions.md). */
    promotions: jsonb('promotions')
      .$type<{ id: number; name: string; code: string | null; kind: string; discountMinor: number }[]>()
      .notNull()
      .default([]),
    /** The cart the order was placed from, and the key that makes placing it idempotent. */
    cartId: text('cart_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The shop locale the order was placed in (`de-de`): its emails' language and links. */
    locale: text('locale').notNull().default('en-us'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('orders_idempotency_idx').on(table.idempotencyKey),
    index('orders_customer_idx').on(table.customerId),
    // The back office's order list: newest first, filtered by status or region.
    index('orders_created_idx').on(table.createdAt, table.id),
    index('orders_status_created_idx').on(table.status, table.createdAt),
    index('orders_region_created_idx').on(table.region, table.createdAt),
    // Sorted or filtered by total, and a customer's orders by email (docs/performance.md 'admin').
    index('orders_total_idx').on(table.totalMinor, table.id),
    index('orders_email_idx').on(table.email),
    // One order per payment intent: a payment confirmed twice never makes two orders (docs/checkout.md 'Idempotency').
    uniqueIndex('orders_payment_intent_idx').on(sql`(${table.payment}->>'transactionId')`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    variantId: integer('variant_id').notNull(),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    options: jsonb('options').$type<{ name: string; value: string }[]>().notNull(),
    quantity: integer('quantity').notNull(),
    /** What one unit cost before any sale, and what the shopper paid for it. */
    listPriceMinor: integer('list_price_minor').notNull(),
    salePriceMinor: integer('sale_price_minor').notNull(),
    totalMinor: integer('total_minor').notNull(),
  },
  (table) => [index('order_lines_order_idx').on(table.orderId)],
);

export const shipments = pgTable(
  'shipments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    carrier: text('carrier').notNull(),
    trackingNumber: text('tracking_number').notNull(),
    /** The order lines and quantities in this parcel. */
    items: jsonb('items').$type<{ order_line_id: number; quantity: number }[]>().notNull(),
    shippedAt: timestamp('shipped_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('shipments_order_idx').on(table.orderId)],
);
