import { boolean, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

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
 * Content and commerce regions (spec §9 'Regions, languages and categories').
 * `billingRegion` is the commerce region a region's shoppers are billed in (spec §4).
 */
export const regions = pgTable('regions', {
  id: text('id').primaryKey(),
  shopping: boolean('shopping').notNull(),
  pro: boolean('pro').notNull(),
  billingRegion: text('billing_region').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
