import { roundToDecimalParts } from './decimal-rounding';

/** Spec §3 'Currency format': "token, decimal_token, thousands_token, decimal_places, token_location (left or right)". */
export interface CurrencyFormat {
  token: string;
  decimal_token: string;
  thousands_token: string;
  decimal_places: number;
  token_location: 'left' | 'right';
}

/** Spec §9 'Currency': "default format symbol $ with 2 decimals" (US separators, symbol on the left). */
export const DEFAULT_CURRENCY_FORMAT: Readonly<CurrencyFormat> = Object.freeze({
  token: '$',
  decimal_token: '.',
  thousands_token: ',',
  decimal_places: 2,
  token_location: 'left',
});

/**
 * A currency format that also names the currency and the page's locale, so the amount is written
 * as the page's language writes it in its country (`294,95 $` on fr-ca, `$294.95` on en-ca,
 * `209,99 €` on de-de): the store decides the currency and its decimal places, the language
 * the separators and where the symbol goes.
 */
export interface LocalCurrencyFormat extends CurrencyFormat {
  /** ISO 4217 code, e.g. `CAD`. */
  currency_code: string;
  /** The page's locale, `{language}-{country}` as in its path (`fr-ca`). */
  locale: string;
}

/**
 * Formats an amount for display: `$1,234.50`, `CA$1,234.50`, `1.234,50 €`; with a currency code
 * and locale (LocalCurrencyFormat), as Intl.NumberFormat writes it in that locale.
 *
 * - No format given (undefined) uses DEFAULT_CURRENCY_FORMAT (spec §9).
 * - Spec §5: "Currency formatting returns the raw value if any currency setting is
 *   missing" — a null format (the region's settings could not be read: a `$` would
 *   be wrong for a euro or CAD price) and a format with any field missing (undefined
 *   or null) give `String(amount)`. So does one whose decimal_places is not a non-negative
 *   integer or whose token_location is neither left nor right, and a non-finite
 *   amount: a wrong price is worse than an unformatted one.
 * - Rounds half away from zero to decimal_places; a value that rounds to zero
 *   shows no minus sign. Negatives put the sign before the token (`-$5.00`,
 *   `-5,00 €`).
 * - A right-hand token is separated by a space (`1.234,50 €`); a left-hand one
 *   is not (`$1,234.50`).
 */
export function formatCurrency(
  amount: number,
  format?: Partial<CurrencyFormat> | Partial<LocalCurrencyFormat> | null,
): string {
  const complete = format === undefined ? DEFAULT_CURRENCY_FORMAT : format === null ? null : completeFormat(format);
  if (complete === null || !Number.isFinite(amount)) return String(amount);

  const { negative, integer, fraction } = roundToDecimalParts(amount, complete.decimal_places);
  const local = format != null && 'locale' in format ? localNumberFormat(format, complete.decimal_places) : null;
  // Rounded as above first, so 1.005 still shows 1.01 (Intl would round the binary 1.00499…).
  if (local) return local.format(Number(`${negative ? '-' : ''}${integer}.${fraction || '0'}`));
  const grouped = integer.replace(/\B(?=(\d{3})+$)/g, complete.thousands_token);
  const number = fraction === '' ? grouped : `${grouped}${complete.decimal_token}${fraction}`;
  const sign = negative ? '-' : '';
  if (complete.token_location === 'left') return `${sign}${complete.token}${number}`;
  return complete.token === '' ? `${sign}${number}` : `${sign}${number} ${complete.token}`;
}

/** The format if every setting is present and usable, otherwise null (→ raw value). */
function completeFormat(format: Partial<CurrencyFormat>): CurrencyFormat | null {
  const { token, decimal_token, thousands_token, decimal_places, token_location } = format;
  if (token == null || decimal_token == null || thousands_token == null) return null;
  if (decimal_places == null || !Number.isInteger(decimal_places) || decimal_places < 0) return null;
  if (token_location !== 'left' && token_location !== 'right') return null;
  return { token, decimal_token, thousands_token, decimal_places, token_location };
}

const numberFormats = new Map<string, Intl.NumberFormat | null>();

/**
 * The Intl formatter of a page locale and currency (`fr-ca` → fr-CA), kept per combination as
 * building one is slow; null when the code or locale is not one Intl knows, which then
 * falls back to the store's tokens.
 */
function localNumberFormat(format: Partial<LocalCurrencyFormat>, places: number): Intl.NumberFormat | null {
  const { locale, currency_code: currency } = format;
  if (typeof locale !== 'string' || typeof currency !== 'string') return null;
  const key = `${locale}|${currency}|${places}`;
  let formatter = numberFormats.get(key);
  if (formatter === undefined) {
    try {
      formatter = new Intl.NumberFormat(intlLocale(locale), {
        style: 'currency',
        currency,
        minimumFractionDigits: places,
        maximumFractionDigits: places,
      });
    } catch {
      formatter = null;
    }
    numberFormats.set(key, formatter);
  }
  return formatter;
}

/** `fr-ca` → `fr-CA`; a locale whose country is not a country code (`en-global`) → its language. */
function intlLocale(locale: string): string {
  const [language = '', country = ''] = locale.split('-');
  return /^[a-z]{2}$/i.test(country) ? `${language}-${country.toUpperCase()}` : language;
}
