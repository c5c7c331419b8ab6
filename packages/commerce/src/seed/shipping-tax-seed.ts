import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { SeedStep } from '@piste/db';
import {
  shippingMethods,
  shippingSettings,
  shippingZoneLocations,
  shippingZones,
  taxRates,
  taxSettings,
  type ShippingMethodSettings,
} from '../schema/index';
import { readSeedJson } from './load-source';

/** Zones, settings and tax models belong to a price list: pro regions use their home region's. */
const priceListRegion = z.enum(['us', 'ca', 'eu_region_1']);
const id = z.number().int().positive();
const minor = z.number().int().nonnegative();
const countryCode = z.string().regex(/^[A-Z]{2}$/);
const stateCode = z.string().regex(/^[A-Z0-9]{1,3}$/);

const rangeSchema = z.object({
  lower_limit_minor: minor,
  upper_limit_minor: minor.nullable(),
  shipping_cost_minor: minor,
});

/** Ranges ascend without overlapping (upper limits are exclusive); only the last is open-ended. */
const rangesSchema = z
  .array(rangeSchema)
  .min(1)
  .refine(
    (ranges) =>
      ranges.every((range, index) => {
        const next = ranges[index + 1];
        const upper = range.upper_limit_minor;
        if (upper !== null && upper <= range.lower_limit_minor) return false;
        return next === undefined || (upper !== null && next.lower_limit_minor >= upper);
      }),
    { error: 'ranges must ascend without overlapping, and only the last may have no upper limit' },
  );

const methodBase = { id, name: z.string().min(1), enabled: z.boolean().default(true) };
const methodSchema = z.discriminatedUnion('type', [
  // A handling fee would make "free" shipping cost something, so free shipping takes none.
  z.object({ ...methodBase, type: z.literal('freeshipping'), minimum_sub_total_minor: minor }),
  z.object({ ...methodBase, type: z.literal('total'), range: rangesSchema, handling_fee_minor: minor.default(0) }),
  z.object({ ...methodBase, type: z.literal('flatrate'), rate_minor: minor, handling_fee_minor: minor.default(0) }),
]);
type SeedMethod = z.infer<typeof methodSchema>;

const zoneSchema = z
  .object({
    id,
    region: priceListRegion,
    name: z.string().min(1),
    type: z.enum(['country', 'state']),
    enabled: z.boolean().default(true),
    locations: z.array(z.object({ country_iso2: countryCode, state_iso2: stateCode.optional() })).min(1),
    methods: z.array(methodSchema),
  })
  .refine(
    (zone) => zone.locations.every((location) => (location.state_iso2 !== undefined) === (zone.type === 'state')),
    { error: 'a state zone lists states, a country zone whole countries' },
  );

const uniqueBy = <Item>(items: Item[], key: (item: Item) => string | number) =>
  new Set(items.map(key)).size === items.length;

const shippingSeedSchema = z
  .object({
    zones: z.array(zoneSchema),
    settings: z.record(
      priceListRegion,
      z.object({
        is_enabled: z.boolean(),
        hide_free_shipping_groups: z.string().regex(/^(\d+(,\d+)*)?$/, { error: 'must be a comma list of group ids' }),
      }),
    ),
  })
  .refine((seed) => uniqueBy(seed.zones, (zone) => zone.id), { error: 'zone ids must be unique' })
  .refine(
    (seed) =>
      uniqueBy(
        seed.zones.flatMap((zone) => zone.methods),
        (method) => method.id,
      ),
    { error: 'method ids must be unique' },
  );

