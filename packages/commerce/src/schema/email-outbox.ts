import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Emails waiting to be sent, and sent ones (docs/email.md 'Outbox'): written in the same
 * transaction as what causes them, delivered by SMTP when configured, else shown by the
 * development mail viewer.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
  },
  (table) => [
    index('email_outbox_pending_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} is null`),
  ],
);
