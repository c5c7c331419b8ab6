/**
 * The Elastic App Search request and response shapes the storefront speaks (spec §3 'Search
 * result', §7 'Site search'), for the embedded engine and for the client alike. Pointing the
 * client at a hosted App Search engine changes configuration only.
 */

/** A number or date range; either bound may be missing. Dates are ISO 8601 strings. */
export interface RangeFilterValue {
  from?: number | string;
  to?: number | string;
}
export type FilterValue = string | number | RangeFilterValue;

/** `{ field: value }` or `{ field: [values] }` (any of them matches). */
export type FieldFilter = Record<string, FilterValue | FilterValue[]>;

/** spec §3: "Facet filters carry field, type (any, all or none) and values." */
export interface BooleanFilter {
  all?: SearchFilter[];
  any?: SearchFilter[];
  none?: SearchFilter[];
}
export type SearchFilter = FieldFilter | BooleanFilter;

export interface ValueFacetRequest {
  type: 'value';
  name?: string;
  /** How many values to return (App Search: 1–250, default 10). */
  size?: number;
  sort?: { count: 'asc' | 'desc' } | { value: 'asc' | 'desc' };
}
export interface RangeFacetRequest {
  type: 'range';
  name?: string;
  ranges: { from?: number | string; to?: number | string; name?: string }[];
}
export type FacetRequest = ValueFacetRequest | RangeFacetRequest;

export type SortDirection = 'asc' | 'desc';
/** `{ field: direction }`, or a list of them; `_score` sorts by relevance. */
export type SortRequest = Record<string, SortDirection> | Record<string, SortDirection>[];

export interface ResultFieldRequest {
  raw?: { size?: number };
  /** A highlighted excerpt: matches wrapped in `<em>`, everything else HTML-escaped. */
  snippet?: { size?: number; fallback?: boolean };
}

export interface SearchRequest {
  query: string;
  page?: { size?: number; current?: number };
  filters?: SearchFilter;
  /** Each field's facets; App Search accepts one facet object or a list per field. */
  facets?: Record<string, FacetRequest | FacetRequest[]>;
  result_fields?: Record<string, ResultFieldRequest>;
  search_fields?: Record<string, { weight?: number }>;
  sort?: SortRequest;
}

export interface PageMeta {
  current: number;
  /** Capped at 100 (spec §9 'Search total pages are capped at 100'). */
  total_pages: number;
  total_results: number;
  size: number;
}

export interface SearchResponseMeta {
  alerts: string[];
  warnings: string[];
  precision: number;
  page: PageMeta;
  engine: { name: string; type: 'default' };
  request_id: string;
}

/** A result field: its stored value and, when asked for, a highlighted snippet (null without a match). */
export interface ResultField {
  raw?: string | number | string[] | number[];
  snippet?: string | null;
}

export type SearchResult = { _meta: { id: string; engine: string; score: number } } & {
  [field: string]: ResultField | { id: string; engine: string; score: number };
};

export interface ValueFacetResult {
  type: 'value';
  name?: string;
  data: { value: string | number; count: number }[];
}
export interface RangeFacetResult {
  type: 'range';
  name?: string;
  data: { from?: number | string; to?: number | string; name?: string; count: number }[];
}
export type FacetResult = ValueFacetResult | RangeFacetResult;

export interface SearchResponse {
  meta: SearchResponseMeta;
  results: SearchResult[];
  facets: Record<string, FacetResult[]>;
}

export interface MultiSearchRequest {
  /** At most 10 queries, as App Search allows. */
  queries: SearchRequest[];
}

export interface QuerySuggestionRequest {
  query: string;
  types?: { documents?: { fields?: string[] } };
  /** How many suggestions (App Search: 1–20, default 5). */
  size?: number;
  /**
   * Piste extension: the same filters as a search, so suggestions follow the shopper's
   * locale and regions. A hosted App Search engine does not take it (docs/search.md).
   */
  filters?: SearchFilter;
}

export interface QuerySuggestionResponse {
  results: { documents: { suggestion: string }[] };
  meta: { request_id: string };
}

export interface ClickRequest {
  query: string;
  document_id: string;
  request_id?: string;
  /** spec §7: "Click tags gain 'results' or 'autocomplete'." */
  tags?: string[];
}

/** App Search's error body: `{ "errors": ["…"] }` with a 4xx status. */
export interface SearchErrorBody {
  errors: string[];
}
