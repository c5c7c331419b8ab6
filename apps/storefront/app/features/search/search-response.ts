import type { FacetResult, ResultField, SearchResponse, SearchResult } from '@piste/search';
import { isSameRange, priceRangeKey, type PriceRange } from './price-ranges';
import type { SearchQuery } from './search-query';
import { CONTENT_TYPES, type ContentType, type FacetGroup, type SearchScope } from './search-requests';

export interface FacetValueView {
  value: string;
  count: number;
  selected: boolean;
}

export interface PriceRangeView extends PriceRange {
  count: number;
  selected: boolean;
}

/** The search page's facets, ready to draw. */
export interface SearchFacetsView {
  categories: FacetValueView[];
  colours: FacetValueView[];
  sizes: FacetValueView[];
  prices: PriceRangeView[];
  /** Products in stock under the other filters. */
  inStockCount: number;
}

/** A page, story, support article or athlete found by the query; the HTML fields are engine snippets only. */
export interface ContentResultView {
  documentId: string;
  type: ContentType;
  url: string;
  title: string;
  /** The title with matches in `<em>`, HTML-escaped by the engine; null without a match. */
  titleHtml: string | null;
  excerptHtml: string | null;
}

function field(result: SearchResult, name: string): ResultField | undefined {
  return name === '_meta' ? undefined : (result[name] as ResultField | undefined);
}

/** A result field's stored value as text ('' when absent or not text). */
export function rawText(result: SearchResult, name: string): string {
  const raw = field(result, name)?.raw;
  return typeof raw === 'string' ? raw : '';
}

export function rawNumber(result: SearchResult, name: string): number | null {
  const raw = field(result, name)?.raw;
  return typeof raw === 'number' && Number.isFinite(raw) ? raw : null;
}

function snippet(result: SearchResult, name: string): string | null {
  const value = field(result, name)?.snippet;
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** The products found, in the engine's order: their content uids and the engine's document ids (for clicks). */
export function productHits(response: SearchResponse): { uid: string; documentId: string }[] {
  return response.results.flatMap((result) => {
    const uid = rawText(result, 'uid');
    return uid === '' ? [] : [{ uid, documentId: result._meta.id }];
  });
}

export function contentResults(response: SearchResponse): ContentResultView[] {
  return response.results.flatMap((result) => {
    const type = rawText(result, 'type');
    const url = rawText(result, 'url');
    const title = rawText(result, 'title');
    if (!(CONTENT_TYPES as readonly string[]).includes(type) || !url.startsWith('/') || title === '') return [];
    return [
      {
        documentId: result._meta.id,
        type: type as ContentType,
        url,
        title,
        titleHtml: snippet(result, 'title'),
        excerptHtml: snippet(result, 'description'),
      },
    ];
  });
}

function facetOf(response: SearchResponse, name: string): FacetResult | undefined {
  return response.facets?.[name]?.[0];
}

function valueCounts(response: SearchResponse, name: string): { value: string | number; count: number }[] {
  const facet = facetOf(response, name);
  return facet?.type === 'value' ? facet.data : [];
}

/**
 * A value facet's counts, most first, with the shopper's selections leading (long lists scroll)
 * and kept even when nothing has them now, so they can be cleared.
 */
function valueFacet(response: SearchResponse, name: string, selected: readonly string[]): FacetValueView[] {
  const counted = valueCounts(response, name).flatMap(({ value, count }) =>
    typeof value === 'string' && value !== '' && count > 0 ? [{ value, count }] : [],
  );
  const countOf = (value: string) => counted.find((candidate) => candidate.value === value)?.count ?? 0;
  return [
    ...selected.map((value) => ({ value, count: countOf(value), selected: true })),
    ...counted.filter(({ value }) => !selected.includes(value)).map((value) => ({ ...value, selected: false })),
  ];
}

/** The price bands with products in them, and the chosen band whatever its count. */
function priceFacet(response: SearchResponse, query: SearchQuery, scope: SearchScope): PriceRangeView[] {
  if (!scope.priceField) return [];
  const facet = facetOf(response, scope.priceField);
  const counts = new Map(facet?.type === 'range' ? facet.data.map((range) => [range.name ?? '', range.count]) : []);
  return scope.priceRanges
    .map((range) => ({
      ...range,
      count: counts.get(priceRangeKey(range)) ?? 0,
      selected: isSameRange(range, { min: query.min, max: query.max }),
    }))
    .filter((range) => range.count > 0 || range.selected);
}

/**
 * The facets to draw: each chosen group's counts from its own count query (as if nothing in it
 * were chosen), every other group's from the product results themselves.
 */
export function searchFacets(
  products: SearchResponse,
  countsByGroup: ReadonlyMap<FacetGroup, SearchResponse>,
  query: SearchQuery,
  scope: SearchScope,
): SearchFacetsView {
  const source = (group: FacetGroup) => countsByGroup.get(group) ?? products;
  const inStock = valueCounts(products, 'in_stock').find((entry) => entry.value === 'true');
  return {
    categories: valueFacet(source('category'), 'category', query.categories),
    colours: valueFacet(source('colours'), 'colours', query.colours),
    sizes: valueFacet(source('sizes'), 'sizes', query.sizes),
    prices: priceFacet(source('price'), query, scope),
    inStockCount: inStock?.count ?? 0,
  };
}
