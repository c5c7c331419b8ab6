import { findCountry } from '@piste/core';

const COUNTRY_CODE = /^[a-z]{2}$/i;

/**
 * A country's name in the page's language ("Deutschland" on de pages, "Österreich" for `at`),
 * from the runtime's CLDR data. Where that has none (the global entry, an unknown language tag)
 * the shop's own country list gives its English name; anything else is kept as written.
 */
export function countryName(country: string, language: string): string {
  const code = country.trim();
  if (COUNTRY_CODE.test(code)) {
    try {
      const name = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' }).of(code.toUpperCase());
      if (name) return name;
    } catch {
      // An unknown language tag: fall through to the English list.
    }
  }
  return findCountry(code)?.text ?? code;
}
