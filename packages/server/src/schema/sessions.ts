import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Signed-in sessions when no Redis is configured (DESIGN §1). `id` is the SHA-256 of the
 * cookie's token, so a leaked table does not hand out live sessions.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    customerId: integer('customer_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sessions_customer_idx').on(table.customerId), index('sessions_expires_idx').on(table.expiresAt)],
);
