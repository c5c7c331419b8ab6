import type { CommerceRegion } from '../commerce-region';

/**
 * The store's contract: store-wide reference data in BigCommerce's shapes (currencies per region,
 * countries and states, store settings). The embedded implementation is `createStoreService`.
 */

export interface CurrencyDto {
  id: number;
  is_default: boolean;
  currency_code: string;
  name: string;
  token: string;
  decimal_token: string;
  thousands_token: string;
  decimal_places: number;
  token_location: 'left' | 'right';
  enabled: boolean;
}

export interface CountryDto {
  id: number;
  country: string;
  country_iso2: string;
  country_iso3: string;
  states: { url: string; resource: string };
}

export interface StateDto {
  id: number;
  state: string;
  state_abbreviation: string;
  country_id: number;
}

/** `GET store`: settings, with the region's channel and default currency format. */
export interface StoreDto {
  id: string;
  name: string;
  domain: string;
  secure_url: string;
  admin_email: string;
  order_email: string;
  region: string;
  channel_id: number | null;
  currency: string;
  currency_symbol: string;
  decimal_separator: string;
  thousands_separator: string;
  decimal_places: number;
  currency_symbol_location: 'left' | 'right';
  weight_units: string;
  dimension_units: string;
  timezone: { name: string };
}

type Answer<Data> = { data: Data; meta: Record<string, never> };

export interface StoreService {
  /** `GET currencies`: the region's currencies, its default first (spec §3: the first entry is used). */
  listCurrencies(region: CommerceRegion): Promise<Answer<CurrencyDto[]>>;
  /** `GET currencies/{id}`: one of the region's currencies. */
  getCurrency(region: CommerceRegion, id: number): Promise<Answer<CurrencyDto>>;
  /** `GET countries`. */
  listCountries(): Promise<Answer<CountryDto[]>>;
  /** `GET countries/{id}/states`: an empty list for countries without states. */
  listStates(countryId: number): Promise<Answer<StateDto[]>>;
  /** `GET store`. */
  getStore(region: CommerceRegion): Promise<Answer<StoreDto>>;
}
