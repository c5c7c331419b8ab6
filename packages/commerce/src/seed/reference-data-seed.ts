import { z } from 'zod';
import { REGION_IDS, isShoppingRegion, resolveBillingRegion } from '@piste/core';
import type { SeedStep } from '@piste/db';
import { countries, currencies, regionCurrencies, regions, states, storeSettings } from '../schema/index';
import { readSeedJson } from './load-source';

const PRO_REGION_IDS = new Set(['pro', 'pro_ca', 'pro_eu_region_1']);

const currencySeedSchema = z.object({
  currencies: z.array(
    z.object({
      code: z.string().length(3),
      name: z.string(),
      token: z.string(),
      decimal_token: z.string(),
      thousands_token: z.string(),
      decimal_places: z.number().int().min(0).max(4),
      token_location: z.enum(['left', 'right']),
    }),
  ),
  regions: z.record(z.string(), z.array(z.string().length(3)).min(1)),
  channels: z.record(z.string(), z.number().int().positive()),
});

const countrySeedSchema = z.object({
  countries: z.array(
    z.object({ country: z.string(), country_iso2: z.string().length(2), country_iso3: z.string().length(3) }),
  ),
  states: z.record(z.string(), z.array(z.object({ state: z.string(), state_abbreviation: z.string() }))),
});

const storeSeedSchema = z.object({
  name: z.string(),
  domain: z.string(),
  admin_email: z.string(),
  order_email: z.string(),
  weight_units: z.string(),
  dimension_units: z.string(),
  timezone: z.string(),
});

/**
 * Regions (spec §9) with their billing region (spec §4), currencies and their format
 * (spec §3 'Currency format'), countries with US states and Canadian provinces, and the store.
 */
export const referenceDataSeed: SeedStep = {
  name: 'commerce-reference-data',
  version: '1',
  tables: [regions, currencies, regionCurrencies, countries, states, storeSettings],
  run: async (tx) => {
    const money = readSeedJson('commerce/currencies.json', currencySeedSchema);
    const geography = readSeedJson('commerce/countries.json', countrySeedSchema);
    const store = readSeedJson('commerce/store.json', storeSeedSchema);

    await tx.insert(regions).values(
      REGION_IDS.map((id) => ({
        id,
        shopping: isShoppingRegion(id),
        pro: PRO_REGION_IDS.has(id),
        // A region's own code stands in for the country where billing follows it (pro_ca → ca).
        billingRegion: resolveBillingRegion(id, id === 'pro_ca' ? 'ca' : id),
        channelId: money.channels[id] ?? null,
      })),
    );
    await tx.insert(currencies).values(
      money.currencies.map((currency) => ({
        code: currency.code,
        name: currency.name,
        token: currency.token,
        decimalToken: currency.decimal_token,
        thousandsToken: currency.thousands_token,
        decimalPlaces: currency.decimal_places,
        tokenLocation: currency.token_location,
      })),
    );
    await tx
      .insert(regionCurrencies)
      .values(
        Object.entries(money.regions).flatMap(([regionId, codes]) =>
          codes.map((currencyCode, position) => ({ regionId, currencyCode, position })),
        ),
      );

    const countryRows = await tx
      .insert(countries)
      .values(
        geography.countries.map((entry) => ({
          country: entry.country,
          countryIso2: entry.country_iso2,
          countryIso3: entry.country_iso3,
        })),
      )
      .returning({ id: countries.id, iso2: countries.countryIso2 });
    const countryIds = new Map(countryRows.map((row) => [row.iso2, row.id]));
    for (const [iso2, list] of Object.entries(geography.states)) {
      const countryId = countryIds.get(iso2);
      if (!countryId) throw new Error(`states listed for unknown country ${iso2}`);
      await tx
        .insert(states)
        .values(list.map((entry) => ({ countryId, state: entry.state, stateAbbreviation: entry.state_abbreviation })));
    }

    await tx.insert(storeSettings).values({
      id: 1,
      name: store.name,
      domain: store.domain,
      adminEmail: store.admin_email,
      orderEmail: store.order_email,
      weightUnits: store.weight_units,
      dimensionUnits: store.dimension_units,
      timezone: store.timezone,
    });
  },
};
