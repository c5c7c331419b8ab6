import { index, integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * What BigCommerce does not keep about a cart (docs/providers/bigcommerce.md 'Carts and checkout'):
 * our cart id stays the same for the session while BigCommerce's cart behind it may change
 * (BigCommerce deletes a cart with its last line; the next line creates a new one), and BigCommerce
 * cannot list a customer's carts, so the customer's latest cart is found here.
 */
export const bigcommerceCarts = pgTable(
  'bigcommerce_carts',
  {
    /** Our cart id: the id BigCommerce gave the first cart; the session cookie and the HMAC secret name it. */
    id: uuid('id').primaryKey(),
    /** BigCommerce's cart now; null while the cart is empty (BigCommerce deleted it). */
    bigcommerceCartId: uuid('bigcommerce_cart_id'),
    /** BigCommerce's customer id (no foreign key: customers live on BigCommerce). */
    customerId: integer('customer_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('bigcommerce_carts_customer_idx').on(table.customerId, table.updatedAt),
    index('bigcommerce_carts_bigcommerce_cart_idx').on(table.bigcommerceCartId),
  ],
);
