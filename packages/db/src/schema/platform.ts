import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Which versions of which seed steps have been loaded, so `npm start` can re-run seeding safely. */
export const seedRuns = pgTable(
  'seed_runs',
  {
    step: text('step').notNull(),
    version: text('version').notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.step, table.version] })],
);

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

/**
 * Emails waiting to be sent, and sent ones (issue 8 'Email outbox'): written in the same
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

/**
 * Clicks on site-search results and suggestions (App Search `click.json`, spec §7), kept for
 * analytics and for the search page's popular queries. Rows are written by the search API.
 */
export const searchClicks = pgTable(
  'search_clicks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    engine: text('engine').notNull(),
    query: text('query').notNull(),
    documentId: text('document_id').notNull(),
    requestId: text('request_id'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('search_clicks_created_idx').on(table.createdAt)],
);

/**
 * Bot-protection challenges already answered (issue 10): a solved proof of work is accepted
 * once. Rows outlive their challenge's expiry only until the next insert sweeps them.
 */
export const botChallengeUses = pgTable(
  'bot_challenge_uses',
  {
    challengeId: text('challenge_id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('bot_challenge_uses_expires_idx').on(table.expiresAt)],
);