const taxSeedSchema = z
  .object({
    prices_include_tax: z.record(priceListRegion, z.boolean()),
    rates: z.array(
      z.object({
        country_iso2: countryCode,
        state_iso2: stateCode.optional(),
        name: z.string().min(1),
        // Percent with at most three decimals, stored exactly as thousandths of a percent.
        rate: z
          .number()
          .min(0)
          .max(100)
          .refine((rate) => Math.abs(rate * 1000 - Math.round(rate * 1000)) < 1e-6, {
            error: 'rates have at most three decimals',
          }),
      }),
    ),
  })
  .refine((seed) => uniqueBy(seed.rates, (rate) => `${rate.country_iso2}-${rate.state_iso2 ?? ''}`), {
    error: 'a destination has one rate',
  })
  .refine(
    (seed) =>
      seed.rates.every(
        (rate) =>
          rate.state_iso2 !== undefined ||
          !seed.rates.some((other) => other.country_iso2 === rate.country_iso2 && other.state_iso2 !== undefined),
      ),
    { error: 'a country has either one rate or rates by state, not both' },
  );

function methodSettings(method: SeedMethod): ShippingMethodSettings {
  switch (method.type) {
    case 'freeshipping':
      return { type: 'freeshipping', minimumSubtotalMinor: method.minimum_sub_total_minor };
    case 'total':
      return {
        type: 'total',
        ranges: method.range.map((range) => ({
          lowerMinor: range.lower_limit_minor,
          upperMinor: range.upper_limit_minor,
          costMinor: range.shipping_cost_minor,
        })),
      };
    case 'flatrate':
      return { type: 'flatrate', rateMinor: method.rate_minor };
  }
}

/**
 * Demo shipping (zones and methods for US, CA and the eu_region_1 countries, settings per
 * price list) and tax (rate table, VAT-inclusive EU prices) from data/seed/commerce, loaded
 * once into a shop without any (the version is a hash of the data). Ids come from the file.
 */
export function createShippingTaxSeed(): SeedStep {
  const shipping = readSeedJson('commerce/shipping.json', shippingSeedSchema);
  const tax = readSeedJson('commerce/tax-rates.json', taxSeedSchema);
  const version = createHash('sha256')
    .update(JSON.stringify([shipping, tax]))
    .digest('hex')
    .slice(0, 12);
  return {
    name: 'commerce-shipping-and-tax',
    version,
    tables: [shippingZones, shippingZoneLocations, shippingMethods, shippingSettings, taxSettings, taxRates],
    run: async (tx) => {
      await tx.insert(shippingZones).values(
        shipping.zones.map((zone) => ({
          id: zone.id,
          regionId: zone.region,
          name: zone.name,
          type: zone.type,
          enabled: zone.enabled,
        })),
      );
      await tx.insert(shippingZoneLocations).values(
        shipping.zones.flatMap((zone) =>
          zone.locations.map((location) => ({
            zoneId: zone.id,
            countryIso2: location.country_iso2,
            stateIso2: location.state_iso2 ?? null,
          })),
        ),
      );
      await tx.insert(shippingMethods).values(
        shipping.zones.flatMap((zone) =>
          zone.methods.map((method) => {
            const settings = methodSettings(method);
            return {
              id: method.id,
              zoneId: zone.id,
              name: method.name,
              type: settings.type,
              enabled: method.enabled,
              settings,
              handlingFeeMinor: method.type === 'freeshipping' ? 0 : method.handling_fee_minor,
            };
          }),
        ),
      );
      // Serial columns continue after the file's ids.
      for (const table of ['shipping_zones', 'shipping_methods']) {
        await tx.execute(
          sql.raw(
            `select setval(pg_get_serial_sequence('${table}', 'id'), greatest((select max(id) from ${table}), 1))`,
          ),
        );
      }

      await tx.insert(shippingSettings).values(
        Object.entries(shipping.settings).map(([regionId, settings]) => ({
          regionId,
          isEnabled: settings.is_enabled,
          hideFreeShippingGroups: settings.hide_free_shipping_groups,
        })),
      );

      await tx.insert(taxSettings).values(
        Object.entries(tax.prices_include_tax).map(([regionId, pricesIncludeTax]) => ({
          regionId,
          pricesIncludeTax,
        })),
      );
      await tx.insert(taxRates).values(
        tax.rates.map((rate) => ({
          countryIso2: rate.country_iso2,
          stateIso2: rate.state_iso2 ?? '',
          name: rate.name,
          rateMillipercent: Math.round(rate.rate * 1000),
        })),
      );
    },
  };
}
