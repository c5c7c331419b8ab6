import type { Region } from '@piste/core';
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
import type { CachePolicy } from './response-cache';

/**
 * The storefront's reads of the content service (spec §7 'Content service (headless)'), as a
 * contract: content-client.server.ts implements it over the delivery API; another provider
 * (Contentstack itself, a hosted CMS) implements the same interfaces.
 */

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
export const PAGE_SUMMARY_FIELDS = ['uid', 'title', 'url', 'seo_meta', 'generic_page', 'landing_page'] as const;
export type PageSummary = Pick<PageEntry, (typeof PAGE_SUMMARY_FIELDS)[number]>;

/**
 * Spec §7 'products by uid list': "fields description, image, price_range, prices, seo_meta,
 * tagline, title, url", plus what spec §3 'Product card' and §5 need to show a card: the
 * commerce ids (bc_products), regions, display_title and the new/redesigned flags.
 */
export const PRODUCT_CARD_FIELDS = [
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

/** Raw delivery reads: they reject like the transport does. */
export interface ContentEntryReads {
  /** All entries of a type matching the options, read in pages of 100 (spec §7 "Results are paged in chunks of 100"). */
  entries<K extends ContentTypeUid>(contentType: K, read?: EntriesOptions): Promise<Array<ContentTypes[K]>>;
  /** One entry by uid; rejects with error code 141 when it does not exist (spec §8). */
  entry<K extends ContentTypeUid>(contentType: K, uid: string, read?: EntryOptions): Promise<ContentTypes[K]>;
  /** How many entries of a type match the query, in one call. */
  count(contentType: ContentTypeUid, read?: Pick<EntriesOptions, 'locale' | 'query'>): Promise<number>;
  /** The entries of a type by uid list, as GET /api/interstack/references answers (spec §7). */
  references<K extends ContentTypeUid>(
    contentType: K,
    uids: readonly string[],
    locale?: string,
  ): Promise<Array<ContentTypes[K]>>;
}

/**
 * Whether an empty answer may only mean the service did not answer: when a read last failed
 * because the content service could not answer (`Date.now()`), or null. The named queries read
 * such a failure as empty, like a missing entry; a page that ends up "not found" asks this to
 * tell the two apart (docs/reliability.md).
 */
export interface ContentAvailability {
  lastUnavailableAt(): number | null;
}

/*
 * The named queries below never reject: spec §8 "Failures of store, content … fetches are only
 * logged (with a store-specific label). … results degrade to empty lists" (or null).
 */

/** Site-wide content: chrome, per-region settings, texts and redirects. */
export interface SiteContent {
  /**
   * Spec §3 'Header content' for the region. Spec §8: "Header content: no results or no region
   * match → Logs 'Header - No Results' or 'Header - No Region Match'. Navigation stays empty."
   */
  header(locale: string, ctsRegion: Region): Promise<HeaderContent>;
  /** Spec §7 'regions (region_id)': one entry per content region; not translated. */
  regions(): Promise<RegionEntry[]>;
  brandSettings(locale: string, ctsRegion: Region): Promise<BrandSettingsEntry | null>;
  emailSignupSettings(locale: string, ctsRegion: Region): Promise<EmailSignupSettingsEntry | null>;
  /** Spec §3 'Display text entry': the texts, and the duplicates with the texts they reuse. */
  displayTexts(locale: string): Promise<DisplayTexts>;
  /** Spec §7 'search (with main_menu and sidebar_menu references)'. */
  searchMenus(locale: string): Promise<SearchEntry | null>;
  /** Spec §3 'Error page content' for the region, with its categories, products and banner resolved. */
  errorPage(locale: string, ctsRegion: Region): Promise<ErrorPageEntry | null>;
  /** The redirect rules (docs/seo.md), read in the master locale: a path moves for every language at once. */
  redirects(): Promise<RedirectEntry[]>;
}

/** Product copy, categories and the content-side product configuration. */
export interface CatalogueContent {
  productCategory(locale: string, url: string): Promise<ProductCategoryEntry | null>;
  productCategories(locale: string): Promise<ProductCategoryEntry[]>;
  categoryGroups(locale: string): Promise<CategoryGroupEntry[]>;
  colorGroups(locale: string): Promise<ColorGroupEntry[]>;
  /** A product with its categories and manual related products (spec §7 'product (with many references)'). */
  product(locale: string, by: { uid: string } | { url: string }): Promise<ProductEntry | null>;
  /** Spec §7 'products by uid list', with the fields a product card needs. */
  productsByUids(locale: string, uids: readonly string[]): Promise<ProductCardContent[]>;
  hiddenProductAttributes(locale: string, ctsRegion: Region): Promise<HiddenProductAttributesEntry | null>;
  /** Spec §3 'product-attribute sorting (spec_titles, attribute_option_sorting)'. */
  productAttributeSorting(locale: string): Promise<ManageProductAttributesEntry | null>;
  /** The wording of specification values in the locale, one entry per attribute (docs/content.md 'Product copy'). */
  productAttributeValues(locale: string): Promise<ProductAttributeValuesEntry[]>;
  /** Spec §3 'Related-products config', with its categories resolved (uid, cat_ids_bc). */
  automatedRelatedProductsConfig(locale: string, ctsRegion: Region): Promise<AutomatedRelatedProductsEntry | null>;
  /** Spec §3 'category product add-on config' of a category in the region, with its products resolved. */
  categoryProductAddOn(
    locale: string,
    ctsRegion: Region,
    categoryUid: string,
  ): Promise<CategoryProductAddOnEntry | null>;
  /** Spec §7 'product queries with category and attribute filters and a uid exclusion'. */
  productsQuery(locale: string, filters?: ProductQuery): Promise<ProductQueryResult[]>;
}

/** Pages, blog, support articles, athletes and stores. */
export interface EditorialContent {
  /** Spec §7 'pages by uid list (references banners; fields generic_page, landing_page, seo_meta, title, url)'. */
  pagesByUids(locale: string, uids: readonly string[]): Promise<PageSummary[]>;
  /** A generic page, landing page or the home page (url `/`) by URL, with its banners and sliders resolved. */
  pageByUrl(locale: string, url: string): Promise<PageEntry | null>;
  blogCategories(locale: string): Promise<BlogCategoryEntry[]>;
  /** Blog posts, newest first, optionally of one category. */
  blogPosts(locale: string, filters?: BlogPostsQuery): Promise<BlogEntry[]>;
  blogPost(locale: string, url: string): Promise<BlogEntry | null>;
  supportArticles(locale: string, ctsRegion: Region): Promise<SupportEntry[]>;
  supportArticle(locale: string, url: string): Promise<SupportEntry | null>;
  athletes(locale: string): Promise<TeamPageEntry[]>;
  athlete(locale: string, url: string): Promise<TeamPageEntry | null>;
  stores(locale: string, ctsRegion: Region): Promise<StoreEntry[]>;
}

export interface ContentClient
  extends ContentEntryReads, ContentAvailability, SiteContent, CatalogueContent, EditorialContent {}
