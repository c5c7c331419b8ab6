import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

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
