/**
 * Spec §9 'Regions, languages and categories':
 * "Languages: sv, es, ru, pl, no, ko, ja, it, de, fr, fi, en-us, nl, cs, zh."
 * Stored here as bare language codes; English's content-service code (en-us)
 * is derived by `contentLocaleFor` in ./locales.
 */
export const LANGUAGES = [
  'sv',
  'es',
  'ru',
  'pl',
  'no',
  'ko',
  'ja',
  'it',
  'de',
  'fr',
  'fi',
  'en',
  'nl',
  'cs',
  'zh',
] as const;

export type LanguageCode = (typeof LANGUAGES)[number];

const LANGUAGE_SET: ReadonlySet<string> = new Set(LANGUAGES);

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && LANGUAGE_SET.has(value);
}

/**
 * The country a bare language resolves to (Accept-Language "de" → de-de).
 * Spec §9 "Default languages: France fr, Germany de, Japan ja, US en" fixes
 * en→us, fr→fr, de→de, ja→jp; every other language goes to the country whose
 * own language it is (rather than e.g. nl→Belgium or es→US).
 */
export const LANGUAGE_HOME_COUNTRY: Readonly<Record<LanguageCode, string>> = {
  sv: 'se',
  es: 'es',
  ru: 'ru',
  pl: 'pl',
  no: 'no',
  ko: 'kr',
  ja: 'jp',
  it: 'it',
  de: 'de',
  fr: 'fr',
  fi: 'fi',
  en: 'us',
  nl: 'nl',
  cs: 'cz',
  zh: 'cn',
};
