import { describe, it, expect } from 'vitest';
import {
  type CurrencyFormat,
  DEFAULT_CURRENCY_FORMAT,
  formatCurrency,
  type LocalCurrencyFormat,
} from './currency-format';

const USD: CurrencyFormat = {
  token: '$',
  decimal_token: '.',
  thousands_token: ',',
  decimal_places: 2,
  token_location: 'left',
};
const CAD: CurrencyFormat = { ...USD, token: 'CA$' };
const EUR: CurrencyFormat = {
  token: '€',
  decimal_token: ',',
  thousands_token: '.',
  decimal_places: 2,
  token_location: 'right',
};
const JPY: CurrencyFormat = {
  token: '¥',
  decimal_token: '.',
  thousands_token: ',',
  decimal_places: 0,
  token_location: 'left',
};
const CHF: CurrencyFormat = {
  token: 'CHF',
  decimal_token: '.',
  thousands_token: "'",
  decimal_places: 2,
  token_location: 'right',
};

describe('DEFAULT_CURRENCY_FORMAT (§9 "default format symbol $ with 2 decimals")', () => {
  it('is $, 2 decimals, comma thousands, point decimal, on the left', () => {
    expect(DEFAULT_CURRENCY_FORMAT).toEqual(USD);
    expect(Object.isFrozen(DEFAULT_CURRENCY_FORMAT)).toBe(true);
  });
});

describe('formatCurrency', () => {
  it.each<[string, number, Partial<CurrencyFormat> | null | undefined, string]>([
    // §9 default format when none is given
    ['no format', 1234.5, undefined, '$1,234.50'],
    // §5 "raw value if any currency setting is missing": null is a region whose settings could not be read
    ['null format (settings unreadable)', 1234.5, null, '1234.5'],
    // §3 currency format fields
    ['USD', 1234.5, USD, '$1,234.50'],
    ['CAD token on the left, no space', 1234.5, CAD, 'CA$1,234.50'],
    ['EUR token on the right after a space', 1234.5, EUR, '1.234,50 €'],
    ['CHF apostrophe thousands', 1234567.891, CHF, "1'234'567.89 CHF"],
    ['decimal_places 0', 1234.5, JPY, '¥1,235'],
    ['decimal_places 0 rounds negatives away from zero', -1234.5, JPY, '-¥1,235'],
    ['decimal_places 3', 1.0005, { ...USD, decimal_places: 3 }, '$1.001'],
    ['empty thousands token', 1234567, { ...USD, thousands_token: '' }, '$1234567.00'],
    ['empty right-hand token has no trailing space', 5, { ...EUR, token: '' }, '5,00'],
    // zero and small values
    ['zero', 0, USD, '$0.00'],
    ['zero on the right', 0, EUR, '0,00 €'],
    ['negative zero', -0, USD, '$0.00'],
    ['a negative that rounds to zero has no sign', -0.004, USD, '$0.00'],
    ['below one', 0.5, USD, '$0.50'],
    // thousands grouping boundaries
    ['999', 999, USD, '$999.00'],
    ['1000', 1000, USD, '$1,000.00'],
    ['999999.995 carries into a new group', 999999.995, USD, '$1,000,000.00'],
    ['large number', 1234567890.12, USD, '$1,234,567,890.12'],
    ['number beyond exponent notation', 1e21, USD, '$1,000,000,000,000,000,000,000.00'],
    // rounding half away from zero
    ['1.005 rounds up (not binary 1.00)', 1.005, USD, '$1.01'],
    ['1.004 rounds down', 1.004, USD, '$1.00'],
    ['2.675 rounds up', 2.675, USD, '$2.68'],
    ['-1.005 rounds away from zero', -1.005, USD, '-$1.01'],
    ['float noise', 0.1 + 0.2, USD, '$0.30'],
    // negatives
    ['negative left', -1234.5, USD, '-$1,234.50'],
    ['negative right', -1234.5, EUR, '-1.234,50 €'],
  ])('%s', (_rule, amount, format, expected) => {
    expect(formatCurrency(amount, format)).toBe(expected);
  });

  describe('§5 "returns the raw value if any currency setting is missing"', () => {
    it.each<[string, Partial<CurrencyFormat>]>([
      ['empty object', {}],
      ['token missing', { ...EUR, token: undefined }],
      ['decimal_token missing', { ...EUR, decimal_token: undefined }],
      ['thousands_token missing', { ...EUR, thousands_token: undefined }],
      ['decimal_places missing', { ...EUR, decimal_places: undefined }],
      ['token_location missing', { ...EUR, token_location: undefined }],
      ['token null', { ...EUR, token: null as unknown as string }],
      ['decimal_places negative', { ...EUR, decimal_places: -1 }],
      ['decimal_places fractional', { ...EUR, decimal_places: 1.5 }],
      ['token_location unknown', { ...EUR, token_location: 'center' as 'left' }],
    ])('%s', (_case, format) => {
      expect(formatCurrency(1234.5, format)).toBe('1234.5');
      expect(formatCurrency(-0.1, format)).toBe('-0.1');
    });
  });

  it.each<[number, string]>([
    [Number.NaN, 'NaN'],
    [Number.POSITIVE_INFINITY, 'Infinity'],
    [Number.NEGATIVE_INFINITY, '-Infinity'],
  ])('a non-finite amount %d is returned raw', (amount, expected) => {
    expect(formatCurrency(amount)).toBe(expected);
    expect(formatCurrency(amount, EUR)).toBe(expected);
  });
});

