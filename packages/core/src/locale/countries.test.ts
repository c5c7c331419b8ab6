import { describe, it, expect } from 'vitest';
import {
  COUNTRIES,
  COUNTRY_GROUPS,
  countryCodesInGroup,
  countryGroupOf,
  findCountry,
  type CountryGroupId,
} from './countries';
import { LANGUAGES } from './languages';

type CountryRow = [
  description: string,
  code: string,
  expected: {
    text: string;
    iso: string;
    group: CountryGroupId;
    langs: string[];
    defaultLang: string;
    langTexts: string[];
  },
];

// Spec §3 'Country entry' / §5 allowed list / §9 default languages.
const countryRows: CountryRow[] = [
  [
    'Canada: English default, French',
    'ca',
    {
      text: 'Canada',
      iso: 'CA',
      group: 'north-america',
      langs: ['en', 'fr'],
      defaultLang: 'en',
      langTexts: ['English', 'Français'],
    },
  ],
  [
    'US: English default (§9), also Spanish',
    'us',
    {
      text: 'United States',
      iso: 'US',
      group: 'north-america',
      langs: ['en', 'es'],
      defaultLang: 'en',
      langTexts: ['English', 'Español'],
    },
  ],
  [
    'Austria: German',
    'at',
    { text: 'Austria', iso: 'AT', group: 'europe', langs: ['de'], defaultLang: 'de', langTexts: ['Deutsch'] },
  ],
  [
    'Belgium: Dutch default, French, English',
    'be',
    {
      text: 'Belgium',
      iso: 'BE',
      group: 'europe',
      langs: ['nl', 'fr', 'en'],
      defaultLang: 'nl',
      langTexts: ['Nederlands', 'Français', 'English'],
    },
  ],
  [
    'Czech Republic: Czech',
    'cz',
    { text: 'Czech Republic', iso: 'CZ', group: 'europe', langs: ['cs'], defaultLang: 'cs', langTexts: ['Čeština'] },
  ],
  [
    'Finland: Finnish',
    'fi',
    { text: 'Finland', iso: 'FI', group: 'europe', langs: ['fi'], defaultLang: 'fi', langTexts: ['Suomi'] },
  ],
  [
    'France: French (§9)',
    'fr',
    { text: 'France', iso: 'FR', group: 'europe', langs: ['fr'], defaultLang: 'fr', langTexts: ['Français'] },
  ],
  [
    'Germany: German (§9)',
    'de',
    { text: 'Germany', iso: 'DE', group: 'europe', langs: ['de'], defaultLang: 'de', langTexts: ['Deutsch'] },
  ],
  [
    'Italy: Italian',
    'it',
    { text: 'Italy', iso: 'IT', group: 'europe', langs: ['it'], defaultLang: 'it', langTexts: ['Italiano'] },
  ],
  [
    'Netherlands: Dutch',
    'nl',
    { text: 'Netherlands', iso: 'NL', group: 'europe', langs: ['nl'], defaultLang: 'nl', langTexts: ['Nederlands'] },
  ],
  [
    'Norway: Norwegian',
    'no',
    { text: 'Norway', iso: 'NO', group: 'europe', langs: ['no'], defaultLang: 'no', langTexts: ['Norsk'] },
  ],
  [
    'Poland: Polish',
    'pl',
    { text: 'Poland', iso: 'PL', group: 'europe', langs: ['pl'], defaultLang: 'pl', langTexts: ['Polski'] },
  ],
  [
    'Russia: Russian',
    'ru',
    { text: 'Russia', iso: 'RU', group: 'europe', langs: ['ru'], defaultLang: 'ru', langTexts: ['Русский'] },
  ],
  [
    'Spain: Spanish',
    'es',
    { text: 'Spain', iso: 'ES', group: 'europe', langs: ['es'], defaultLang: 'es', langTexts: ['Español'] },
  ],
  [
    'Sweden: Swedish',
    'se',
    { text: 'Sweden', iso: 'SE', group: 'europe', langs: ['sv'], defaultLang: 'sv', langTexts: ['Svenska'] },
  ],
  [
    'Switzerland: German default, French, Italian',
    'ch',
    {
      text: 'Switzerland',
      iso: 'CH',
      group: 'europe',
      langs: ['de', 'fr', 'it'],
      defaultLang: 'de',
      langTexts: ['Deutsch', 'Français', 'Italiano'],
    },
  ],
  [
    'United Kingdom: English',
    'gb',
    { text: 'United Kingdom', iso: 'GB', group: 'europe', langs: ['en'], defaultLang: 'en', langTexts: ['English'] },
  ],
  [
    'Australia: English',
    'au',
    { text: 'Australia', iso: 'AU', group: 'asia-pacific', langs: ['en'], defaultLang: 'en', langTexts: ['English'] },
  ],
  [
    'China: Chinese',
    'cn',
    { text: 'China', iso: 'CN', group: 'asia-pacific', langs: ['zh'], defaultLang: 'zh', langTexts: ['中文'] },
  ],
  [
    'Japan: Japanese (§9)',
    'jp',
    { text: 'Japan', iso: 'JP', group: 'asia-pacific', langs: ['ja'], defaultLang: 'ja', langTexts: ['日本語'] },
  ],
  [
    'Korea: Korean',
    'kr',
    { text: 'Korea', iso: 'KR', group: 'asia-pacific', langs: ['ko'], defaultLang: 'ko', langTexts: ['한국어'] },
  ],
  [
    'New Zealand: English',
    'nz',
    { text: 'New Zealand', iso: 'NZ', group: 'asia-pacific', langs: ['en'], defaultLang: 'en', langTexts: ['English'] },
  ],
  [
    'International (global): English, iso INT',
    'global',
    { text: 'International', iso: 'INT', group: 'other', langs: ['en'], defaultLang: 'en', langTexts: ['English'] },
  ],
];

