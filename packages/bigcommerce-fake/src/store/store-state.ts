import { readFileSync } from 'node:fs';
import { z } from 'zod';

/**
 * The fake's store-wide reference data in BigCommerce's v2 shapes, seeded from data/seed/commerce
 * (store.json, currencies.json, countries.json, shipping.json) with the ids the embedded seed
 * gives the same records: countries and states numbered in file order, zones and methods by the
 * file's ids. Shapes: reference/store_information.v2.yml, reference/currencies.v2.yml,
 * reference/geography.v2.yml and reference/shipping.v2.yml in github.com/bigcommerce/docs.
 */

export interface FakeCurrency {
  id: number;
  is_default: boolean;
  last_updated: string;
  country_iso2: string;
  currency_code: string;
  currency_exchange_rate: string;
  auto_update: boolean;
  token_location: 'left' | 'right';
  token: string;
  decimal_token: string;
  thousands_token: string;
  decimal_places: number;
  name: string;
  enabled: boolean;
  is_transactional: boolean;
}

export interface FakeCountry {
  id: number;
  country: string;
  country_iso2: string;
  country_iso3: string;
}

export interface FakeCountryState {
  id: number;
  state: string;
  state_abbreviation: string;
  country_id: number;
}

/** `GET /v2/shipping/zones` item. */
export interface FakeShippingZone {
  id: number;
  name: string;
  type: 'zip' | 'country' | 'state' | 'global';
  locations: { id: number; country_iso2: string; state_iso2?: string; zip?: string }[];
  free_shipping: { enabled: boolean; minimum_sub_total: string; exclude_fixed_shipping_products: boolean };
  handling_fees: { fixed_surcharge: string; display_separately: boolean };
  enabled: boolean;
}

type ShippingRange = { lower_limit: number; upper_limit: number; shipping_cost: number };

/** `GET /v2/shipping/zones/{zone_id}/methods` item (`perorder` and `total` are the kinds the demo uses). */
export interface FakeShippingMethod {
  id: number;
  name: string;
  type: 'perorder' | 'total';
  settings:
    | { rate: number }
    | {
        default_cost: number | null;
        default_cost_type: 'fixed_amount' | 'percentage_of_total';
        range: ShippingRange[];
      };
  enabled: boolean;
  handling_fees: { fixed_surcharge: string };
  is_fallback: boolean;
  channel_ids: number[];
}

export interface FakeStoreInformation {
  id: string;
  domain: string;
  secure_url: string;
  status: string;
  name: string;
  admin_email: string;
  order_email: string;
  timezone: { name: string; raw_offset: number; dst_offset: number; dst_correction: boolean };
  language: string;
  currency: string;
  currency_symbol: string;
  decimal_separator: string;
  thousands_separator: string;
  decimal_places: number;
  currency_symbol_location: 'left' | 'right';
  weight_units: string;
  dimension_units: string;
  default_channel_id: number;
}

export interface StoreState {
  store: FakeStoreInformation;
  currencies: FakeCurrency[];
  countries: FakeCountry[];
  states: FakeCountryState[];
  zones: FakeShippingZone[];
  /** Methods by zone id. */
  methods: Map<number, FakeShippingMethod[]>;
}

const seedRoot = new URL('../../../../data/seed/commerce/', import.meta.url);
const readSeed = <T>(file: string, schema: z.ZodType<T>): T =>
  schema.parse(JSON.parse(readFileSync(new URL(file, seedRoot), 'utf8')));

const storeSeed = z.object({
  name: z.string(),
  domain: z.string(),
  admin_email: z.string(),
  order_email: z.string(),
  weight_units: z.string(),
  dimension_units: z.string(),
  timezone: z.string(),
});

const currencySeed = z.object({
  currencies: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      token: z.string(),
      decimal_token: z.string(),
      thousands_token: z.string(),
      decimal_places: z.number(),
      token_location: z.enum(['left', 'right']),
    }),
  ),
});

const countrySeed = z.object({
  countries: z.array(z.object({ country: z.string(), country_iso2: z.string(), country_iso3: z.string() })),
  states: z.record(z.string(), z.array(z.object({ state: z.string(), state_abbreviation: z.string() }))),
});

const minor = z.number().int().nonnegative();
const shippingSeed = z.object({
  zones: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      type: z.enum(['country', 'state']),
      enabled: z.boolean().default(true),
      locations: z.array(z.object({ country_iso2: z.string(), state_iso2: z.string().optional() })),
      methods: z.array(
        z.object({
          id: z.number(),
          name: z.string(),
          type: z.enum(['freeshipping', 'flatrate', 'total']),
          enabled: z.boolean().default(true),
          minimum_sub_total_minor: minor.optional(),
          rate_minor: minor.optional(),
          handling_fee_minor: minor.default(0),
          range: z
            .array(
              z.object({ lower_limit_minor: minor, upper_limit_minor: minor.nullable(), shipping_cost_minor: minor }),
            )
            .optional(),
        }),
      ),
    }),
  ),
});

