import { countryCodesInGroup, countryGroupOf } from './countries';

/** Spec §9: "Shopping regions: us, ca, eu_region_1, pro, pro_ca, pro_eu_region_1." */
export const SHOPPING_REGIONS = ['us', 'ca', 'eu_region_1', 'pro', 'pro_ca', 'pro_eu_region_1'] as const;
export type ShoppingRegion = (typeof SHOPPING_REGIONS)[number];

/** Spec §9: "Contact regions: us, ca, no, jp, au, nz, uk, kr, eu." */
export const CONTACT_REGIONS = ['us', 'ca', 'no', 'jp', 'au', 'nz', 'uk', 'kr', 'eu'] as const;

/** Spec §9: "Region map: us, ca, jp, eu and eu_region_1 (de, at, es, fr, it), other." */
export const CONTENT_REGIONS = ['us', 'ca', 'jp', 'eu', 'eu_region_1', 'other'] as const;
export type ContentRegion = (typeof CONTENT_REGIONS)[number];

/** Spec §4: regions only pro customers get ("us gives pro, ca gives pro_ca, … no gives no"). */
export const PRO_REGIONS = ['pro', 'pro_ca', 'pro_eu_region_1', 'no'] as const;
export type ProRegion = (typeof PRO_REGIONS)[number];

export type Region = ContentRegion | ProRegion;

/** Every region id a locale state can carry (spec §3 'Locale state': "regions (list of region_id)"). */
export const REGION_IDS: readonly Region[] = [...CONTENT_REGIONS, ...PRO_REGIONS];

/** Spec §4: "Other customers use the region map, defaulting to other." */
export const DEFAULT_CONTENT_REGION: ContentRegion = 'other';

/** Spec §9: "eu_region_1 (de, at, es, fr, it)". */
export const EU_REGION_1_COUNTRIES: readonly string[] = ['de', 'at', 'es', 'fr', 'it'];

/** Spec §4 "the Europe list": the countries of the Europe group (spec §3 'Country entry'). */
export const EUROPE_COUNTRIES: readonly string[] = countryCodesInGroup('europe');

/**
 * Spec §9 region map. `eu` holds the Europe-list countries that are not in
 * eu_region_1; any country not listed maps to DEFAULT_CONTENT_REGION ('other').
 */
export const REGION_MAP: Readonly<Record<Exclude<ContentRegion, 'other'>, readonly string[]>> = {
  us: ['us'],
  ca: ['ca'],
  jp: ['jp'],
  eu_region_1: EU_REGION_1_COUNTRIES,
  eu: EUROPE_COUNTRIES.filter((country) => !EU_REGION_1_COUNTRIES.includes(country)),
};

const REGION_BY_COUNTRY: ReadonlyMap<string, ContentRegion> = new Map(
  (Object.entries(REGION_MAP) as [ContentRegion, readonly string[]][]).flatMap(([region, countries]) =>
    countries.map((country) => [country, region] as const),
  ),
);

function normalizeCountry(country: string | null | undefined): string {
  return typeof country === 'string' ? country.trim().toLowerCase() : '';
}

/** Spec §9 region map; unknown or missing country → 'other'. */
export function contentRegionForCountry(country: string | null | undefined): ContentRegion {
  return REGION_BY_COUNTRY.get(normalizeCountry(country)) ?? DEFAULT_CONTENT_REGION;
}

/** Spec §4: "The shopping region flag is set when the content region is in the shopping list." */
export function isShoppingRegion(region: string | null | undefined): region is ShoppingRegion {
  return typeof region === 'string' && (SHOPPING_REGIONS as readonly string[]).includes(region);
}

/** Spec §4: "The eu flag is set when the country is in the Europe list." */
export function isEuCountry(country: string | null | undefined): boolean {
  return countryGroupOf(normalizeCountry(country)) === 'europe';
}

export interface ResolveRegionOptions {
  isPro?: boolean;
}

/**
 * Spec §4: "Region resolution for pro customers: us gives pro, ca gives pro_ca,
 * a country of eu_region_1 gives pro_eu_region_1, no gives no. Other customers
 * use the region map, defaulting to other." Pro customers elsewhere fall back
 * to the region map too.
 */
export function resolveRegion(country: string | null | undefined, options: ResolveRegionOptions = {}): Region {
  const code = normalizeCountry(country);
  const mapped = contentRegionForCountry(code);
  if (options.isPro === true) {
    if (code === 'us') return 'pro';
    if (code === 'ca') return 'pro_ca';
    if (mapped === 'eu_region_1') return 'pro_eu_region_1';
    if (code === 'no') return 'no';
  }
  return mapped;
}

/**
 * Spec §4: "Billing region: pro gives us, pro_ca gives the country,
 * pro_eu_region_1 gives eu_region_1, a shopping region gives itself, otherwise us."
 * (pro_ca is only resolved for Canada, so in practice it gives 'ca'.)
 */
export function resolveBillingRegion(region: string | null | undefined, country: string | null | undefined): string {
  if (region === 'pro') return 'us';
  if (region === 'pro_ca') return normalizeCountry(country) || 'ca';
  if (region === 'pro_eu_region_1') return 'eu_region_1';
  if (isShoppingRegion(region)) return region;
  return 'us';
}

/**
 * Spec §5: "Country codes are accepted if in the allowed list (au, at, be, ca, cz,
 * fr, de, it, jp, nl, no, ru, pl, es, se, ch, gb, us, nz), or if they are global,
 * or match a two-letter pattern."
 */
export const ALLOWED_COUNTRY_CODES: readonly string[] = [
  'au',
  'at',
  'be',
  'ca',
  'cz',
  'fr',
  'de',
  'it',
  'jp',
  'nl',
  'no',
  'ru',
  'pl',
  'es',
  'se',
  'ch',
  'gb',
  'us',
  'nz',
];

export function isAcceptedCountryCode(code: string | null | undefined): boolean {
  if (typeof code !== 'string') return false;
  const lower = code.toLowerCase();
  return ALLOWED_COUNTRY_CODES.includes(lower) || lower === 'global' || /^[a-z]{2}$/i.test(code);
}
