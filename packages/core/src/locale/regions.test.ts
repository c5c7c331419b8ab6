import { describe, it, expect } from 'vitest';
import {
  ALLOWED_COUNTRY_CODES,
  CONTACT_REGIONS,
  CONTENT_REGIONS,
  EUROPE_COUNTRIES,
  REGION_MAP,
  SHOPPING_REGIONS,
  contentRegionForCountry,
  isAcceptedCountryCode,
  isEuCountry,
  isShoppingRegion,
  resolveBillingRegion,
  resolveRegion,
} from './regions';
import { COUNTRIES, findCountry } from './countries';

describe('§9 constants', () => {
  it.each<[string, readonly string[], string[]]>([
    ['shopping regions', SHOPPING_REGIONS, ['us', 'ca', 'eu_region_1', 'pro', 'pro_ca', 'pro_eu_region_1']],
    ['contact regions', CONTACT_REGIONS, ['us', 'ca', 'no', 'jp', 'au', 'nz', 'uk', 'kr', 'eu']],
    ['content regions of the region map', CONTENT_REGIONS, ['us', 'ca', 'jp', 'eu', 'eu_region_1', 'other']],
    ['eu_region_1 countries', REGION_MAP.eu_region_1, ['de', 'at', 'es', 'fr', 'it']],
    [
      'eu countries (rest of the Europe list)',
      REGION_MAP.eu,
      ['be', 'cz', 'fi', 'nl', 'no', 'pl', 'ru', 'se', 'ch', 'gb'],
    ],
    [
      'allowed country codes (§5)',
      ALLOWED_COUNTRY_CODES,
      [
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
      ],
    ],
  ])('%s', (_description, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  it('every allowed country code (§5) has a country entry', () => {
    for (const code of ALLOWED_COUNTRY_CODES) expect(findCountry(code)?.value).toBe(code);
  });
});

// Every country entry, plus unknown and malformed inputs.
const regionRows: [string, string | null | undefined, string][] = [
  ['us → us', 'us', 'us'],
  ['ca → ca', 'ca', 'ca'],
  ['jp → jp', 'jp', 'jp'],
  ['de → eu_region_1', 'de', 'eu_region_1'],
  ['at → eu_region_1', 'at', 'eu_region_1'],
  ['es → eu_region_1', 'es', 'eu_region_1'],
  ['fr → eu_region_1', 'fr', 'eu_region_1'],
  ['it → eu_region_1', 'it', 'eu_region_1'],
  ['be → eu', 'be', 'eu'],
  ['cz → eu', 'cz', 'eu'],
  ['fi → eu', 'fi', 'eu'],
  ['nl → eu', 'nl', 'eu'],
  ['no → eu (only pro customers get region no)', 'no', 'eu'],
  ['pl → eu', 'pl', 'eu'],
  ['ru → eu', 'ru', 'eu'],
  ['se → eu', 'se', 'eu'],
  ['ch → eu', 'ch', 'eu'],
  ['gb → eu', 'gb', 'eu'],
  ['au → other', 'au', 'other'],
  ['nz → other', 'nz', 'other'],
  ['kr → other', 'kr', 'other'],
  ['cn → other', 'cn', 'other'],
  ['global → other', 'global', 'other'],
  ['unknown country → other', 'br', 'other'],
  ['uppercase DE → eu_region_1', 'DE', 'eu_region_1'],
  ['uppercase US → us', 'US', 'us'],
  ['empty → other', '', 'other'],
  ['null → other', null, 'other'],
  ['undefined → other', undefined, 'other'],
];

describe('contentRegionForCountry (§9 region map)', () => {
  it.each(regionRows)('%s', (_description, country, expected) => {
    expect(contentRegionForCountry(country)).toBe(expected);
  });

  it('the table covers every country entry', () => {
    const covered = new Set(regionRows.map(([, country]) => country));
    for (const country of COUNTRIES) expect(covered.has(country.value)).toBe(true);
  });
});

describe('isShoppingRegion', () => {
  it.each<[string, string | null | undefined, boolean]>([
    ['us', 'us', true],
    ['ca', 'ca', true],
    ['eu_region_1', 'eu_region_1', true],
    ['pro', 'pro', true],
    ['pro_ca', 'pro_ca', true],
    ['pro_eu_region_1', 'pro_eu_region_1', true],
    ['eu is not', 'eu', false],
    ['jp is not', 'jp', false],
    ['no is not', 'no', false],
    ['other is not', 'other', false],
    ['case-sensitive: US is not', 'US', false],
    ['empty', '', false],
    ['null', null, false],
  ])('%s', (_description, region, expected) => {
    expect(isShoppingRegion(region)).toBe(expected);
  });
});

describe('isEuCountry (§4: country in the Europe list)', () => {
  const europe = ['at', 'be', 'cz', 'fi', 'fr', 'de', 'it', 'nl', 'no', 'pl', 'ru', 'es', 'se', 'ch', 'gb'];
  it.each<[string, string | null | undefined, boolean]>([
    ...COUNTRIES.map((country): [string, string, boolean] => [
      `${country.value} (${country.text})`,
      country.value,
      europe.includes(country.value),
    ]),
    ['uppercase FR', 'FR', true],
    ['European but not offered (pt)', 'pt', false],
    ['empty', '', false],
    ['null', null, false],
  ])('%s', (_description, country, expected) => {
    expect(isEuCountry(country)).toBe(expected);
  });

  it('EUROPE_COUNTRIES is the Europe group', () => {
    expect(EUROPE_COUNTRIES).toEqual(europe);
  });
});

describe('resolveRegion (§4)', () => {
  it.each<[string, { country: string | null; isPro?: boolean }, string]>([
    ['pro in us → pro', { country: 'us', isPro: true }, 'pro'],
    ['pro in ca → pro_ca', { country: 'ca', isPro: true }, 'pro_ca'],
    ['pro in de → pro_eu_region_1', { country: 'de', isPro: true }, 'pro_eu_region_1'],
    ['pro in at → pro_eu_region_1', { country: 'at', isPro: true }, 'pro_eu_region_1'],
    ['pro in es → pro_eu_region_1', { country: 'es', isPro: true }, 'pro_eu_region_1'],
    ['pro in fr → pro_eu_region_1', { country: 'fr', isPro: true }, 'pro_eu_region_1'],
    ['pro in it → pro_eu_region_1', { country: 'it', isPro: true }, 'pro_eu_region_1'],
    ['pro in no → no', { country: 'no', isPro: true }, 'no'],
    ['pro in uppercase US → pro', { country: 'US', isPro: true }, 'pro'],
    ['pro in jp → region map jp', { country: 'jp', isPro: true }, 'jp'],
    ['pro in gb → region map eu', { country: 'gb', isPro: true }, 'eu'],
    ['pro in au → region map other', { country: 'au', isPro: true }, 'other'],
    ['pro in global → other', { country: 'global', isPro: true }, 'other'],
    ['pro with unknown country → other', { country: 'br', isPro: true }, 'other'],
    ['pro with no country → other', { country: null, isPro: true }, 'other'],
    ['non-pro us → us', { country: 'us', isPro: false }, 'us'],
    ['non-pro ca → ca', { country: 'ca', isPro: false }, 'ca'],
    ['non-pro de → eu_region_1', { country: 'de', isPro: false }, 'eu_region_1'],
    ['non-pro no → eu', { country: 'no', isPro: false }, 'eu'],
    ['non-pro jp → jp', { country: 'jp', isPro: false }, 'jp'],
    ['non-pro nz → other', { country: 'nz' }, 'other'],
    ['isPro omitted in us → us', { country: 'us' }, 'us'],
  ])('%s', (_description, input, expected) => {
    expect(resolveRegion(input.country, input.isPro === undefined ? undefined : { isPro: input.isPro })).toBe(expected);
  });
});

describe('resolveBillingRegion (§4)', () => {
  it.each<[string, { region: string | null; country: string | null }, string]>([
    ['pro → us', { region: 'pro', country: 'us' }, 'us'],
    ['pro_ca → the country (ca)', { region: 'pro_ca', country: 'ca' }, 'ca'],
    ['pro_ca → the country, lowercased', { region: 'pro_ca', country: 'CA' }, 'ca'],
    ['pro_ca without a country → ca', { region: 'pro_ca', country: null }, 'ca'],
    ['pro_eu_region_1 → eu_region_1', { region: 'pro_eu_region_1', country: 'de' }, 'eu_region_1'],
    ['shopping region us → itself', { region: 'us', country: 'us' }, 'us'],
    ['shopping region ca → itself', { region: 'ca', country: 'ca' }, 'ca'],
    ['shopping region eu_region_1 → itself', { region: 'eu_region_1', country: 'fr' }, 'eu_region_1'],
    ['eu (not shopping) → us', { region: 'eu', country: 'gb' }, 'us'],
    ['jp (not shopping) → us', { region: 'jp', country: 'jp' }, 'us'],
    ['no (pro Norway, not shopping) → us', { region: 'no', country: 'no' }, 'us'],
    ['other → us', { region: 'other', country: 'au' }, 'us'],
    ['unknown region → us', { region: 'mars', country: 'us' }, 'us'],
    ['missing region → us', { region: null, country: null }, 'us'],
  ])('%s', (_description, input, expected) => {
    expect(resolveBillingRegion(input.region, input.country)).toBe(expected);
  });
});

describe('isAcceptedCountryCode (§5)', () => {
  it.each<[string, string | null | undefined, boolean]>([
    ...ALLOWED_COUNTRY_CODES.map((code): [string, string, boolean] => [`allowed list: ${code}`, code, true]),
    ['global', 'global', true],
    ['GLOBAL (case-insensitive)', 'GLOBAL', true],
    ['uppercase allowed code', 'US', true],
    ['two letters outside the list (br)', 'br', true],
    ['two uppercase letters outside the list (KR)', 'KR', true],
    ['mixed case two letters', 'Fi', true],
    ['three letters', 'usa', false],
    ['one letter', 'u', false],
    ['letter and digit', 'u1', false],
    ['digits', '12', false],
    ['leading space', ' us', false],
    ['trailing newline', 'us\n', false],
    ['a locale', 'en-us', false],
    ['globals', 'globals', false],
    ['non-ASCII letters', 'éé', false],
    ['empty', '', false],
    ['null', null, false],
    ['undefined', undefined, false],
  ])('%s', (_description, code, expected) => {
    expect(isAcceptedCountryCode(code)).toBe(expected);
  });
});
