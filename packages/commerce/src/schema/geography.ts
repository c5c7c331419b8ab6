import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';

/** Countries the shop knows for addresses and shipping (BigCommerce's v2 country shape). */
export const countries = pgTable('countries', {
  id: serial('id').primaryKey(),
  country: text('country').notNull(),
  countryIso2: text('country_iso2').notNull().unique(),
  countryIso3: text('country_iso3').notNull().unique(),
});

/** States and provinces (US states, Canadian provinces and territories). */
export const states = pgTable(
  'states',
  {
    id: serial('id').primaryKey(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id, { onDelete: 'cascade' }),
    state: text('state').notNull(),
    stateAbbreviation: text('state_abbreviation').notNull(),
  },
  (table) => [
    index('states_country_idx').on(table.countryId),
    uniqueIndex('states_country_abbreviation_idx').on(table.countryId, table.stateAbbreviation),
  ],
);
