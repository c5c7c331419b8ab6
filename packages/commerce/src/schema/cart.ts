import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { products, variants } from './catalogue';
import { customers } from './customers';
import { currencies, regions, timestamps } from './regions';

/** `active` carts take cart calls; the checkout marks a cart `ordered`, after which it is read-only history. */
export const CART_STATUSES = ['active', 'ordered'] as const;

/**
 * Shopping carts (spec §3 'Cart'). Prices are not stored: every read prices the lines from the
 * region's variant prices. `regionId` and `currencyCode` are the region the cart was last
 * changed in. A guest reaches a cart with the secret of its session cookie, of which only the
 * SHA-256 is kept; a cart linked to a customer is reachable by that customer only.
 */
export const carts = pgTable(
  'carts',
  {
    id: uuid('id').primaryKey(),
    regionId: text('region_id')
      .notNull()
      .references(() => regions.id),
    currencyCode: text('currency_code')
      .notNull()
      .references(() => currencies.code),
    /** The signed-in customer the cart belongs to; their account's deletion deletes it. */
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull(),
    status: text('status', { enum: CART_STATUSES }).notNull().default('active'),
    ...timestamps,
  },
  (table) => [index('carts_customer_idx').on(table.customerId)],
);

/** One line per variant: adding a variant the cart holds raises that line's quantity. */
export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id')
      .notNull()
      .references(() => variants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** Lines show in the order they were added; lines added together share `createdAt`. */
    ordinal: integer('ordinal').notNull().generatedAlwaysAsIdentity(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('cart_items_cart_variant_idx').on(table.cartId, table.variantId),
    check('cart_items_quantity_range', sql`${table.quantity} between 1 and 99`),
  ],
);
