import { DEFAULT_LOCALE, type Region } from '@piste/core';
import type {
  AutomatedRelatedProductsEntry,
  BlogCategoryEntry,
  BlogEntry,
  BrandSettingsEntry,
  CategoryGroupEntry,
  CategoryProductAddOnEntry,
  ColorGroupEntry,
  ContentTypeUid,
  ContentTypes,
  DisplayTextEntry,
  DuplicateDisplayTextEntry,
  EmailSignupSettingsEntry,
  ErrorPageEntry,
  HeaderEntry,
  HiddenProductAttributesEntry,
  MainNavEntry,
  ManageProductAttributesEntry,
  ProductAttributeValuesEntry,
  PageEntry,
  ProductCategoryEntry,
  ProductEntry,
  RedirectEntry,
  RegionEntry,
  SearchEntry,
  StoreEntry,
  SupportEntry,
  TeamPageEntry,
  TopAlertEntry,
} from '../entry-types';
import type { ContentLogger, DeliveryTransport } from './delivery-transport';
import { inRegion, resolvedReferences } from './region-filter';
import type { CachePolicy } from './response-cache';

/** Spec §9: "Content page size 100." */
export const CONTENT_PAGE_SIZE = 100;

/** A delivery API `query` (docs/content.md: `$in`, `$ne`, `$and`, equality on a field path …). */
export type EntryQuery = Readonly<Record<string, unknown>>;

export interface EntryOptions {
  /** Content-service locale; the client's default locale (en-us) when omitted. */
  locale?: string;
  /** Reference paths to resolve, e.g. `main_nav.link.banner`. */
  include?: readonly string[];
  /** The only top-level fields to return (`only[BASE][]`). */
  only?: readonly string[];
  /** Top-level fields to leave out (`except[BASE][]`). */
  except?: readonly string[];
  cachePolicy?: CachePolicy;
}

export interface EntriesOptions extends EntryOptions {
  query?: EntryQuery;
  /** Field to sort by, ascending. */
  asc?: string;
  /** Field to sort by, descending. */
  desc?: string;
  /** At most this many entries; all of them when omitted. */
  limit?: number;
  /** Entries to pass over first (a sitemap reads a large type a page at a time). */
  skip?: number;
}

export interface ContentClientOptions {
  transport: DeliveryTransport;
  logger: ContentLogger;
  /** The master locale: the only one read without fallback. */
  defaultLocale?: string;
}

/** spec §3 'Header content', narrowed to the visitor's content region. */
export interface HeaderContent {
  alerts: TopAlertEntry[];
  mainNav: MainNavEntry[];
  secondaryNav: HeaderEntry['secondary_nav'];
}

export interface DisplayTexts {
  texts: DisplayTextEntry[];
  duplicates: DuplicateDisplayTextEntry[];
}

/** Spec §7 'pages by uid list': "fields generic_page, landing_page, seo_meta, title, url". */
const PAGE_SUMMARY_FIELDS = ['uid', 'title', 'url', 'seo_meta', 'generic_page', 'landing_page'] as const;
export type PageSummary = Pick<PageEntry, (typeof PAGE_SUMMARY_FIELDS)[number]>;

/**
 * Spec §7 'products by uid list': "fields description, image, price_range, prices, seo_meta,
 * tagline, title, url", plus what spec §3 'Product card' and §5 need to show a card: the
 * commerce ids (bc_products), regions, display_title and the new/redesigned flags.
 */
const PRODUCT_CARD_FIELDS = [
  'uid',
  'title',
  'display_title',
  'tagline',
  'description',
  'image',
  'price_range',
  'prices',
  'seo_meta',
  'url',
  'bc_products',
  'regions',
  'is_new',
  'is_redesigned',
] as const;
export type ProductCardContent = Pick<ProductEntry, (typeof PRODUCT_CARD_FIELDS)[number]>;

/** A card plus what automated related picks group and match on. */
export type ProductQueryResult = ProductCardContent & Pick<ProductEntry, 'product_category' | 'product_attributes'>;

export interface AttributeFilter {
  attribute: string;
  /** The product matches with any one of these values. */
  values: readonly string[];
}