describe('formatCurrency in the page’s locale (fr-ca once wrote CA$294.95)', () => {
  const local = (format: CurrencyFormat, currency_code: string, locale: string): LocalCurrencyFormat => ({
    ...format,
    currency_code,
    locale,
  });
  // Intl separates with no-break spaces; compared as plain spaces.
  const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

  it.each<[string, number, LocalCurrencyFormat, string]>([
    ['fr-ca writes Canadian dollars the French way', 294.95, local(CAD, 'CAD', 'fr-ca'), '294,95 $'],
    ['fr-ca groups thousands with a space', 1234.5, local(CAD, 'CAD', 'fr-ca'), '1 234,50 $'],
    ['en-ca writes them with a plain $', 294.95, local(CAD, 'CAD', 'en-ca'), '$294.95'],
    ['en-us names the Canadian dollar', 294.95, local(CAD, 'CAD', 'en-us'), 'CA$294.95'],
    ['de-de writes euros after the amount', 209.99, local(EUR, 'EUR', 'de-de'), '209,99 €'],
    ['de-de groups thousands with a point', 1234.5, local(EUR, 'EUR', 'de-de'), '1.234,50 €'],
    ['fr-fr writes euros with a comma', 209.99, local(EUR, 'EUR', 'fr-fr'), '209,99 €'],
    ['en-us writes dollars as before', 1234.5, local(USD, 'USD', 'en-us'), '$1,234.50'],
    ['the store’s decimal places hold', 1234.5, local(JPY, 'JPY', 'en-us'), '¥1,235'],
    ['rounds half away from zero on the decimal, not the binary, value', 1.005, local(USD, 'USD', 'en-us'), '$1.01'],
    ['a negative that rounds to zero has no sign', -0.004, local(EUR, 'EUR', 'de-de'), '0,00 €'],
    ['a negative keeps its sign', -5, local(CAD, 'CAD', 'fr-ca'), '-5,00 $'],
    ['a locale without a country uses its language', 5, local(EUR, 'EUR', 'en-global'), '€5.00'],
  ])('%s', (_, amount, format, expected) => {
    expect(plain(formatCurrency(amount, format))).toBe(expected);
  });

  it('falls back to the store’s tokens for a currency code Intl does not know', () => {
    expect(formatCurrency(294.95, local(CAD, 'not a code', 'fr-ca'))).toBe('CA$294.95');
  });

  it('still gives the raw value when a currency setting is missing (spec §5)', () => {
    const { token: _token, ...missing } = local(CAD, 'CAD', 'fr-ca');
    expect(formatCurrency(294.95, missing)).toBe('294.95');
  });
});
