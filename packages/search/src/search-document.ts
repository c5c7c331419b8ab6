/**
 * What the site search indexes (docs/search.md 'Documents'): one document per product or content
 * entry per content locale. Field names are App Search field names, so a hosted engine fed the same
 * documents answers the storefront's queries unchanged. App Search has no booleans: flags are the
 * strings 'true' and 'false'. Prices are integer minor units of the price list's currency, one
 * field per commerce price list.
 */
export const SEARCH_DOCUMENT_TYPES = ['product', 'page', 'blog_post', 'support', 'athlete'] as const;
export type SearchDocumentType = (typeof SEARCH_DOCUMENT_TYPES)[number];

/** Commerce price lists (`ShopperContext.region.priceListRegion`) that carry a price field. */
export const PRICE_LIST_REGIONS = ['us', 'ca', 'eu_region_1'] as const;
export type PriceListRegion = (typeof PRICE_LIST_REGIONS)[number];
export type PriceField = `price_${PriceListRegion}`;

export function priceFieldOf(priceListRegion: string): PriceField | null {
  return (PRICE_LIST_REGIONS as readonly string[]).includes(priceListRegion)
    ? (`price_${priceListRegion}` as PriceField)
    : null;
}

export interface SearchDocument {
  /** `{type}-{uid}-{locale}`: unique across the engine. */
  id: string;
  type: SearchDocumentType;
  /** The content entry's uid (a product's content uid, a page's uid…). */
  uid: string;
  /** The content stack and environment the entry was read from (spec §7: filters can add them). */
  stack: string;
  environment: string;
  /** Content locale: 'en-us', 'de', 'fr'… (`LocaleState.contentLocale`). */
  locale: string;
  /** Content regions the entry shows in (`LocaleState.ctsRegion` values). */
  regions: string[];
  title: string;
  display_title: string;
  tagline: string;
  /** Plain text: rich text and HTML are flattened before indexing. */
  description: string;
  /** The product's category name in this locale, or the content's section (e.g. the blog category). */
  category: string;
  /** A product's category url path ('goggles/spherical'); '' for content. */
  category_path: string;
  colours: string[];
  sizes: string[];
  price_us?: number;
  price_ca?: number;
  price_eu_region_1?: number;
  in_stock: 'true' | 'false';
  /** Product tags of spec §4 'Tags': 'new', 'redesigned', 'sale'. */
  tags: string[];
  /** The entry's path without the locale prefix ('/p/…', '/blog/p/…'); the storefront localises it. */
  url: string;
  /** A media id for the media service (the product's or entry's main image); '' when none. */
  image: string;
  /** When the entry or product was last changed (ISO 8601), for 'newest' sorts. */
  updated_at: string;
}

/** Fields searched as text, and the weight each carries by default (title first). */
export const TEXT_FIELD_WEIGHTS = {
  title: 10,
  display_title: 8,
  tagline: 3,
  category: 3,
  colours: 2,
  tags: 1,
  description: 1,
} as const satisfies Partial<Record<keyof SearchDocument, number>>;
export type TextField = keyof typeof TEXT_FIELD_WEIGHTS;

/** Fields holding numbers (App Search 'number' schema type); all others are text. */
export const NUMBER_FIELDS = ['price_us', 'price_ca', 'price_eu_region_1'] as const;
/** Fields holding dates (App Search 'date' schema type). */
export const DATE_FIELDS = ['updated_at'] as const;