export interface ProductQuery {
  /** Products in any of these categories; omitted or empty: any category. */
  categoryUids?: readonly string[];
  /** Every filter must match (GetAutomatedRelatedProductIds' productAttributes). */
  attributes?: readonly AttributeFilter[];
  /** Leave this product out (the one being viewed). */
  excludeUid?: string;
}

export interface BlogPostsQuery {
  categoryUid?: string;
  limit?: number;
}

/** Spec §7 'header (by language, including main_nav, top_alert, main_nav.link.banner)'. */
const HEADER_INCLUDE = ['top_alert', 'main_nav', 'main_nav.link.banner'];
/** Both page types can hold either group (the home page is a `page` with landing modules). */
const PAGE_BANNERS_INCLUDE = ['generic_page.banners', 'landing_page.modules.banner.banner'];
const PAGE_INCLUDE = [...PAGE_BANNERS_INCLUDE, 'landing_page.modules.product_slider.products'];

function entriesPath(contentType: ContentTypeUid): string {
  return `/content_types/${encodeURIComponent(contentType)}/entries`;
}

function first<T>(entries: readonly T[]): T | null {
  return entries[0] ?? null;
}

function emptyHeader(): HeaderContent {
  return { alerts: [], mainNav: [], secondaryNav: [] };
}

function matchesAttributes(product: Pick<ProductEntry, 'product_attributes'>, filters: readonly AttributeFilter[]) {
  return filters.every(({ attribute, values }) =>
    (product.product_attributes ?? []).some(
      (own) => own.attribute === attribute && own.values.some((value) => values.includes(value)),
    ),
  );
}

/**
 * The storefront's reads of the content service (spec §7 'Content service (headless)'), built
 * once per process and handed to loaders. `entries`, `entry` and `references` reject like the
 * transport; every named query instead degrades as spec §8 says: "Failures of store, content …
 * fetches are only logged (with a store-specific label). … results degrade to empty lists."
 * `lastUnavailableAt` tells whether an empty result may only mean the service did not answer.
 */
