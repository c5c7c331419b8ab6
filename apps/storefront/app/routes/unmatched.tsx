import { redirect } from 'react-router';
import { localizePath, parseLocale, DEFAULT_LOCALE } from '@piste/core';
import { pageNotFound } from '../lib/page-not-found';
import type { Route } from './+types/unmatched';

const RESET_CAMPAIGN_SUFFIX = 'time-for-the-reset';

/**
 * A route with no component (spec §2): a wildcard path ending in `time-for-the-reset` is a
 * campaign vanity URL that lands on the locale's home; any other unmatched path is the 404 page.
 */
export function loader({ params, request }: Route.LoaderArgs) {
  const path = params['*'] ?? '';
  if (path.replace(/\/+$/, '').endsWith(RESET_CAMPAIGN_SUFFIX)) {
    const locale = parseLocale(params.lang ?? DEFAULT_LOCALE)?.locale ?? DEFAULT_LOCALE;
    throw redirect(localizePath(locale, '/'));
  }
  throw pageNotFound(request);
}

/**
 * Never rendered: the loader always throws. Exporting a component makes this a page route,
 * so its 404 is the error page rather than a bare response.
 */
export default function Unmatched() {
  return null;
}
