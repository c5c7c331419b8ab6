import { colourQueryValue, localizePath, resolveLocaleState } from '@piste/core';
import type { ContentLink } from '../entry-types';
import { isSafeUrl } from './safe-url';

export type LinkContentType = NonNullable<ContentLink['content_type']>;

/**
 * Spec §2 'Content-type URL prefixes': athlete /team, blog /blog/p, blog category /blog, cart
 * /cart, landing page /l, product /p, product category /c, support /support; generic pages
 * (and pro, proclub) have none.
 */
export const CONTENT_URL_PREFIXES: Readonly<Record<LinkContentType, string>> = Object.freeze({
  team_page: '/team',
  blog: '/blog/p',
  blog_category: '/blog',
  cart: '/cart',
  landing_page: '/l',
  product: '/p',
  product_category: '/c',
  support: '/support',
  page: '',
});

/** Where a link goes and how it opens. */
export interface ContentHref {
  /** A localized path for links inside the shop (ready for `<Link to>`), the URL otherwise. */
  href: string;
  /** True when the link leaves the shop: render a plain `<a>`, not a router link. */
  external: boolean;
  target?: '_blank';
  rel?: 'noopener noreferrer';
}

const NEW_TAB = { target: '_blank', rel: 'noopener noreferrer' } as const;

/**
 * Spec §2 'Link building':
 * - internal: `/{locale}{prefix}{href}` (prefix per CONTENT_URL_PREFIXES, none without a content
 *   type) plus the filters as `?id=value&…`; filters with a blank id or value are left out;
 * - internal_path: the href's path under the locale, with the query parsed from the href;
 * - external: the href as it is, or null when its scheme is not safe (spec §8 "Dangerous-protocol
 *   URL: Refused") or it is blank.
 * Internal paths are localized like every other shop link (`localizePath`: the en-us home is `/`,
 * other en-us paths keep `/en-us`), so hrefs are written without a locale. `new_tab` opens any
 * link type in a new tab with `noopener noreferrer`.
 */
export function buildContentHref(link: ContentLink, locale: string): ContentHref | null {
  const newTab = link.new_tab === true ? NEW_TAB : {};
  if (link.type === 'external') {
    const href = link.href.trim();
    if (href === '' || !isSafeUrl(href)) return null;
    return { href, external: true, ...newTab };
  }
  const content = link.type === 'internal_path' ? { prefix: '', filters: [] } : internalParts(link);
  return { href: shopHref(locale, content.prefix, link.href, content.filters), external: false, ...newTab };
}

/**
 * A link from a bare href (hotspots' manual links): a path starting with one `/` stays in the
 * shop as an internal-path link, anything else is external.
 */
export function resolveHref(href: string, locale: string): ContentHref | null {
  const trimmed = href.trim();
  const internal = trimmed.startsWith('/') && !/^\/[/\\]/.test(trimmed);
  return buildContentHref({ title: '', type: internal ? 'internal_path' : 'external', href: trimmed }, locale);
}

/**
 * Spec §2: "Product cards link to the product page and pass the selected colour (lowercased) as
 * the colour query parameter." `productUrl` is the product entry's `url`; no colour, no query.
 */
export function productCardHref(locale: string, productUrl: string, colour?: string | null): string {
  const value = colourQueryValue(colour ?? '');
  return shopHref(locale, CONTENT_URL_PREFIXES.product, productUrl, value === '' ? [] : [['colour', value]]);
}

/** The commerce regions with a storefront of their own (spec §2 "us, ca, eu_region_1"). */
export type StorefrontRegion = 'us' | 'ca' | 'eu_region_1';

/**
 * The locale of each region's storefront: the default language of its home country (spec §9
 * 'Default languages'). eu_region_1's storefront is German, Germany being the first country of
 * the region (spec §9 'Region map': de, at, es, fr, it).
 */
export const STOREFRONT_LOCALES: Readonly<Record<StorefrontRegion, string>> = Object.freeze({
  us: 'en-us',
  ca: 'en-ca',
  eu_region_1: 'de-de',
});

/**
 * The storefront whose shoppers a locale's are: its billing region (spec §4: "a shopping region
 * gives itself, otherwise us"; a pro's region bills in the same storefront), so fr-ca is ca,
 * es-es eu_region_1 and ja-jp us.
 */
export function storefrontRegionFor(locale: string): StorefrontRegion {
  const { bcRegion } = resolveLocaleState({ locale });
  return bcRegion === 'ca' || bcRegion === 'eu_region_1' ? bcRegion : 'us';
}

/** The prefix and the usable filters of an internal link; filters with a blank id or value are left out. */
function internalParts(link: ContentLink): { prefix: string; filters: Array<[string, string]> } {
  const filters: Array<[string, string]> = [];
  for (const filter of link.filters ?? []) {
    const id = filter.id.trim();
    const value = filter.value.trim();
    if (id !== '' && value !== '') filters.push([id, value]);
  }
  return { prefix: CONTENT_URL_PREFIXES[link.content_type ?? 'page'] ?? '', filters };
}

/** `href` under the locale and `prefix`, its own query followed by `extraQuery`. */
function shopHref(locale: string, prefix: string, href: string, extraQuery: Array<[string, string]>): string {
  const { path, query, hash } = splitHref(href.trim());
  return localizePath(locale, `${joinPath(prefix, path)}${queryString([...query, ...extraQuery])}${hash}`);
}

function splitHref(href: string): { path: string; query: Array<[string, string]>; hash: string } {
  const hashAt = href.indexOf('#');
  const hash = hashAt === -1 ? '' : href.slice(hashAt);
  const beforeHash = hashAt === -1 ? href : href.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  if (queryAt === -1) return { path: beforeHash, query: [], hash };
  return { path: beforeHash.slice(0, queryAt), query: [...new URLSearchParams(beforeHash.slice(queryAt))], hash };
}

/** `{prefix}/{path}` with exactly one slash between them (`/p` and `/helmet` give `/p/helmet`). */
function joinPath(prefix: string, path: string): string {
  const rest = path.replace(/^[/\\]+/, '');
  if (rest === '') return prefix === '' ? '/' : prefix;
  return `${prefix}/${rest}`;
}

/** `?a=1&b=2`, each name and value percent-encoded like the product card's colour (spaces as %20). */
function queryString(params: Array<[string, string]>): string {
  if (params.length === 0) return '';
  return `?${params.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&')}`;
}
