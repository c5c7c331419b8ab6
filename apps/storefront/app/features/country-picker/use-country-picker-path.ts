import { useLocation } from 'react-router';
import { sameOriginPath } from '@piste/core';
import { pathWithoutLocale } from '../../lib/country-suggestion';

/** The query parameter of the country picker naming the page it was opened from. */
export const COUNTRY_PICKER_FROM = 'from';

/**
 * The country picker's path (without locale) from the page the shopper is on, naming that page so
 * the choice can take them to the same page in the new locale instead of its home. On the
 * picker itself, the page it was opened from is kept.
 */
export function useCountryPickerPath(): string {
  const { pathname, search } = useLocation();
  const here = pathWithoutLocale(pathname, search);
  const from = here.startsWith('/country') ? countryPickerFrom(new URLSearchParams(search)) : here;
  return from === null || from === '/'
    ? '/country'
    : `/country?${new URLSearchParams({ [COUNTRY_PICKER_FROM]: from })}`;
}

/** The page (a path of this site without its locale) the picker was opened from, or null. */
export function countryPickerFrom(params: URLSearchParams): string | null {
  const from = sameOriginPath(params.get(COUNTRY_PICKER_FROM));
  return from === null || from.startsWith('/country') ? null : from;
}
