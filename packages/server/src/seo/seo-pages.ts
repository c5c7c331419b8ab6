import type { CatalogueService } from '@piste/commerce';
import type { ProductEntry } from '@piste/content';
import type { ContentClient, ContentLogger } from '@piste/content/server';
import { CONTENT_URL_PREFIXES } from '@piste/content';
import { commerceIdIn, isListedInRegion } from '@piste/core';
import { hreflangAlternates } from './hreflang';
import { absoluteUrl, LOCALE_PROFILES, publicOrigin, type LocaleProfile } from './seo-locales';
import type { Alternate } from './sitemap-xml';
import { pageKindOf } from './page-kinds';

/**
 * Google's limits are 50,000 URLs and 50 MB a sitemap. Every URL here carries an hreflang link
 * per locale (~30 × 100 bytes), so 50,000 would pass 50 MB: 5,000 keep a file near 15 MB and a
 * product page's reads bounded (50 content pages of 100 and five commerce lookups).
 */
export const SITEMAP_PAGE_SIZE = 5_000;
/** Commerce ids looked up per query. */
const VISIBILITY_BATCH = 1_000;

/** A page's `<link rel="canonical">` and `<link rel="alternate" hreflang>` (absolute URLs). */
export interface HeadLinks {
  canonical: string;
  alternates: Alternate[];
}

/** `?page=N` is the one query that makes a page another page (a category's page 2); filters and tracking are not. */
export function canonicalQuery(search: string): string {
  const page = new URLSearchParams(search).get('page');
  return page && /^[1-9]\d{0,4}$/.test(page) && page !== '1' ? `?page=${page}` : '';
}

export type SitemapKind = 'products' | 'categories' | 'content';
export const SITEMAP_KINDS: readonly SitemapKind[] = ['products', 'categories', 'content'];

/** One page of a sitemap: its path without the locale, when it last changed, the locales it exists in. */
export interface SitemapPage {
  path: string;
  lastmod?: string;
  locales: string[];
}

type ProductFacts = Pick<ProductEntry, 'uid' | 'regions' | 'bc_products' | 'updated_at'>;

/** Editorial types with a page of their own (spec §2 'Content-type URL prefixes'), regions deciding where. */
const REGIONAL_TYPES = ['page', 'landing_page', 'blog', 'support'] as const;

function later(left: string | undefined, right: string | undefined): string | undefined {
  if (!left) return right;
  if (!right) return left;
  return left > right ? left : right;
}

function localesWithRegion(regions: readonly string[] | undefined): string[] {
  return LOCALE_PROFILES.filter((profile) => isListedInRegion({ regions }, profile.ctsRegion)).map(
    (profile) => profile.locale,
  );
}

/**
 * Which locales a page exists in, and the pages of each sitemap, decided as the pages
 * themselves decide (product-page.server.ts: the content product's regions include the
 * locale's content region and its commerce product for the locale's price list is visible;
 * editorial loaders: the entry's regions). Regions and commerce ids are not translated, so an
 * entry's own values stand for every locale's version.
 */
