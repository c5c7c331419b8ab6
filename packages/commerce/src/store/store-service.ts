import { asc, eq } from 'drizzle-orm';
import { DomainError } from '@piste/core';
import type { Db } from '@piste/db';
import { ResponseCache } from '../response-cache';
import type { CommerceRegion } from '../commerce-region';
import { countries, currencies, regionCurrencies, regions, states, storeSettings } from '../schema/index';
import type { CurrencyDto, StoreService } from './store-contract';

/** Stable numeric ids for currencies (BigCommerce shape), in the order of the currency table. */
const CURRENCY_IDS: Record<string, number> = { USD: 1, CAD: 2, EUR: 3 };

/**
 * Store-wide reference data: currencies per region, countries and states, store settings.
 * A region's currencies are read by every page (prices, analytics), so they share the
 * catalogue's short-lived cache when one is given.
 */
export function createStoreService(db: Db, options: { cache?: ResponseCache } = {}): StoreService {
  const cache = options.cache ?? new ResponseCache({ ttlMs: 0 });

  function regionCurrencyList(region: CommerceRegion): Promise<CurrencyDto[]> {
    return cache.remember(JSON.stringify(['region-currencies', region.id]), () => readRegionCurrencies(region));
  }

  async function readRegionCurrencies(region: CommerceRegion): Promise<CurrencyDto[]> {
    const rows = await db
      .select({ currency: currencies, position: regionCurrencies.position })
      .from(regionCurrencies)
      .innerJoin(currencies, eq(currencies.code, regionCurrencies.currencyCode))
      .where(eq(regionCurrencies.regionId, region.id))
      .orderBy(asc(regionCurrencies.position));
    return rows.map(({ currency, position }) => ({
      id: CURRENCY_IDS[currency.code] ?? 0,
      is_default: position === 0,
      currency_code: currency.code,
      name: currency.name,
      token: currency.token,
      decimal_token: currency.decimalToken,
      thousands_token: currency.thousandsToken,
      decimal_places: currency.decimalPlaces,
      token_location: currency.tokenLocation,
      enabled: true,
    }));
  }

  return {
    /** `GET currencies`: the region's currencies, its default first (spec §3: the first entry is used). */
    async listCurrencies(region: CommerceRegion) {
      return { data: await regionCurrencyList(region), meta: {} };
    },

    /** `GET currencies/{id}`: one of the region's currencies. */
    async getCurrency(region: CommerceRegion, id: number) {
      const currency = (await regionCurrencyList(region)).find((candidate) => candidate.id === id);
      if (!currency) throw new DomainError('NOT_FOUND', `Currency ${id} is not offered in region ${region.id}.`);
      return { data: currency, meta: {} };
    },

    /** `GET countries`. */
    async listCountries() {
      const rows = await db.select().from(countries).orderBy(asc(countries.country));
      return {
        data: rows.map((row) => ({
          id: row.id,
          country: row.country,
          country_iso2: row.countryIso2,
          country_iso3: row.countryIso3,
          states: { url: `/api/countries/${row.id}/states`, resource: `/countries/${row.id}/states` },
        })),
        meta: {},
      };
    },

    /** `GET countries/{id}/states`: an empty list for countries without states. */
    async listStates(countryId: number) {
      const [country] = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, countryId));
      if (!country) throw new DomainError('NOT_FOUND', `Country ${countryId} does not exist.`);
      const rows = await db.select().from(states).where(eq(states.countryId, countryId)).orderBy(asc(states.state));
      return {
        data: rows.map((row) => ({
          id: row.id,
          state: row.state,
          state_abbreviation: row.stateAbbreviation,
          country_id: row.countryId,
        })),
        meta: {},
      };
    },

    /** `GET store`: settings, with the region's channel and default currency format. */
    async getStore(region: CommerceRegion) {
      const [settings] = await db.select().from(storeSettings).where(eq(storeSettings.id, 1));
      const [regionRow] = await db.select().from(regions).where(eq(regions.id, region.id));
      const [currency] = await regionCurrencyList(region);
      if (!settings || !regionRow || !currency) {
        throw new DomainError('NOT_FOUND', 'The store has not been set up yet.', 'STORE_NOT_READY');
      }
      return {
        data: {
          id: 'piste',
          name: settings.name,
          domain: settings.domain,
          secure_url: `https://${settings.domain}`,
          admin_email: settings.adminEmail,
          order_email: settings.orderEmail,
          region: region.id,
          channel_id: regionRow.channelId,
          currency: currency.currency_code,
          currency_symbol: currency.token,
          decimal_separator: currency.decimal_token,
          thousands_separator: currency.thousands_token,
          decimal_places: currency.decimal_places,
          currency_symbol_location: currency.token_location,
          weight_units: settings.weightUnits,
          dimension_units: settings.dimensionUnits,
          timezone: { name: settings.timezone },
        },
        meta: {},
      };
    },
  };
}
