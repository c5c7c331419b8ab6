import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { regions, timestamps } from './regions';

/**
 * Shipping zones (spec §3 'Shipping zone'), owned by a price-list region (us, ca, eu_region_1)
 * because their amounts are in that region's currency; pro regions ship under their home
 * region's zones, as they buy at its prices.
 */
export const shippingZones = pgTable(
  'shipping_zones',
  {
    id: serial('id').primaryKey(),
    regionId: text('region_id')
      .notNull()
      .references(() => regions.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** A 'state' zone lists states and wins over a 'country' zone of the same country. */
    type: text('type', { enum: ['country', 'state'] }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    ...timestamps,
  },
  (table) => [index('shipping_zones_region_idx').on(table.regionId)],
);

/** Where a zone ships: a country (`state_iso2` null) or one state of it. */
export const shippingZoneLocations = pgTable(
  'shipping_zone_locations',
  {
    id: serial('id').primaryKey(),
    zoneId: integer('zone_id')
      .notNull()
      .references(() => shippingZones.id, { onDelete: 'cascade' }),
    countryIso2: text('country_iso2').notNull(),
    stateIso2: text('state_iso2'),
  },
  (table) => [
    index('shipping_zone_locations_zone_idx').on(table.zoneId),
    index('shipping_zone_locations_country_idx').on(table.countryIso2),
  ],
);

/** A range of a 'total' method: lower limit inclusive, upper limit exclusive (null: no limit). */
export interface ShippingRange {
  lowerMinor: number;
  upperMinor: number | null;
  costMinor: number;
}

/**
 * A method's settings in minor units of its zone's currency, tagged with the method type
 * (spec §3 'Shipping method'); the API renders them in BigCommerce's decimal shape.
 */
export type ShippingMethodSettings =
  | { type: 'freeshipping'; minimumSubtotalMinor: number }
  | { type: 'total'; ranges: ShippingRange[] }
  | { type: 'flatrate'; rateMinor: number };

const SHIPPING_METHOD_TYPES = ['freeshipping', 'total', 'flatrate'] as const;

export const shippingMethods = pgTable(
  'shipping_methods',
  {
    id: serial('id').primaryKey(),
    zoneId: integer('zone_id')
      .notNull()
      .references(() => shippingZones.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type', { enum: SHIPPING_METHOD_TYPES }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    settings: jsonb('settings').$type<ShippingMethodSettings>().notNull(),
    /** Fixed handling fee added to the method's cost (BigCommerce's handling_fees.fixed_surcharge). */
    handlingFeeMinor: integer('handling_fee_minor').notNull().default(0),
    ...timestamps,
  },
  (table) => [
    index('shipping_methods_zone_idx').on(table.zoneId),
    // The column makes the type queryable; the settings carry it for TypeScript's narrowing.
    check('shipping_methods_settings_type_check', sql`${table.settings}->>'type' = ${table.type}`),
  ],
);

/**
 * Spec §3 'Shipping settings' per price-list region. `hideFreeShippingGroups` keeps the
 * platform's comma list of customer-group ids; the service turns it into numbers.
 */
export const shippingSettings = pgTable('shipping_settings', {
  regionId: text('region_id')
    .primaryKey()
    .references(() => regions.id, { onDelete: 'cascade' }),
  isEnabled: boolean('is_enabled').notNull(),
  hideFreeShippingGroups: text('hide_free_shipping_groups').notNull().default(''),
  ...timestamps,
});