describe('country entries', () => {
  it.each(countryRows)('%s', (_description, code, expected) => {
    const entry = findCountry(code);
    expect(entry).not.toBeNull();
    expect(entry?.text).toBe(expected.text);
    expect(entry?.value).toBe(code);
    expect(entry?.iso).toBe(expected.iso);
    expect(entry?.langs.map((lang) => lang.value)).toEqual(expected.langs);
    expect(entry?.langs.map((lang) => lang.text)).toEqual(expected.langTexts);
    expect(entry?.langs.filter((lang) => lang.default === true).map((lang) => lang.value)).toEqual([
      expected.defaultLang,
    ]);
    expect(countryGroupOf(code)).toBe(expected.group);
  });

  it('lists exactly the countries of the table, with no duplicates', () => {
    const codes = COUNTRIES.map((country) => country.value);
    expect(new Set(codes).size).toBe(codes.length);
    expect([...codes].sort()).toEqual(countryRows.map(([, code]) => code).sort());
  });

  it('every entry has the Country entry shape of spec §3: a code, a name and a single default language', () => {
    for (const country of COUNTRIES) {
      expect(country.value).toMatch(/^(?:[a-z]{2}|global)$/);
      expect(country.text.length).toBeGreaterThan(0);
      expect(country.langs.length).toBeGreaterThan(0);
      expect(country.langs.filter((lang) => lang.default === true)).toHaveLength(1);
    }
  });

  it('ISO code is the uppercase country code, except INT for global', () => {
    for (const country of COUNTRIES) {
      expect(country.iso).toBe(country.value === 'global' ? 'INT' : country.value.toUpperCase());
    }
  });

  it('every §9 language is offered by at least one country', () => {
    const offered = new Set(COUNTRIES.flatMap((country) => country.langs.map((lang) => lang.value)));
    for (const language of LANGUAGES) expect(offered.has(language)).toBe(true);
  });
});

describe('country groups', () => {
  it('are North America, Europe, Asia Pacific and Other, in that order (spec §3)', () => {
    expect(COUNTRY_GROUPS.map((group) => [group.id, group.text])).toEqual([
      ['north-america', 'North America'],
      ['europe', 'Europe'],
      ['asia-pacific', 'Asia Pacific'],
      ['other', 'Other'],
    ]);
  });

  it.each<[string, CountryGroupId, string[]]>([
    ['North America', 'north-america', ['ca', 'us']],
    ['Europe', 'europe', ['at', 'be', 'cz', 'fi', 'fr', 'de', 'it', 'nl', 'no', 'pl', 'ru', 'es', 'se', 'ch', 'gb']],
    ['Asia Pacific', 'asia-pacific', ['au', 'cn', 'jp', 'kr', 'nz']],
    ['Other', 'other', ['global']],
  ])('%s holds its countries in display order', (_description, id, expected) => {
    expect(countryCodesInGroup(id)).toEqual(expected);
  });
});

describe('findCountry / countryGroupOf lookups', () => {
  it.each<[string, string | null | undefined, string | null]>([
    ['uppercase code', 'DE', 'de'],
    ['mixed case global', 'Global', 'global'],
    ['surrounding whitespace', ' fr ', 'fr'],
    ['country not offered', 'br', null],
    ['ISO code INT is not a country value', 'INT', null],
    ['three-letter code', 'deu', null],
    ['empty string', '', null],
    ['null', null, null],
    ['undefined', undefined, null],
  ])('%s', (_description, input, expected) => {
    expect(findCountry(input)?.value ?? null).toBe(expected);
    expect(countryGroupOf(input) !== null).toBe(expected !== null);
  });
});
