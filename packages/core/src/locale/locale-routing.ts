import { localeFromAcceptLanguage } from './accept-language';
import { DEFAULT_LOCALE, defaultLocaleForCountry, looksLikeLocale, parseLocale } from './locales';

export interface LocaleRouteInput {
  /** Raw request path, starting with '/'. */
  pathname: string;
  /** Query string including its leading '?', or ''. */
  search: string;
  cookieLocale?: string | null;
  geoCountry?: string | null;
  acceptLanguage?: string | null;
}

export type LocaleRouteDecision =
  | { action: 'skip' }
  | { action: 'redirect'; location: string; status: 302 }
  | { action: 'not-found' }
  | { action: 'render'; locale: string };

/**
 * Paths the locale middleware leaves alone (besides '.xml', spec §2 "Paths
 * ending in .xml skip locale handling", and files with an extension). Each
 * entry matches the path itself or anything below it.
 */
export const SKIP_PATH_PREFIXES = [
  '/api',
  '/media',
  '/assets',
  '/graphql',
  '/healthz',
  '/readyz',
  '/metrics',
  // React Router's lazy route discovery asks this for the routes of links it is about to follow.
  '/__manifest',
  // Vite's development server serves source modules from here (and from /@vite, /@id, /@fs).
  '/node_modules',
] as const;

const FILE_EXTENSION = /\.[a-z][a-z0-9]{0,15}$/i;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

export function isSkippedPath(pathname: string): boolean {
  if (pathname.toLowerCase().endsWith('.xml')) return true;
  // No locale starts with '@': these are Vite's development modules (/@vite/client, /@id/…).
  if (pathname.startsWith('/@')) return true;
  if (SKIP_PATH_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))) return true;
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  return FILE_EXTENSION.test(lastSegment);
}

/**
 * Spec §4 'Locale': "Country, language and region are set from cookies, then
 * geolocation, then the accept-language header." Falls back to en-us.
 */
export function detectVisitorLocale(input: {
  cookieLocale?: string | null;
  geoCountry?: string | null;
  acceptLanguage?: string | null;
}): string {
  return (
    parseLocale(input.cookieLocale)?.locale ??
    defaultLocaleForCountry(input.geoCountry) ??
    localeFromAcceptLanguage(input.acceptLanguage) ??
    DEFAULT_LOCALE
  );
}

const SKIP: LocaleRouteDecision = { action: 'skip' };
const NOT_FOUND: LocaleRouteDecision = { action: 'not-found' };

function redirect(path: string, search: string): LocaleRouteDecision {
  return { action: 'redirect', location: `${path}${search}`, status: 302 };
}

function render(locale: string): LocaleRouteDecision {
  return { action: 'render', locale };
}

/** `/{locale}{rest}`, except that the bare en-us home is `/` (spec §2 "/en-us is shortened to /"). */
function pathUnderLocale(locale: string, rest: string): string {
  if (locale === DEFAULT_LOCALE && (rest === '' || rest === '/')) return '/';
  return `/${locale}${rest}`;
}

function normalizeSearch(search: string | null | undefined): string {
  if (typeof search !== 'string' || search === '' || search === '?') return '';
  return search.startsWith('?') ? search : `?${search}`;
}

/**
 * Open-redirect guard: '//host' and backslashes ('/\host') are read by browsers
 * as another origin, so such paths are never echoed into a Location header.
 */
function isUnsafePath(pathname: string): boolean {
  return (
    !pathname.startsWith('/') || pathname.startsWith('//') || pathname.includes('\\') || CONTROL_CHARS.test(pathname)
  );
}

/** Spec §2: "A query isshoppingfeed=yes takes the locale from the path and skips detection." */
function isShoppingFeed(search: string): boolean {
  return new URLSearchParams(search).get('isshoppingfeed')?.toLowerCase() === 'yes';
}

/**
 * Spec §2 'Locale routing rules', decided before SSR:
 * - skip: '.xml', SKIP_PATH_PREFIXES and files with an extension;
 * - '/' renders en-us unless a cookie locale other than en-us redirects to '/{cookie}';
 * - '/{locale}/…' renders that locale; a differing cookie locale rewrites the prefix;
 *   bare '/en-us' is shortened to '/'; a non-lowercase prefix is canonicalised;
 * - '/{xx-yy}/…' shaped like a locale but unsupported → not-found;
 * - any other path is redirected under the visitor's locale ('/stores' → '/en-us/stores').
 * Redirects keep the query string and are always 302.
 */
export function decideLocaleRoute(input: LocaleRouteInput): LocaleRouteDecision {
  const pathname = input.pathname === '' ? '/' : input.pathname;
  const search = normalizeSearch(input.search);
  if (isUnsafePath(pathname) || CONTROL_CHARS.test(search)) return NOT_FOUND;
  if (isSkippedPath(pathname)) return SKIP;

  const shoppingFeed = isShoppingFeed(search);
  const cookieLocale = parseLocale(input.cookieLocale)?.locale ?? null;

  if (pathname === '/') {
    if (!shoppingFeed && cookieLocale !== null && cookieLocale !== DEFAULT_LOCALE) {
      return redirect(`/${cookieLocale}`, search);
    }
    return render(DEFAULT_LOCALE);
  }

  const firstSegment = pathname.slice(1).split('/', 1)[0] ?? '';
  const rest = pathname.slice(1 + firstSegment.length);
  const prefix = parseLocale(firstSegment);

  if (prefix) {
    if (shoppingFeed) return render(prefix.locale);
    if (cookieLocale !== null && cookieLocale !== prefix.locale) {
      return redirect(pathUnderLocale(cookieLocale, rest), search);
    }
    if (firstSegment !== prefix.locale || pathUnderLocale(prefix.locale, rest) === '/') {
      return redirect(pathUnderLocale(prefix.locale, rest), search);
    }
    return render(prefix.locale);
  }

  if (looksLikeLocale(firstSegment)) return NOT_FOUND;

  const visitorLocale = shoppingFeed ? DEFAULT_LOCALE : detectVisitorLocale(input);
  return redirect(`/${visitorLocale}${pathname}`, search);
}

/**
 * Spec §2: "Query parameters starting with utm are saved in a cookie." Returns
 * those parameters (name match is case-insensitive; first value wins).
 */
export function utmParamsFrom(search: string | null | undefined): Record<string, string> {
  const params: Record<string, string> = {};
  if (typeof search !== 'string' || search === '') return params;
  for (const [name, value] of new URLSearchParams(search)) {
    if (/^utm/i.test(name) && !Object.hasOwn(params, name)) params[name] = value;
  }
  return params;
}