export function createSeoPages(deps: {
  content: ContentClient;
  catalogue: CatalogueService;
  logger: ContentLogger;
  /** PUBLIC_URL: every URL these links name is on it. */
  publicUrl: string;
}) {
  const { content, catalogue, logger } = deps;
  const origin = publicOrigin(deps.publicUrl);

  /** Visible commerce products among these ids, with their last change. */
  async function visibleProducts(ids: number[]): Promise<Map<number, string>> {
    const visible = new Map<number, string>();
    for (let start = 0; start < ids.length; start += VISIBILITY_BATCH) {
      const rows = await catalogue.visibleProductUpdates(ids.slice(start, start + VISIBILITY_BATCH));
      for (const row of rows) visible.set(row.id, row.updatedAt);
    }
    return visible;
  }

  function productLocales(product: ProductFacts, visible: Map<number, string>): string[] {
    return LOCALE_PROFILES.filter((profile) => {
      const id = commerceIdIn(product, profile.priceListRegion);
      return isListedInRegion(product, profile.ctsRegion) && id !== null && visible.has(id);
    }).map((profile) => profile.locale);
  }

  function commerceIds(products: readonly ProductFacts[]): number[] {
    return [...new Set(products.flatMap((product) => Object.values(product.bc_products ?? {})))].filter(
      (id): id is number => typeof id === 'number',
    );
  }

  function productQuery(profile: LocaleProfile) {
    return { regions: profile.ctsRegion };
  }

  async function productPages(profile: LocaleProfile, page: number): Promise<SitemapPage[]> {
    const products = await content.entries('product', {
      locale: profile.contentLocale,
      query: productQuery(profile),
      only: ['uid', 'regions', 'bc_products', 'updated_at'],
      skip: (page - 1) * SITEMAP_PAGE_SIZE,
      limit: SITEMAP_PAGE_SIZE,
    });
    const visible = await visibleProducts(commerceIds(products));
    return products.flatMap((product) => {
      const locales = productLocales(product, visible);
      if (!locales.includes(profile.locale)) return [];
      const id = product.bc_products[profile.priceListRegion]!;
      return [{ path: `/p/${product.uid}`, lastmod: later(product.updated_at, visible.get(id)), locales }];
    });
  }

  async function categoryPages(profile: LocaleProfile): Promise<SitemapPage[]> {
    const [tree, entries] = await Promise.all([
      catalogue.categoryTree(),
      content.productCategories(profile.contentLocale),
    ]);
    const updated = new Map(entries.map((entry) => [entry.url, entry.updated_at]));
    const everywhere = LOCALE_PROFILES.map((candidate) => candidate.locale);
    const pages: SitemapPage[] = [];
    const walk = (nodes: typeof tree.data) => {
      for (const node of nodes) {
        const path = node.url.replace(/^\/+|\/+$/g, '');
        pages.push({ path: `/c/${path}`, lastmod: updated.get(`/${path}`), locales: everywhere });
        walk(node.children);
      }
    };
    walk(tree.data);
    return pages;
  }

  async function contentPages(profile: LocaleProfile): Promise<SitemapPage[]> {
    const everywhere = LOCALE_PROFILES.map((candidate) => candidate.locale);
    const fixed: SitemapPage[] = ['/', '/blog', '/support', '/team', '/stores'].map((path) => ({
      path,
      locales: everywhere,
    }));
    const only = ['url', 'regions', 'updated_at', 'generic_page', 'landing_page'];
    const [regional, blogCategories] = await Promise.all([
      Promise.all(
        REGIONAL_TYPES.map(async (contentType) => {
          const entries = await content.entries(contentType, {
            locale: profile.contentLocale,
            query: { regions: profile.ctsRegion },
            only,
          });
          return entries.flatMap((entry) => {
            // A page entry is a generic page only with its generic_page group (content-page.server.ts).
            if (contentType === 'page' && (entry.url === '/' || !('generic_page' in entry) || !entry.generic_page))
              return [];
            if (contentType === 'landing_page' && !('landing_page' in entry && entry.landing_page)) return [];
            const path = `${CONTENT_URL_PREFIXES[contentType]}/${entry.url.replace(/^\/+/, '')}`;
            if (pageKindOf(path).kind === 'private') return [];
            return [{ path, lastmod: entry.updated_at, locales: localesWithRegion(entry.regions) }];
          });
        }),
      ),
      content.entries('blog_category', { locale: profile.contentLocale, only: ['url', 'updated_at'] }),
    ]);
    return [
      ...fixed,
      ...blogCategories.map((entry) => ({
        path: `${CONTENT_URL_PREFIXES.blog_category}/${entry.url.replace(/^\/+/, '')}`,
        lastmod: entry.updated_at,
        locales: everywhere,
      })),
      ...regional.flat(),
    ];
  }

  async function localesOf(rest: string): Promise<string[] | null> {
    const page = pageKindOf(rest);
    try {
      switch (page.kind) {
        case 'private':
        case 'unknown':
          return null;
        case 'everywhere':
          return LOCALE_PROFILES.map((profile) => profile.locale);
        case 'product': {
          const [product] = await content.entries('product', {
            query: { uid: page.uid },
            only: ['uid', 'regions', 'bc_products', 'updated_at'],
            limit: 1,
          });
          if (!product) return null;
          return productLocales(product, await visibleProducts(commerceIds([product])));
        }
        case 'entry': {
          const [entry] = await content.entries(page.contentType, {
            query: { url: page.url },
            only: ['url', 'regions'],
            limit: 1,
          });
          return entry ? localesWithRegion(entry.regions) : null;
        }
      }
    } catch (error) {
      // Spec §8: content failures are only logged; the page renders without alternates.
      logger.error('[seo] Could not tell which locales a page exists in', error);
      return null;
    }
  }

  return {
    /**
     * The locales a page exists in, or null when it should carry no canonical or alternates:
     * private pages, paths no route serves, an entry that does not exist, or a failed read.
     */
    localesOf,

    /**
     * The canonical URL and hreflang alternates of a page (`path` without the locale, '/' for a
     * home), or null when it should have none: private and noindex pages, pages that do not
     * exist in `locale`, and paths no route serves.
     */
    async headLinks(locale: string, path: string, search: string): Promise<HeadLinks | null> {
      const locales = await localesOf(path);
      if (!locales?.includes(locale)) return null;
      const suffix = canonicalQuery(search);
      return {
        canonical: `${absoluteUrl(origin, locale, path)}${suffix}`,
        alternates: hreflangAlternates(origin, path, locales, suffix),
      };
    },

    /** How many pages of SITEMAP_PAGE_SIZE a locale's sitemap of this kind has (0: none). */
    async pageCount(profile: LocaleProfile, kind: SitemapKind): Promise<number> {
      if (kind !== 'products') return 1;
      const total = await content.count('product', { locale: profile.contentLocale, query: productQuery(profile) });
      return Math.ceil(total / SITEMAP_PAGE_SIZE);
    },

    /** The pages of one sitemap page (from 1). Categories and content are small: one page each. */
    sitemapPages(profile: LocaleProfile, kind: SitemapKind, page: number): Promise<SitemapPage[]> {
      if (kind === 'products') return productPages(profile, page);
      return kind === 'categories' ? categoryPages(profile) : contentPages(profile);
    },
  };
}

export type SeoPages = ReturnType<typeof createSeoPages>;
