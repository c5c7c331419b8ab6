import { pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Newsletter subscriptions (spec §3 'Email signup settings': lists, copy): one row per address
 * and list, so subscribing again changes nothing. The consent text is kept as the visitor read
 * it, with the locale and region it was shown in, as the record of their consent.
 */
export const emailSubscriptions = pgTable(
  'email_subscriptions',
  {
    id: serial('id').primaryKey(),
    /** Trimmed and lower-cased, so one address is one subscriber whatever its spelling. */
    email: text('email').notNull(),
    listId: text('list_id').notNull(),
    locale: text('locale').notNull(),
    region: text('region').notNull(),
    consentText: text('consent_text').notNull(),
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('email_subscriptions_email_list_idx').on(table.email, table.listId)],
);
