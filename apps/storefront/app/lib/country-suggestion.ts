import { defaultLocaleForCountry, findCountry, parseLocale } from '@piste/core';

/** A country the visitor seems to be in, and the locale to shop it in. */
export interface CountrySuggestion {
  country: string;
  countryName: string;
  locale: string;
}

/**
 * The first visit suggests the detected country in a dismissible banner. A
 * suggestion is made only for a country the shop serves and that is not the page's own.
 */
export function suggestCountry(
  detectedCountry: string | null | undefined,
  currentLocale: string,
): CountrySuggestion | null {
  const entry = findCountry(detectedCountry);
  const locale = defaultLocaleForCountry(detectedCountry);
  if (!entry || !locale) return null;
  if (parseLocale(currentLocale)?.country === entry.value) return null;
  return { country: entry.value, countryName: entry.text, locale };
}

/**
 * The page's path without its locale prefix, to open the same page in another locale:
 * `/de-de/p/helmet?colour=red` → `/p/helmet?colour=red`; the home of en-us is `/`.
 */
export function pathWithoutLocale(pathname: string, search = ''): string {
  const [, first = '', ...rest] = pathname.split('/');
  const inner = parseLocale(first) ? `/${rest.join('/')}` : pathname;
  return `${inner === '/' || inner === '' ? '/' : inner}${search}`;
}
