import { boolean, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * Content and commerce regions (spec §9 'Regions, languages and categories').
 * `billingRegion` is the commerce region whose price list and currency a region's shoppers
 * use (spec §4 'Billing region'); `channelId` is the storefront channel of a shopping region.
 */
export const regions = pgTable('regions', {
  id: text('id').primaryKey(),
  shopping: boolean('shopping').notNull(),
  pro: boolean('pro').notNull(),
  billingRegion: text('billing_region').notNull(),
  channelId: integer('channel_id'),
  ...timestamps,
});

/** Spec §3 'Currency format'. */
export const currencies = pgTable('currencies', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  token: text('token').notNull(),
  decimalToken: text('decimal_token').notNull(),
  thousandsToken: text('thousands_token').notNull(),
  decimalPlaces: smallint('decimal_places').notNull(),
  tokenLocation: text('token_location', { enum: ['left', 'right'] }).notNull(),
  ...timestamps,
});

/** The currencies a region offers; position 0 is its default (spec §3: "its first entry is used"). */
export const regionCurrencies = pgTable(
  'region_currencies',
  {
    regionId: text('region_id')
      .notNull()
      .references(() => regions.id, { onDelete: 'cascade' }),
    currencyCode: text('currency_code')
      .notNull()
      .references(() => currencies.code),
    position: smallint('position').notNull(),
  },
  (table) => [primaryKey({ columns: [table.regionId, table.currencyCode] })],
);

export { timestamps };
