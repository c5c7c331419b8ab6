import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
