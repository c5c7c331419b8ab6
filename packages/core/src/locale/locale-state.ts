import type { LanguageCode } from './languages';
import { DEFAULT_LOCALE, contentLocaleFor, parseLocale } from './locales';
import {
  REGION_IDS,
  isAcceptedCountryCode,
  isEuCountry,
  isShoppingRegion,
  resolveBillingRegion,
  resolveRegion,
  type Region,
} from './regions';

export interface LocaleStateInput {
  /** The locale the request renders with; unsupported values fall back to en-us. */
  locale: string | null | undefined;
  isPro?: boolean;
  /** Country from geolocation (spec §7 "returns a country code, which is lowercased"). */
  geo?: string | null;
}

export interface LocaleState {
  locale: string;
  country: string;
  language: LanguageCode;
  geo: string | null;
  /** Content region (spec §4 region resolution). */
  ctsRegion: Region;
  /** Commerce/billing region sent as x-bc-region (spec §4 'Billing region'). */
  bcRegion: string;
  shoppingRegion: boolean;
  eu: boolean;
  /** Content-service locale code (spec §9 languages). */
  contentLocale: string;
  /** Spec §3 'Locale state': "regions (list of region_id)". */
  regions: readonly Region[];
}

/**
 * Spec §3 'Locale state' and §4 'Locale': derives country, language, regions and
 * flags from the resolved locale (detection itself happens in locale-routing).
 */
export function resolveLocaleState(input: LocaleStateInput): LocaleState {
  const parsed = parseLocale(input.locale) ?? parseLocale(DEFAULT_LOCALE);
  if (!parsed) throw new Error(`Default locale ${DEFAULT_LOCALE} is not supported`);
  const { locale, country, language } = parsed;
  const ctsRegion = resolveRegion(country, { isPro: input.isPro === true });
  const geo =
    typeof input.geo === 'string' && isAcceptedCountryCode(input.geo.trim()) ? input.geo.trim().toLowerCase() : null;
  return {
    locale,
    country,
    language,
    geo,
    ctsRegion,
    bcRegion: resolveBillingRegion(ctsRegion, country),
    shoppingRegion: isShoppingRegion(ctsRegion),
    eu: isEuCountry(country),
    contentLocale: contentLocaleFor(language) ?? 'en-us',
    regions: REGION_IDS,
  };
}

/** The locale state of en-us, for a page rendered without its own (the root loader failed). */
export const DEFAULT_LOCALE_STATE: LocaleState = resolveLocaleState({ locale: DEFAULT_LOCALE });
