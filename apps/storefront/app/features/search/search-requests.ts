import type {
  FacetRequest,
  PriceField,
  SearchDocumentType,
  SearchFilter,
  SearchOptions,
  SortRequest,
} from '@piste/search';
import { priceFacetRequest, priceFilterValue, type PriceRange } from './price-ranges';
import type { SearchQuery, SearchSort } from './search-query';

export const PRODUCT_PAGE_SIZE = 24;
/** Content matches are a pointer beside the products, not a second result list. */
export const CONTENT_RESULT_COUNT = 5;
export const CONTENT_TYPES = [
  'page',
  'blog_post',
  'support',
  'athlete',
] as const satisfies readonly SearchDocumentType[];
export type ContentType = (typeof CONTENT_TYPES)[number];

/** What every query of a shopper is limited to: their content locale and region, and their price list. */
export interface SearchScope {
  locale: string;
  region: string;
  /** The price list's field; null where no price list applies (no price facet or sort then). */
  priceField: PriceField | null;
  decimalPlaces: number;
  priceRanges: readonly PriceRange[];
}

/**
 * The facets a shopper can narrow by several values of at once. Each one's counts come from a
 * search without its own selection (disjunctive facets), so choosing one colour still shows
 * how many products the other colours have. In-stock needs none: its count is the same either way.
 */
export const FACET_GROUPS = ['category', 'colours', 'sizes', 'price'] as const;
export type FacetGroup = (typeof FACET_GROUPS)[number];

const VALUE_FACET_SIZES = { category: 20, colours: 60, sizes: 30 } as const;

type Shopper = Pick<SearchScope, 'locale' | 'region'>;

function inScope({ locale, region }: Shopper): SearchFilter[] {
  return [{ locale }, { regions: region }];
}

function hasPriceRange(query: SearchQuery): boolean {
  return query.min !== null || query.max !== null;
}

/** The shopper's selections as engine filters, leaving out one facet group's when counting that group. */
function chosenFilters(query: SearchQuery, scope: SearchScope, except?: FacetGroup): SearchFilter[] {
  const filters: SearchFilter[] = [];
  if (except !== 'category' && query.categories.length > 0) filters.push({ category: query.categories });
  if (except !== 'colours' && query.colours.length > 0) filters.push({ colours: query.colours });
  if (except !== 'sizes' && query.sizes.length > 0) filters.push({ sizes: query.sizes });
  if (except !== 'price' && scope.priceField && hasPriceRange(query)) {
    filters.push({ [scope.priceField]: priceFilterValue(query, scope.decimalPlaces) });
  }
  if (query.inStock) filters.push({ in_stock: 'true' });
  return filters;
}

function facetRequest(group: FacetGroup, scope: SearchScope): [string, FacetRequest] | null {
  if (group !== 'price') return [group, { type: 'value', size: VALUE_FACET_SIZES[group], sort: { count: 'desc' } }];
  return scope.priceField ? [scope.priceField, priceFacetRequest(scope.priceRanges, scope.decimalPlaces)] : null;
}

function sortFor(sort: SearchSort, scope: SearchScope): SortRequest | undefined {
  switch (sort) {
    case 'newest':
      return { updated_at: 'desc' };
    case 'price-asc':
    case 'price-desc':
      return scope.priceField ? { [scope.priceField]: sort === 'price-asc' ? 'asc' : 'desc' } : undefined;
    case 'name':
      return { title: 'asc' };
    default:
      return undefined;
  }
}

/** The product results: one page of uids (the cards come from the catalogue), with every facet counted. */
export function productSearchOptions(query: SearchQuery, scope: SearchScope): SearchOptions {
  const facets = Object.fromEntries(
    FACET_GROUPS.flatMap((group) => {
      const facet = facetRequest(group, scope);
      return facet ? [facet] : [];
    }),
  );
  const sort = sortFor(query.sort, scope);
  return {
    filters: { all: [{ type: 'product' }, ...inScope(scope), ...chosenFilters(query, scope)] },
    facets: { ...facets, in_stock: { type: 'value', size: 2 } },
    result_fields: { uid: { raw: {} } },
    page: { size: PRODUCT_PAGE_SIZE, current: query.page },
    ...(sort ? { sort } : {}),
  };
}

/** Counts for one facet group as if none of its values were chosen; one result is the least a page holds. */
export function facetCountOptions(query: SearchQuery, scope: SearchScope, group: FacetGroup): SearchOptions | null {
  const facet = facetRequest(group, scope);
  if (!facet) return null;
  return {
    filters: { all: [{ type: 'product' }, ...inScope(scope), ...chosenFilters(query, scope, group)] },
    facets: Object.fromEntries([facet]),
    result_fields: { uid: { raw: {} } },
    page: { size: 1, current: 1 },
  };
}

/** The facet groups the shopper has chosen values in: each needs its own count query. */
export function selectedFacetGroups(query: SearchQuery, scope: SearchScope): FacetGroup[] {
  return FACET_GROUPS.filter((group) => {
    if (group === 'category') return query.categories.length > 0;
    if (group === 'colours') return query.colours.length > 0;
    if (group === 'sizes') return query.sizes.length > 0;
    return scope.priceField !== null && hasPriceRange(query);
  });
}

/** Pages, stories, support articles and athletes matching the query, with highlighted excerpts. */
export function contentSearchOptions(scope: SearchScope): SearchOptions {
  return {
    filters: { all: [{ type: [...CONTENT_TYPES] }, ...inScope(scope)] },
    result_fields: {
      type: { raw: {} },
      url: { raw: {} },
      title: { raw: {}, snippet: { size: 120, fallback: true } },
      description: { snippet: { size: 180, fallback: true } },
    },
    page: { size: CONTENT_RESULT_COUNT, current: 1 },
  };
}

/** The header's instant results: a few products with what a row shows. */
export function topProductOptions(scope: Shopper & Pick<SearchScope, 'priceField'>, size: number): SearchOptions {
  const priceFields = scope.priceField ? { [scope.priceField]: { raw: {} } } : {};
  return {
    filters: { all: [{ type: 'product' }, ...inScope(scope)] },
    result_fields: { title: { raw: {} }, url: { raw: {} }, image: { raw: {} }, ...priceFields },
    page: { size, current: 1 },
  };
}

/** Suggestions from titles in the shopper's locale and region. */
export function suggestionFilters(scope: Shopper): SearchFilter {
  return { all: inScope(scope) };
}

/** The tag the storefront adds to its clicks, so popular searches can stay in the shopper's language. */
export function localeTag(contentLocale: string): string {
  return `locale:${contentLocale}`;
}
