import { resolvedReferences } from '@piste/content/server';
import { localizePath, pagePathOf, type LocaleState } from '@piste/core';
import type { LoadContextOf } from '@piste/server/load-context';
import { BRAND_TITLE } from '../../lib/brand';
import type { SeoHeadView } from './seo-head-view';

/** The path below the locale (`/p/x` of `/de-de/p/x`; '/' for a home), as the request names it. */
function pathBelowLocale(pathname: string, lang: string | undefined): string {
  if (!lang) return pathname;
  return pathname.slice(1 + lang.length) || '/';
}

/** Home, then each category of a product or category page, then the page itself (schema.org BreadcrumbList). */
async function loadBreadcrumbs(
  context: LoadContextOf<'content'>,
  localeState: LocaleState,
  path: string,
  origin: string,
): Promise<SeoHeadView['breadcrumbs']> {
  const { client } = context.services.content;
  const url = (appPath: string) => `${origin}${localizePath(localeState.locale, appPath)}`;
  const home = { name: BRAND_TITLE, url: url('/') };
  const product = /^\/p\/([^/]+)$/.exec(path);
  if (product) {
    // The product page's own read (product-page.server.ts): served from the content cache.
    const entry = await client.product(localeState.contentLocale, { uid: product[1]! });
    if (!entry) return [];
    const categories = resolvedReferences(entry.product_category).map((category) => ({
      name: category.display_title || category.title,
      url: url(`/c${category.url}`),
    }));
    return [home, ...categories, { name: entry.display_title || entry.title, url: url(path) }];
  }
  const category = /^\/c\/([a-z0-9-]+(?:\/[a-z0-9-]+)*)$/.exec(path);
  if (category) {
    const entries = await client.productCategories(localeState.contentLocale);
    const titles = new Map(entries.map((entry) => [entry.url, entry.display_title || entry.title]));
    const segments = category[1]!.split('/');
    const trail = segments.map((segment, index) => {
      const categoryUrl = `/${segments.slice(0, index + 1).join('/')}`;
      return { name: titles.get(categoryUrl) ?? segment, url: url(`/c${categoryUrl}`) };
    });
    return [home, ...trail];
  }
  return [];
}

/**
 * The head links and structured-data facts of the requested page (docs/seo.md): its canonical
 * URL and hreflang alternates (none for private, noindex or missing pages) and the breadcrumb
 * trail of product and category pages. Every URL is on PUBLIC_URL, never the Host header.
 * Failures degrade to no links (spec §8: content failures are only logged).
 */
export async function loadSeoHead(
  context: LoadContextOf<'content' | 'seo', 'publicUrl'>,
  request: Request,
  localeState: LocaleState,
  lang: string | undefined,
): Promise<SeoHeadView> {
  const url = new URL(request.url);
  // A client navigation's data request (`/de-de/c/x.data`, `/_.data`) is about its page.
  const pathname = pagePathOf(url.pathname);
  const search = url.search;
  const path = pathBelowLocale(pathname, lang);
  const origin = new URL(context.publicUrl).origin;
  const [links, breadcrumbs] = await Promise.all([
    context.services.seo.headLinks(localeState.locale, path, search),
    loadBreadcrumbs(context, localeState, path, origin),
  ]);
  return {
    pathname,
    origin,
    canonical: links?.canonical ?? null,
    alternates: Object.fromEntries(
      (links?.alternates ?? []).map(({ hreflang, href }) => [hreflang, href.slice(origin.length)]),
    ),
    breadcrumbs,
  };
}
