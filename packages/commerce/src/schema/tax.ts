import { boolean, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { regions, timestamps } from './regions';

/**
 * Tax rates by destination (docs/decisions/008-shipping-and-tax.md): a country's rate
 * (`state_iso2` '') or a state's or province's. Rates are integer thousandths of a percent
 * (Québec's 14.975 % is 14975), so tax is computed in integers.
 */
export const taxRates = pgTable(
  'tax_rates',
  {
    countryIso2: text('country_iso2').notNull(),
    stateIso2: text('state_iso2').notNull().default(''),
    /** What the shopper sees on the order: 'VAT', 'Sales tax', 'HST', 'GST + PST'… */
    name: text('name').notNull(),
    rateMillipercent: integer('rate_millipercent').notNull(),
    ...timestamps,
  },
  (table) => [primaryKey({ columns: [table.countryIso2, table.stateIso2] })],
);

/** Whether a price-list region's prices already contain tax (eu_region_1: VAT-inclusive). */
export const taxSettings = pgTable('tax_settings', {
  regionId: text('region_id')
    .primaryKey()
    .references(() => regions.id, { onDelete: 'cascade' }),
  pricesIncludeTax: boolean('prices_include_tax').notNull(),
  ...timestamps,
});
