import { DomainError } from '@piste/core';
import type { CommerceRegion, CountryDto, CurrencyDto, StateDto, StoreService } from '@piste/commerce';
import type { BigCommerceProviderDeps } from '../provider-deps';
import { orNotFound } from './not-found';
import {
  countrySchema,
  countryStateSchema,
  currencySchema,
  storeInformationSchema,
  type WireCurrency,
} from './store-wire';

const byName =
  <T>(name: (item: T) => string) =>
  (a: T, b: T) =>
    name(a).localeCompare(name(b), 'en');

/**
 * Store-wide reference data over BigCommerce's v2 store, currencies and countries, cached in
 * deps.cache (it changes rarely; webhooks clear the cache). A region's currency is the one
 * BIGCOMMERCE_REGIONS names for it: BigCommerce's currencies are store-wide.
 */
export function createBigCommerceStoreService({ client, cache, settings }: BigCommerceProviderDeps): StoreService {
  function storeCurrencies(): Promise<WireCurrency[]> {
    return cache.remember('bigcommerce:currencies', async () =>
      client.parse('GET /v2/currencies', currencySchema.array(), await client.v2All('/currencies')),
    );
  }

  /** The region's currencies, its own first (spec §3: the first entry is used). */
  async function regionCurrencies(region: CommerceRegion): Promise<CurrencyDto[]> {
    const code = settings.regions[region.id].currencyCode;
    const currency = (await storeCurrencies()).find(
      (candidate) => candidate.currency_code === code && candidate.enabled,
    );
    if (!currency) {
      throw new DomainError('NOT_FOUND', 'The store has not been set up yet.', 'STORE_NOT_READY');
    }
    return [
      {
        id: currency.id,
        is_default: true,
        currency_code: currency.currency_code,
        name: currency.name,
        token: currency.token,
        decimal_token: currency.decimal_token,
        thousands_token: currency.thousands_token,
        decimal_places: currency.decimal_places,
        token_location: currency.token_location,
        enabled: true,
      },
    ];
  }

  function countries(): Promise<CountryDto[]> {
    return cache.remember('bigcommerce:countries', async () => {
      const wire = client.parse('GET /v2/countries', countrySchema.array(), await client.v2All('/countries'));
      return wire
        .map((country) => ({
          id: country.id,
          country: country.country,
          country_iso2: country.country_iso2,
          country_iso3: country.country_iso3,
          states: { url: `/api/countries/${country.id}/states`, resource: `/countries/${country.id}/states` },
        }))
        .sort(byName((country) => country.country));
    });
  }

  function states(countryId: number): Promise<StateDto[]> {
    return cache.remember(`bigcommerce:states:${countryId}`, () =>
      orNotFound(async () => {
        const call = 'GET /v2/countries/{country_id}/states';
        const wire = client.parse(
          call,
          countryStateSchema.array(),
          await client.v2All(`/countries/${countryId}/states`),
        );
        return wire.sort(byName((state) => state.state));
      }, `Country ${countryId} does not exist.`),
    );
  }

  return {
    async listCurrencies(region) {
      return { data: await regionCurrencies(region), meta: {} };
    },

    async getCurrency(region, id) {
      const currency = (await regionCurrencies(region)).find((candidate) => candidate.id === id);
      if (!currency) throw new DomainError('NOT_FOUND', `Currency ${id} is not offered in region ${region.id}.`);
      return { data: currency, meta: {} };
    },

    async listCountries() {
      return { data: await countries(), meta: {} };
    },

    async listStates(countryId) {
      return { data: await states(countryId), meta: {} };
    },

    async getStore(region) {
      const store = await cache.remember('bigcommerce:store', async () =>
        client.parse('GET /v2/store', storeInformationSchema, await client.v2('/store')),
      );
      const [currency] = await regionCurrencies(region);
      return {
        data: {
          id: store.id,
          name: store.name,
          domain: store.domain,
          secure_url: store.secure_url,
          admin_email: store.admin_email,
          order_email: store.order_email,
          region: region.id,
          channel_id: settings.regions[region.id].channelId,
          currency: currency!.currency_code,
          currency_symbol: currency!.token,
          decimal_separator: currency!.decimal_token,
          thousands_separator: currency!.thousands_token,
          decimal_places: currency!.decimal_places,
          currency_symbol_location: currency!.token_location,
          weight_units: store.weight_units,
          dimension_units: store.dimension_units,
          timezone: { name: store.timezone.name },
        },
        meta: {},
      };
    },
  };
}
