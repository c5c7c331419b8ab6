/**
 * What kind of page a shop path (without its locale) is, for canonical URLs, hreflang and
 * sitemaps: which pages search engines should index, and what decides the locales a page
 * exists in. Mirrors the routes of apps/storefront/app/routes.ts.
 */
export type PageKind =
  /** Private, transactional or noindex pages: no canonical, no alternates, never in a sitemap. */
  | { kind: 'private' }
  /** Pages every locale has (home, lists, categories). */
  | { kind: 'everywhere' }
  /** A product page: its content regions and commerce product decide (`/p/{uid}`). */
  | { kind: 'product'; uid: string }
  /** An editorial entry: its regions decide. `url` is the entry's own url field. */
  | { kind: 'entry'; contentType: 'page' | 'landing_page' | 'blog' | 'support'; url: string }
  /** No route serves it (the page is a 404). */
  | { kind: 'unknown' };

/**
 * Paths whose pages carry `robots: noindex` or are disallowed in robots.txt (account, cart,
 * checkout, order status, search, pro sign-up, style tile, test store), and the resource
 * routes pages fetch. Each matches itself and anything below it.
 */
export const PRIVATE_PATHS = [
  '/account',
  '/cart',
  '/checkout',
  '/order-status',
  '/search',
  '/proclub',
  '/pro/create',
  '/pro/signup',
  '/styletile',
  '/test-store',
  '/email-signup',
  '/error-page-content',
] as const;

/** Pages of every locale whose path is fixed. */
const EVERYWHERE_PATHS = new Set(['/', '/blog', '/support', '/team', '/stores', '/country']);

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9_-]{0,199}$/;

export function pageKindOf(rest: string): PageKind {
  const path = rest === '' ? '/' : rest.length > 1 ? rest.replace(/\/+$/, '') : rest;
  if (PRIVATE_PATHS.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return { kind: 'private' };
  if (EVERYWHERE_PATHS.has(path)) return { kind: 'everywhere' };
  const segments = path.slice(1).split('/');
  if (!segments.every((segment) => SEGMENT.test(segment))) return { kind: 'unknown' };
  const [first, second, third] = segments;
  switch (segments.length) {
    case 1:
      // `/pro` is a page entry with its own route; any other single segment is a generic page.
      return { kind: 'entry', contentType: 'page', url: path };
    case 2:
      if (first === 'p') return { kind: 'product', uid: second! };
      if (first === 'blog') return { kind: 'everywhere' };
      if (first === 'support') return { kind: 'entry', contentType: 'support', url: `/${second}` };
      break;
    case 3:
      if (first === 'blog' && second === 'p') return { kind: 'entry', contentType: 'blog', url: `/${third}` };
      break;
  }
  if (first === 'c') return { kind: 'everywhere' };
  if (first === 'l') return { kind: 'entry', contentType: 'landing_page', url: `/${segments.slice(1).join('/')}` };
  return { kind: 'unknown' };
}
