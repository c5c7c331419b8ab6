import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { carts } from './cart';
import { customers } from './customers';
import { orders } from './orders';
import { PROMOTION_KINDS, PROMOTION_PRO_RULES, PROMOTION_TARGETS } from '../promotions/promotion-kinds';
import { timestamps } from './regions';

// Plain constants of their own module, so the browser-safe face shares them without drizzle.
export { PROMOTION_KINDS, PROMOTION_PRO_RULES, PROMOTION_TARGETS };

/**
 * Promotions kept as data (issue 28 §2): automatic when `code` is null, else by coupon code
 * (unique, matched case-insensitively on `lower(code)`). Amounts: `percentOff` for percent_off
 * (1–100); `amountOffMinor` in `currencyCode` for amount_off. `timesUsed` counts the orders
 * that redeemed it; it is raised under the row's lock, so `usageLimit` holds under concurrency.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    code: text('code'),
    kind: text('kind', { enum: PROMOTION_KINDS }).notNull(),
    target: text('target', { enum: PROMOTION_TARGETS }).notNull().default('cart'),
    /** The category or product id when `target` is one. */
    targetId: integer('target_id'),
    percentOff: integer('percent_off'),
    amountOffMinor: integer('amount_off_minor'),
    /** The currency of `amountOffMinor` and `minSubtotalMinor`; null for any currency (percentages, free shipping). */
    currencyCode: text('currency_code'),
    /** Commerce regions it is valid in; empty for every region. */
    regions: jsonb('regions').$type<string[]>().notNull().default([]),
    /** Customer groups it is limited to; empty for every group (guests included). */
    customerGroupIds: jsonb('customer_group_ids').$type<number[]>().notNull().default([]),
    pros: text('pros', { enum: PROMOTION_PRO_RULES }).notNull().default('included'),
    minSubtotalMinor: integer('min_subtotal_minor'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    usageLimit: integer('usage_limit'),
    perCustomerLimit: integer('per_customer_limit'),
    timesUsed: integer('times_used').notNull().default(0),
    /** Whether it also takes money off lines already on sale. */
    combinesWithSale: boolean('combines_with_sale').notNull().default(false),
    /** Whether it also takes money off lines priced with the shopper's group discount. */
    combinesWithGroupDiscount: boolean('combines_with_group_discount').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('promotions_code_idx').on(sql`lower(${table.code})`),
    check('promotions_percent_range', sql`${table.percentOff} is null or ${table.percentOff} between 1 and 100`),
    check('promotions_amount_positive', sql`${table.amountOffMinor} is null or ${table.amountOffMinor} > 0`),
    check('promotions_times_used_limit', sql`${table.usageLimit} is null or ${table.timesUsed} <= ${table.usageLimit}`),
  ],
);

/** The coupon codes applied to a cart, in the order applied. */
export const cartCoupons = pgTable(
  'cart_coupons',
  {
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.cartId, table.promotionId] })],
);

/**
 * Each order's use of a promotion, with what it saved: the per-customer limit counts these (by
 * customer, and by email for guests).
 */
export const promotionRedemptions = pgTable(
  'promotion_redemptions',
  {
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'restrict' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    code: text('code'),
    discountMinor: integer('discount_minor').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.promotionId, table.orderId] }),
    index('promotion_redemptions_customer_idx').on(table.promotionId, table.customerId),
    index('promotion_redemptions_email_idx').on(table.promotionId, table.email),
  ],
);