/** The demo's exchange rates against the default currency (USD); the fake never converts with them. */
const EXCHANGE_RATES: Record<string, { rate: string; country: string }> = {
  USD: { rate: '1.0000000000', country: 'US' },
  CAD: { rate: '1.3500000000', country: 'CA' },
  EUR: { rate: '0.9200000000', country: 'EU' },
};

const decimal = (minorAmount: number) => minorAmount / 100;

type SeedMethod = z.infer<typeof shippingSeed>['zones'][number]['methods'][number];

/**
 * The demo's methods in BigCommerce's kinds: flat rate is `perorder`; a `total` method's open-ended
 * last range becomes its `default_cost` (charged for totals outside every range). Free shipping is
 * not a method on BigCommerce but the zone's `free_shipping`, so it is not listed here.
 */
function toMethod(method: SeedMethod): FakeShippingMethod | null {
  const base = {
    id: method.id,
    name: method.name,
    enabled: method.enabled,
    handling_fees: { fixed_surcharge: decimal(method.handling_fee_minor).toFixed(4) },
    is_fallback: false,
    channel_ids: [1],
  };
  if (method.type === 'flatrate')
    return { ...base, type: 'perorder', settings: { rate: decimal(method.rate_minor ?? 0) } };
  if (method.type === 'total') {
    const ranges = method.range ?? [];
    const open = ranges.find((range) => range.upper_limit_minor === null);
    return {
      ...base,
      type: 'total',
      settings: {
        default_cost: open ? decimal(open.shipping_cost_minor) : null,
        default_cost_type: 'fixed_amount',
        range: ranges
          .filter((range) => range.upper_limit_minor !== null)
          .map((range) => ({
            lower_limit: decimal(range.lower_limit_minor),
            upper_limit: decimal(range.upper_limit_minor ?? 0),
            shipping_cost: decimal(range.shipping_cost_minor),
          })),
      },
    };
  }
  return null;
}

export function seedStore(): StoreState {
  const store = readSeed('store.json', storeSeed);
  const money = readSeed('currencies.json', currencySeed);
  const geography = readSeed('countries.json', countrySeed);
  const shipping = readSeed('shipping.json', shippingSeed);
  const lastUpdated = new Date('2026-01-01T00:00:00Z').toUTCString().replace('GMT', '+0000');

  const currencies: FakeCurrency[] = money.currencies.map((currency, index) => ({
    id: index + 1,
    is_default: index === 0,
    last_updated: lastUpdated,
    country_iso2: EXCHANGE_RATES[currency.code]?.country ?? '',
    currency_code: currency.code,
    currency_exchange_rate: EXCHANGE_RATES[currency.code]?.rate ?? '1.0000000000',
    auto_update: false,
    token_location: currency.token_location,
    token: currency.token,
    decimal_token: currency.decimal_token,
    thousands_token: currency.thousands_token,
    decimal_places: currency.decimal_places,
    name: currency.name,
    enabled: true,
    is_transactional: true,
  }));
  const countries = geography.countries.map((country, index) => ({ id: index + 1, ...country }));
  const states: FakeCountryState[] = [];
  for (const [iso2, list] of Object.entries(geography.states)) {
    const country = countries.find((candidate) => candidate.country_iso2 === iso2);
    if (!country) throw new Error(`states listed for unknown country ${iso2}`);
    for (const entry of list) states.push({ id: states.length + 1, ...entry, country_id: country.id });
  }

  let locationId = 0;
  const zones: FakeShippingZone[] = shipping.zones.map((zone) => {
    const free = zone.methods.find((method) => method.type === 'freeshipping' && method.enabled);
    return {
      id: zone.id,
      name: zone.name,
      type: zone.type,
      locations: zone.locations.map((location) => ({ id: (locationId += 1), ...location })),
      free_shipping: {
        enabled: free !== undefined,
        minimum_sub_total: decimal(free?.minimum_sub_total_minor ?? 0).toFixed(4),
        exclude_fixed_shipping_products: false,
      },
      handling_fees: { fixed_surcharge: '0.0000', display_separately: false },
      enabled: zone.enabled,
    };
  });
  const methods = new Map(
    shipping.zones.map((zone) => [zone.id, zone.methods.flatMap((method) => toMethod(method) ?? [])]),
  );

  const defaultCurrency = currencies[0]!;
  return {
    store: {
      id: 'pistefake',
      domain: store.domain,
      secure_url: `https://${store.domain}`,
      status: 'live',
      name: store.name,
      admin_email: store.admin_email,
      order_email: store.order_email,
      timezone: { name: store.timezone, raw_offset: -25200, dst_offset: -21600, dst_correction: true },
      language: 'en',
      currency: defaultCurrency.currency_code,
      currency_symbol: defaultCurrency.token,
      decimal_separator: defaultCurrency.decimal_token,
      thousands_separator: defaultCurrency.thousands_token,
      decimal_places: defaultCurrency.decimal_places,
      currency_symbol_location: defaultCurrency.token_location,
      weight_units: store.weight_units,
      dimension_units: store.dimension_units,
      default_channel_id: 1,
    },
    currencies,
    countries,
    states,
    zones,
    methods,
  };
}
