import { COUNTRIES, findCountry } from './countries';
import { LANGUAGES, LANGUAGE_HOME_COUNTRY, isLanguageCode, type LanguageCode } from './languages';

/** Spec §3 'Locale state': "country (default us), language (default en) … Default locale en-us, region us." */
export const DEFAULT_LOCALE = 'en-us';
export const DEFAULT_LANGUAGE: LanguageCode = 'en';

export interface ParsedLocale {
  /** `{language}-{country}`, lowercase, e.g. `fr-ca`. */
  locale: string;
  language: LanguageCode;
  /** Lowercase country code, or 'global'. */
  country: string;
}

/**
 * Spec §2: "All routes are prefixed with a locale segment {lang} (a language-country
 * pair such as en-us)". One locale per (country, offered language) pair.
 */
const LOCALE_TABLE: ReadonlyMap<string, ParsedLocale> = new Map(
  COUNTRIES.flatMap((country) =>
    country.langs.map((lang) => {
      const locale = `${lang.value}-${country.value}`;
      return [locale, { locale, language: lang.value, country: country.value }] as const;
    }),
  ),
);

export const SUPPORTED_LOCALES: readonly string[] = [...LOCALE_TABLE.keys()];

/** A supported locale, case-insensitively; output is lowercase. Anything else → null. */
export function parseLocale(segment: string | null | undefined): ParsedLocale | null {
  if (typeof segment !== 'string') return null;
  const found = LOCALE_TABLE.get(segment.toLowerCase());
  return found ? { ...found } : null;
}

export function isSupportedLocale(segment: string | null | undefined): boolean {
  return parseLocale(segment) !== null;
}

const LOCALE_SHAPE = /^[a-z]{2}-(?:[a-z]{2}|global)$/i;

/**
 * True for segments shaped like a locale (`xx-yy` or `xx-global`), supported or not.
 * Lets routing answer 404 for `/xx-zz/...` (spec §8 "Invalid or unmatched route → 404")
 * instead of redirecting it under another locale.
 */
export function looksLikeLocale(segment: string | null | undefined): boolean {
  return typeof segment === 'string' && LOCALE_SHAPE.test(segment);
}

/** The locale of a country's default language (spec §9 "Default languages"); unknown country → null. */
export function defaultLocaleForCountry(country: string | null | undefined): string | null {
  const entry = findCountry(country);
  if (!entry) return null;
  const lang = entry.langs.find((candidate) => candidate.default === true) ?? entry.langs[0];
  return lang ? `${lang.value}-${entry.value}` : null;
}

/**
 * The locale for a bare language: its home country (en → en-us, de → de-de,
 * ja → ja-jp, see LANGUAGE_HOME_COUNTRY), else the first supported locale for
 * that language. Unknown language → null.
 */
export function defaultLocaleForLanguage(language: string | null | undefined): string | null {
  if (typeof language !== 'string') return null;
  const code = language.toLowerCase();
  if (!isLanguageCode(code)) return null;
  const home = `${code}-${LANGUAGE_HOME_COUNTRY[code]}`;
  if (LOCALE_TABLE.has(home)) return home;
  return SUPPORTED_LOCALES.find((locale) => LOCALE_TABLE.get(locale)?.language === code) ?? null;
}

/**
 * Content-service locale code. Spec §9 lists the languages as
 * "sv, es, ru, pl, no, ko, ja, it, de, fr, fi, en-us, nl, cs, zh": English is
 * `en-us`, every other language its bare code. Unknown language → null.
 */
export function contentLocaleFor(language: string | null | undefined): string | null {
  if (typeof language !== 'string') return null;
  const code = language.toLowerCase();
  if (!isLanguageCode(code)) return null;
  return code === 'en' ? 'en-us' : code;
}

/** The content-service locales in spec §9 order. */
export const CONTENT_LOCALES: readonly string[] = LANGUAGES.map((language) => (language === 'en' ? 'en-us' : language));

/**
 * The `<html lang>` of a page: the locale's language (`de` for de-de, de-ch and de-at), so
 * screen readers and translators pick the right voice and dictionary.
 */
export function htmlLangFor(locale: string | null | undefined): string {
  return (parseLocale(locale) ?? parseLocale(DEFAULT_LOCALE))?.language ?? DEFAULT_LANGUAGE;
}
