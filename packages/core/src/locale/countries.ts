import type { LanguageCode } from './languages';

/**
 * Spec §3 'Country entry': "text, value, iso, langs (text, value, optional
 * default flags). Countries are grouped by North America, Europe, Asia Pacific
 * and Other." `value` is the lowercase country code used in locales, `iso` the
 * uppercase ISO 3166-1 alpha-2 code ('INT' for the global entry).
 */
// Plain types, not zod schemas: this module ships to the browser (the country picker), and
// its data is a constant checked by countries.test.ts.
export interface CountryLanguage {
  text: string;
  value: LanguageCode;
  default?: true;
}

export interface CountryEntry {
  text: string;
  /** Lowercase country code used in locales: two letters, or 'global'. */
  value: string;
  /** Uppercase ISO 3166-1 alpha-2 code, or 'INT' for the global entry. */
  iso: string;
  langs: readonly CountryLanguage[];
}

export const COUNTRY_GROUP_IDS = ['north-america', 'europe', 'asia-pacific', 'other'] as const;
export type CountryGroupId = (typeof COUNTRY_GROUP_IDS)[number];

export interface CountryGroup {
  id: CountryGroupId;
  text: string;
  countries: readonly CountryEntry[];
}

// Language names are written in the language itself (the picker shows "Deutsch", not "German").
const EN = { text: 'English', value: 'en' } as const;
const FR = { text: 'Français', value: 'fr' } as const;
const DE = { text: 'Deutsch', value: 'de' } as const;
const IT = { text: 'Italiano', value: 'it' } as const;
const NL = { text: 'Nederlands', value: 'nl' } as const;
const ES = { text: 'Español', value: 'es' } as const;
const CS = { text: 'Čeština', value: 'cs' } as const;
const FI = { text: 'Suomi', value: 'fi' } as const;
const NO = { text: 'Norsk', value: 'no' } as const;
const PL = { text: 'Polski', value: 'pl' } as const;
const RU = { text: 'Русский', value: 'ru' } as const;
const SV = { text: 'Svenska', value: 'sv' } as const;
const JA = { text: '日本語', value: 'ja' } as const;
const KO = { text: '한국어', value: 'ko' } as const;
const ZH = { text: '中文', value: 'zh' } as const;

/** Marks a country's default language (spec §9 "Default languages: France fr, Germany de, Japan ja, US en"). */
function byDefault(lang: { text: string; value: CountryLanguage['value'] }): CountryLanguage {
  return { ...lang, default: true };
}

/**
 * Covers every allowed country code of spec §5 plus fi, kr and cn so that each
 * language of spec §9 has a country, and a 'global' (International) entry.
 */
export const COUNTRY_GROUPS: readonly CountryGroup[] = [
  {
    id: 'north-america',
    text: 'North America',
    countries: [
      { text: 'Canada', value: 'ca', iso: 'CA', langs: [byDefault(EN), FR] },
      { text: 'United States', value: 'us', iso: 'US', langs: [byDefault(EN), ES] },
    ],
  },
  {
    id: 'europe',
    text: 'Europe',
    countries: [
      { text: 'Austria', value: 'at', iso: 'AT', langs: [byDefault(DE)] },
      { text: 'Belgium', value: 'be', iso: 'BE', langs: [byDefault(NL), FR, EN] },
      { text: 'Czech Republic', value: 'cz', iso: 'CZ', langs: [byDefault(CS)] },
      { text: 'Finland', value: 'fi', iso: 'FI', langs: [byDefault(FI)] },
      { text: 'France', value: 'fr', iso: 'FR', langs: [byDefault(FR)] },
      { text: 'Germany', value: 'de', iso: 'DE', langs: [byDefault(DE)] },
      { text: 'Italy', value: 'it', iso: 'IT', langs: [byDefault(IT)] },
      { text: 'Netherlands', value: 'nl', iso: 'NL', langs: [byDefault(NL)] },
      { text: 'Norway', value: 'no', iso: 'NO', langs: [byDefault(NO)] },
      { text: 'Poland', value: 'pl', iso: 'PL', langs: [byDefault(PL)] },
      { text: 'Russia', value: 'ru', iso: 'RU', langs: [byDefault(RU)] },
      { text: 'Spain', value: 'es', iso: 'ES', langs: [byDefault(ES)] },
      { text: 'Sweden', value: 'se', iso: 'SE', langs: [byDefault(SV)] },
      { text: 'Switzerland', value: 'ch', iso: 'CH', langs: [byDefault(DE), FR, IT] },
      { text: 'United Kingdom', value: 'gb', iso: 'GB', langs: [byDefault(EN)] },
    ],
  },
  {
    id: 'asia-pacific',
    text: 'Asia Pacific',
    countries: [
      { text: 'Australia', value: 'au', iso: 'AU', langs: [byDefault(EN)] },
      { text: 'China', value: 'cn', iso: 'CN', langs: [byDefault(ZH)] },
      { text: 'Japan', value: 'jp', iso: 'JP', langs: [byDefault(JA)] },
      { text: 'Korea', value: 'kr', iso: 'KR', langs: [byDefault(KO)] },
      { text: 'New Zealand', value: 'nz', iso: 'NZ', langs: [byDefault(EN)] },
    ],
  },
  {
    id: 'other',
    text: 'Other',
    countries: [{ text: 'International', value: 'global', iso: 'INT', langs: [byDefault(EN)] }],
  },
];

export const COUNTRIES: readonly CountryEntry[] = COUNTRY_GROUPS.flatMap((group) => group.countries);

const COUNTRY_BY_CODE: ReadonlyMap<string, CountryEntry> = new Map(
  COUNTRIES.map((country) => [country.value, country]),
);

const GROUP_BY_CODE: ReadonlyMap<string, CountryGroupId> = new Map(
  COUNTRY_GROUPS.flatMap((group) => group.countries.map((country) => [country.value, group.id] as const)),
);

function normalizeCode(code: string | null | undefined): string {
  return typeof code === 'string' ? code.trim().toLowerCase() : '';
}

/** Country entry by code, case-insensitive; null when not offered. */
export function findCountry(code: string | null | undefined): CountryEntry | null {
  return COUNTRY_BY_CODE.get(normalizeCode(code)) ?? null;
}

/** Group of a country code, case-insensitive; null when not offered. */
export function countryGroupOf(code: string | null | undefined): CountryGroupId | null {
  return GROUP_BY_CODE.get(normalizeCode(code)) ?? null;
}

/** Country codes (lowercase) of one group, in display order. */
export function countryCodesInGroup(id: CountryGroupId): readonly string[] {
  return COUNTRY_GROUPS.find((group) => group.id === id)?.countries.map((country) => country.value) ?? [];
}
