import { describe, it, expect } from 'vitest';
import {
  CONTENT_LOCALES,
  DEFAULT_LANGUAGE,
  DEFAULT_LOCALE,
  SUPPORTED_LOCALES,
  contentLocaleFor,
  defaultLocaleForCountry,
  defaultLocaleForLanguage,
  htmlLangFor,
  isSupportedLocale,
  looksLikeLocale,
  parseLocale,
  type ParsedLocale,
} from './locales';
import { LANGUAGES, LANGUAGE_HOME_COUNTRY } from './languages';
import { findCountry } from './countries';

describe('defaults (spec §3 Locale state)', () => {
  it.each<[string, string, string]>([
    ['default locale', DEFAULT_LOCALE, 'en-us'],
    ['default language', DEFAULT_LANGUAGE, 'en'],
  ])('%s', (_description, actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('SUPPORTED_LOCALES', () => {
  it('is one {language}-{country} per offered language, in country display order', () => {
    expect(SUPPORTED_LOCALES).toEqual([
      'en-ca',
      'fr-ca',
      'en-us',
      'es-us',
      'de-at',
      'nl-be',
      'fr-be',
      'en-be',
      'cs-cz',
      'fi-fi',
      'fr-fr',
      'de-de',
      'it-it',
      'nl-nl',
      'no-no',
      'pl-pl',
      'ru-ru',
      'es-es',
      'sv-se',
      'de-ch',
      'fr-ch',
      'it-ch',
      'en-gb',
      'en-au',
      'zh-cn',
      'ja-jp',
      'ko-kr',
      'en-nz',
      'en-global',
    ]);
  });
});

describe('parseLocale', () => {
  it.each<[string, string | null | undefined, ParsedLocale | null]>([
    ['default locale', 'en-us', { locale: 'en-us', language: 'en', country: 'us' }],
    ['second language of a country', 'fr-ca', { locale: 'fr-ca', language: 'fr', country: 'ca' }],
    ['US Spanish', 'es-us', { locale: 'es-us', language: 'es', country: 'us' }],
    ['Swiss Italian', 'it-ch', { locale: 'it-ch', language: 'it', country: 'ch' }],
    ['Swedish uses language sv, country se', 'sv-se', { locale: 'sv-se', language: 'sv', country: 'se' }],
    ['global entry', 'en-global', { locale: 'en-global', language: 'en', country: 'global' }],
    ['uppercase input is lowercased', 'DE-DE', { locale: 'de-de', language: 'de', country: 'de' }],
    ['mixed case input', 'Fr-Be', { locale: 'fr-be', language: 'fr', country: 'be' }],
    ['language not offered in that country', 'de-fr', null],
    ['unknown country', 'en-zz', null],
    ['country code as language (se is Sweden, language is sv)', 'se-se', null],
    ['underscore separator', 'en_us', null],
    ['bare language', 'en', null],
    ['three parts', 'en-us-x', null],
    ['surrounding whitespace is not trimmed', ' en-us', null],
    ['empty', '', null],
    ['null', null, null],
    ['undefined', undefined, null],
  ])('%s', (_description, input, expected) => {
    expect(parseLocale(input)).toEqual(expected);
    expect(isSupportedLocale(input)).toBe(expected !== null);
  });

  it('parses every supported locale back to itself', () => {
    for (const locale of SUPPORTED_LOCALES) expect(parseLocale(locale)?.locale).toBe(locale);
  });
});

describe('looksLikeLocale', () => {
  it.each<[string, string | null | undefined, boolean]>([
    ['supported locale', 'en-us', true],
    ['unsupported pair', 'xx-zz', true],
    ['uppercase pair', 'EN-ZZ', true],
    ['global suffix', 'de-global', true],
    ['uppercase global suffix', 'en-GLOBAL', true],
    ['page slug', 'stores', false],
    ['slug with dash', 'test-store', false],
    ['bare language', 'en', false],
    ['three-letter language', 'eng-us', false],
    ['three-letter country', 'en-usa', false],
    ['digits', 'e1-us', false],
    ['underscore', 'en_us', false],
    ['trailing dash', 'en-', false],
    ['empty', '', false],
    ['null', null, false],
  ])('%s: %s', (_description, input, expected) => {
    expect(looksLikeLocale(input)).toBe(expected);
  });
});

describe('defaultLocaleForCountry', () => {
  it.each<[string, string | null | undefined, string | null]>([
    ['US (§9: en)', 'us', 'en-us'],
    ['Canada (en default)', 'ca', 'en-ca'],
    ['France (§9: fr)', 'fr', 'fr-fr'],
    ['Germany (§9: de)', 'de', 'de-de'],
    ['Japan (§9: ja)', 'jp', 'ja-jp'],
    ['Austria', 'at', 'de-at'],
    ['Belgium (nl default)', 'be', 'nl-be'],
    ['Czech Republic', 'cz', 'cs-cz'],
    ['Finland', 'fi', 'fi-fi'],
    ['Italy', 'it', 'it-it'],
    ['Netherlands', 'nl', 'nl-nl'],
    ['Norway', 'no', 'no-no'],
    ['Poland', 'pl', 'pl-pl'],
    ['Russia', 'ru', 'ru-ru'],
    ['Spain', 'es', 'es-es'],
    ['Sweden', 'se', 'sv-se'],
    ['Switzerland (de default)', 'ch', 'de-ch'],
    ['United Kingdom', 'gb', 'en-gb'],
    ['Australia', 'au', 'en-au'],
    ['China', 'cn', 'zh-cn'],
    ['Korea', 'kr', 'ko-kr'],
    ['New Zealand', 'nz', 'en-nz'],
    ['global', 'global', 'en-global'],
    ['uppercase country', 'FR', 'fr-fr'],
    ['unknown country', 'br', null],
    ['uk is not a country code (gb is)', 'uk', null],
    ['empty', '', null],
    ['null', null, null],
    ['undefined', undefined, null],
  ])('%s', (_description, country, expected) => {
    expect(defaultLocaleForCountry(country)).toBe(expected);
  });
});

describe('defaultLocaleForLanguage', () => {
  it.each<[string, string | null | undefined, string | null]>([
    ['en → US (§9 default)', 'en', 'en-us'],
    ['fr → France (§9 default)', 'fr', 'fr-fr'],
    ['de → Germany (§9 default)', 'de', 'de-de'],
    ['ja → Japan (§9 default)', 'ja', 'ja-jp'],
    ['es → Spain, not the US', 'es', 'es-es'],
    ['nl → Netherlands, not Belgium', 'nl', 'nl-nl'],
    ['it → Italy, not Switzerland', 'it', 'it-it'],
    ['sv → Sweden', 'sv', 'sv-se'],
    ['ru → Russia', 'ru', 'ru-ru'],
    ['pl → Poland', 'pl', 'pl-pl'],
    ['no → Norway', 'no', 'no-no'],
    ['ko → Korea', 'ko', 'ko-kr'],
    ['fi → Finland', 'fi', 'fi-fi'],
    ['cs → Czech Republic', 'cs', 'cs-cz'],
    ['zh → China', 'zh', 'zh-cn'],
    ['uppercase', 'DE', 'de-de'],
    ['unsupported language', 'pt', null],
    ['empty', '', null],
    ['null', null, null],
  ])('%s', (_description, language, expected) => {
    expect(defaultLocaleForLanguage(language)).toBe(expected);
  });

  it('each language home country offers that language as its default', () => {
    for (const language of LANGUAGES) {
      const home = findCountry(LANGUAGE_HOME_COUNTRY[language]);
      expect(home?.langs.find((lang) => lang.default === true)?.value).toBe(language);
    }
  });
});

describe('contentLocaleFor (spec §9 languages)', () => {
  it.each<[string, string | null | undefined, string | null]>([
    ['English is en-us', 'en', 'en-us'],
    ['Swedish', 'sv', 'sv'],
    ['Spanish', 'es', 'es'],
    ['Russian', 'ru', 'ru'],
    ['Polish', 'pl', 'pl'],
    ['Norwegian', 'no', 'no'],
    ['Korean', 'ko', 'ko'],
    ['Japanese', 'ja', 'ja'],
    ['Italian', 'it', 'it'],
    ['German', 'de', 'de'],
    ['French', 'fr', 'fr'],
    ['Finnish', 'fi', 'fi'],
    ['Dutch', 'nl', 'nl'],
    ['Czech', 'cs', 'cs'],
    ['Chinese', 'zh', 'zh'],
    ['uppercase input', 'DE', 'de'],
    ['unsupported language', 'pt', null],
    ['a locale is not a language', 'en-us', null],
    ['null', null, null],
  ])('%s', (_description, language, expected) => {
    expect(contentLocaleFor(language)).toBe(expected);
  });

  it('CONTENT_LOCALES is exactly the §9 language list', () => {
    expect(CONTENT_LOCALES).toEqual([
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
      'en-us',
      'nl',
      'cs',
      'zh',
    ]);
  });
});

describe('htmlLangFor', () => {
  it.each<[string, string | null | undefined, string]>([
    ['en-us → en', 'en-us', 'en'],
    ['de-de → de', 'de-de', 'de'],
    ['fr-ca → fr', 'fr-ca', 'fr'],
    ['sv-se → sv', 'sv-se', 'sv'],
    ['zh-cn → zh', 'zh-cn', 'zh'],
    ['en-global → en', 'en-global', 'en'],
    ['uppercase input', 'IT-CH', 'it'],
    ['unsupported locale → default', 'xx-zz', 'en'],
    ['null → default', null, 'en'],
  ])('%s', (_description, locale, expected) => {
    expect(htmlLangFor(locale)).toBe(expected);
  });
});
