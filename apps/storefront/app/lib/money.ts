/**
 * The store's format of the region's currency, written in the page's locale (spec §3 'Currency
 * format', LocalCurrencyFormat). Loaders send it with their amounts; `formatCurrency` of
 * `@piste/core` writes an amount with it, and null writes the raw amount (spec §5).
 */
export interface CurrencyFormatView {
  token: string;
  decimal_token: string;
  thousands_token: string;
  decimal_places: number;
  token_location: 'left' | 'right';
  currency_code: string;
  locale: string;
}