export function createContentClient(options: ContentClientOptions) {
  const { transport, logger, defaultLocale = DEFAULT_LOCALE } = options;

  function readParams(locale: string, read: EntryOptions): Record<string, unknown> {
    const params: Record<string, unknown> = { locale };
    // Spec §7: "falling back to the default en-us entry when the localised entry is missing (one
    // call only for en-us)": the API answers the fallback in the same call, so every locale
    // costs one call per page and only the master locale goes without the flag.
    if (locale !== defaultLocale) params.include_fallback = true;
    if (read.include?.length) params.include = read.include;
    if (read.only?.length) params.only = { BASE: read.only };
    if (read.except?.length) params.except = { BASE: read.except };
    return params;
  }

  /** All entries of a type matching the options, read in pages of 100 (spec §7 "Results are paged in chunks of 100"). */
  async function entries<K extends ContentTypeUid>(
    contentType: K,
    read: EntriesOptions = {},
  ): Promise<Array<ContentTypes[K]>> {
    const params = readParams(read.locale ?? defaultLocale, read);
    if (read.query !== undefined) params.query = read.query;
    if (read.asc !== undefined) params.asc = read.asc;
    if (read.desc !== undefined) params.desc = read.desc;
    const limit = read.limit ?? Number.POSITIVE_INFINITY;
    const skip = read.skip ?? 0;
    const found: Array<ContentTypes[K]> = [];
    while (found.length < limit) {
      const pageSize = Math.min(CONTENT_PAGE_SIZE, limit - found.length);
      const page = await transport.get<{ entries: Array<ContentTypes[K]>; count?: number }>(
        entriesPath(contentType),
        { ...params, limit: pageSize, skip: skip + found.length, include_count: true },
        { cachePolicy: read.cachePolicy },
      );
      found.push(...page.entries);
      if (page.entries.length < pageSize || skip + found.length >= (page.count ?? Number.POSITIVE_INFINITY)) break;
    }
    return found;
  }

  /** How many entries of a type match the query, in one call. */
  async function count(contentType: ContentTypeUid, read: Pick<EntriesOptions, 'locale' | 'query'> = {}) {
    const params = readParams(read.locale ?? defaultLocale, {});
    if (read.query !== undefined) params.query = read.query;
    const page = await transport.get<{ count?: number }>(entriesPath(contentType), {
      ...params,
      limit: 1,
      only: { BASE: ['uid'] },
      include_count: true,
    });
    return page.count ?? 0;
  }

  /** One entry by uid; rejects with error code 141 when it does not exist (spec §8). */
  async function entry<K extends ContentTypeUid>(
    contentType: K,
    uid: string,
    read: EntryOptions = {},
  ): Promise<ContentTypes[K]> {
    const answer = await transport.get<{ entry: ContentTypes[K] }>(
      `${entriesPath(contentType)}/${encodeURIComponent(uid)}`,
      readParams(read.locale ?? defaultLocale, read),
      { cachePolicy: read.cachePolicy },
    );
    return answer.entry;
  }

  /** The entries of a type by uid list, as GET /api/interstack/references answers (spec §7). */
  async function references<K extends ContentTypeUid>(
    contentType: K,
    uids: readonly string[],
    locale: string = defaultLocale,
  ): Promise<Array<ContentTypes[K]>> {
    if (uids.length === 0) return [];
    return entries(contentType, { locale, query: { uid: { $in: uids } } });
  }

  async function degrade<T>(label: string, fallback: T, load: () => Promise<T>): Promise<T> {
    try {
      return await load();
    } catch (error) {
      logger.error(`[content:${label}] Content request failed`, error);
      return fallback;
    }
  }

  /** The first entry of a per-region settings type for the region, or null. */
  function settingsForRegion<K extends ContentTypeUid>(
    contentType: K,
    locale: string,
    ctsRegion: Region,
    include?: readonly string[],
  ): Promise<ContentTypes[K] | null> {
    return degrade(contentType, null, async () =>
      first(await entries(contentType, { locale, query: { regions: ctsRegion }, include, limit: 1 })),
    );
  }

  function byUrl<K extends ContentTypeUid>(
    contentType: K,
    locale: string,
    url: string,
    include?: readonly string[],
  ): Promise<ContentTypes[K] | null> {
    return degrade(contentType, null, async () =>
      first(await entries(contentType, { locale, query: { url }, include, limit: 1 })),
    );
  }

  return {
    entries,
    entry,
    count,
    references,

    /**
     * When a read last failed because the content service could not answer (`Date.now()`), or
     * null. The named queries read such a failure as empty, like a missing entry; a page that
     * ends up "not found" asks this to tell the two apart (docs/reliability.md).
     */
    lastUnavailableAt: (): number | null => transport.lastUnavailableAt(),

    /**
     * Spec §3 'Header content' for the region. Spec §8: "Header content: no results or no region
     * match → Logs 'Header - No Results' or 'Header - No Region Match'. Navigation stays empty."
     * No region match means no main or secondary navigation item for the region.
     */
    header(locale: string, ctsRegion: Region): Promise<HeaderContent> {
      return degrade('header', emptyHeader(), async () => {
        const header = first(await entries('header', { locale, include: HEADER_INCLUDE, limit: 1 }));
        if (header === null) {
          logger.warn('[content:header] Header - No Results', { locale });
          return emptyHeader();
        }
        const content: HeaderContent = {
          alerts: inRegion(resolvedReferences(header.top_alert), ctsRegion),
          mainNav: inRegion(resolvedReferences(header.main_nav), ctsRegion),
          secondaryNav: inRegion(header.secondary_nav ?? [], ctsRegion),
        };
        if (content.mainNav.length === 0 && content.secondaryNav.length === 0) {
          logger.warn('[content:header] Header - No Region Match', { locale, ctsRegion });
        }
        return content;
      });
    },

    /** Spec §7 'regions (region_id)': one entry per content region; not translated. */
    regions(): Promise<RegionEntry[]> {
      return degrade('regions', [], () => entries('regions'));
    },

    brandSettings(locale: string, ctsRegion: Region): Promise<BrandSettingsEntry | null> {
      return settingsForRegion('brand_settings', locale, ctsRegion);
    },

    emailSignupSettings(locale: string, ctsRegion: Region): Promise<EmailSignupSettingsEntry | null> {
      return settingsForRegion('email_signup_settings', locale, ctsRegion);
    },

    /** Spec §3 'Display text entry': the texts, and the duplicates with the texts they reuse. */
    async displayTexts(locale: string): Promise<DisplayTexts> {
      const [texts, duplicates] = await Promise.all([
        degrade('display_text', [], () => entries('display_text', { locale })),
        degrade('duplicate_display_text', [], () =>
          entries('duplicate_display_text', { locale, include: ['display_text_input'] }),
        ),
      ]);
      return { texts, duplicates };
    },

    /** Spec §7 'search (with main_menu and sidebar_menu references)'. */
    searchMenus(locale: string): Promise<SearchEntry | null> {
      return degrade('search', null, async () =>
        first(await entries('search', { locale, include: ['main_menu', 'sidebar_menu'], limit: 1 })),
      );
    },

    productCategory(locale: string, url: string): Promise<ProductCategoryEntry | null> {
      return byUrl('product_category', locale, url);
    },

    productCategories(locale: string): Promise<ProductCategoryEntry[]> {
      return degrade('product_category', [], () => entries('product_category', { locale }));
    },

    categoryGroups(locale: string): Promise<CategoryGroupEntry[]> {
      return degrade('category_groups', [], () =>
        entries('category_groups', { locale, include: ['categories.category', 'parent_category'] }),
      );
    },

    colorGroups(locale: string): Promise<ColorGroupEntry[]> {
      return degrade('color_group', [], () => entries('color_group', { locale }));
    },

    /** A product with its categories and manual related products (spec §7 'product (with many references)'). */
    product(locale: string, by: { uid: string } | { url: string }): Promise<ProductEntry | null> {
      return degrade('product', null, async () =>
        first(
          await entries('product', { locale, query: by, include: ['product_category', 'related_products'], limit: 1 }),
        ),
      );
    },

    /** Spec §7 'pages by uid list (references banners; fields generic_page, landing_page, seo_meta, title, url)'. */
    pagesByUids(locale: string, uids: readonly string[]): Promise<PageSummary[]> {
      if (uids.length === 0) return Promise.resolve([]);
      const query = { uid: { $in: uids } };
      return degrade('pages', [], async () => {
        const [pages, landingPages] = await Promise.all([
          entries('page', { locale, query, include: PAGE_BANNERS_INCLUDE, only: PAGE_SUMMARY_FIELDS }),
          entries('landing_page', { locale, query, include: PAGE_BANNERS_INCLUDE, only: PAGE_SUMMARY_FIELDS }),
        ]);
        return [...pages, ...landingPages];
      });
    },

    /** Spec §7 'products by uid list', with the fields a product card needs. */
    productsByUids(locale: string, uids: readonly string[]): Promise<ProductCardContent[]> {
      if (uids.length === 0) return Promise.resolve([]);
      return degrade('products', [], () =>
        entries('product', { locale, query: { uid: { $in: uids } }, only: PRODUCT_CARD_FIELDS }),
      );
    },

    hiddenProductAttributes(locale: string, ctsRegion: Region): Promise<HiddenProductAttributesEntry | null> {
      return settingsForRegion('hidden_product_attributes', locale, ctsRegion);
    },

    /** Spec §3 'product-attribute sorting (spec_titles, attribute_option_sorting)'. */
    productAttributeSorting(locale: string): Promise<ManageProductAttributesEntry | null> {
      return degrade('manage_product_attributes', null, async () =>
        first(await entries('manage_product_attributes', { locale, limit: 1 })),
      );
    },

    /** The wording of specification values in the locale, one entry per attribute (docs/content.md 'Product copy'). */
    productAttributeValues(locale: string): Promise<ProductAttributeValuesEntry[]> {
      return degrade('product_attribute_values', [], () => entries('product_attribute_values', { locale }));
    },

    /** Spec §3 'Related-products config', with its categories resolved (uid, cat_ids_bc). */
    automatedRelatedProductsConfig(locale: string, ctsRegion: Region): Promise<AutomatedRelatedProductsEntry | null> {
      return settingsForRegion('automated_related_products', locale, ctsRegion, ['categories.category']);
    },

    /** Spec §3 'category product add-on config' of a category in the region, with its products resolved. */
    categoryProductAddOn(
      locale: string,
      ctsRegion: Region,
      categoryUid: string,
    ): Promise<CategoryProductAddOnEntry | null> {
      return degrade('category_product_add_on', null, async () => {
        const configs = await entries('category_product_add_on', {
          locale,
          query: { regions: ctsRegion },
          include: ['product_add_on_config.products'],
        });
        // The category reference is matched here, resolved or not: both carry the uid.
        return configs.find((config) => config.product_category.some((ref) => ref.uid === categoryUid)) ?? null;
      });
    },

    /**
     * Spec §7 'product queries with category and attribute filters and a uid exclusion'.
     * Category and exclusion are filtered by the API; attributes here, because a product's
     * attribute and its values sit in one list item and the query language cannot pair them.
     */
    productsQuery(locale: string, filters: ProductQuery = {}): Promise<ProductQueryResult[]> {
      const query: Record<string, unknown> = {};
      if (filters.categoryUids?.length) query['product_category.uid'] = { $in: filters.categoryUids };
      if (filters.excludeUid !== undefined) query.uid = { $ne: filters.excludeUid };
      return degrade('products', [], async () => {
        const products = await entries('product', {
          locale,
          query,
          only: [...PRODUCT_CARD_FIELDS, 'product_category', 'product_attributes'],
        });
        const attributes = filters.attributes ?? [];
        return attributes.length === 0
          ? products
          : products.filter((product) => matchesAttributes(product, attributes));
      });
    },

    /** Spec §3 'Error page content' for the region, with its categories, products and banner resolved. */
    errorPage(locale: string, ctsRegion: Region): Promise<ErrorPageEntry | null> {
      return settingsForRegion('error_page', locale, ctsRegion, [
        'automated_related_products.category',
        'products',
        'banner',
      ]);
    },

    /** A generic page, landing page or the home page (url `/`) by URL, with its banners and sliders resolved. */
    pageByUrl(locale: string, url: string): Promise<PageEntry | null> {
      return degrade('page', null, async () => {
        const [pages, landingPages] = await Promise.all([
          entries('page', { locale, query: { url }, include: PAGE_INCLUDE, limit: 1 }),
          entries('landing_page', { locale, query: { url }, include: PAGE_INCLUDE, limit: 1 }),
        ]);
        return pages[0] ?? landingPages[0] ?? null;
      });
    },

    blogCategories(locale: string): Promise<BlogCategoryEntry[]> {
      return degrade('blog_category', [], () => entries('blog_category', { locale }));
    },

    /** Blog posts, newest first, optionally of one category. */
    blogPosts(locale: string, filters: BlogPostsQuery = {}): Promise<BlogEntry[]> {
      return degrade('blog', [], () =>
        entries('blog', {
          locale,
          query: filters.categoryUid === undefined ? undefined : { 'blog_category.uid': filters.categoryUid },
          include: ['blog_category'],
          desc: 'published_date',
          limit: filters.limit,
        }),
      );
    },

    blogPost(locale: string, url: string): Promise<BlogEntry | null> {
      return byUrl('blog', locale, url, ['blog_category']);
    },

    supportArticles(locale: string, ctsRegion: Region): Promise<SupportEntry[]> {
      return degrade('support', [], () => entries('support', { locale, query: { regions: ctsRegion } }));
    },

    supportArticle(locale: string, url: string): Promise<SupportEntry | null> {
      return byUrl('support', locale, url);
    },

    athletes(locale: string): Promise<TeamPageEntry[]> {
      return degrade('team_page', [], () => entries('team_page', { locale }));
    },

    athlete(locale: string, url: string): Promise<TeamPageEntry | null> {
      return byUrl('team_page', locale, url, ['products']);
    },

    /**
     * The redirect rules (docs/seo.md), read in the master locale: a path moves for every
     * language at once. A failure leaves pages unredirected rather than failing them.
     */
    redirects(): Promise<RedirectEntry[]> {
      return degrade('redirect', [], () =>
        entries('redirect', { locale: defaultLocale, only: ['title', 'from', 'to', 'permanent'] }),
      );
    },

    stores(locale: string, ctsRegion: Region): Promise<StoreEntry[]> {
      return degrade('store', [], () => entries('store', { locale, query: { regions: ctsRegion } }));
    },
  };
}

export type ContentClient = ReturnType<typeof createContentClient>;
