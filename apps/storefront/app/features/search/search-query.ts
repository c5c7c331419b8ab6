/**
 * The search page's state as kept in its URL (`/{lang}/search?q=…&colour=…`), so a result
 * list can be shared, reloaded and paged without JavaScript. Shared by the loader and the page.
 */
export const SEARCH_SORTS = ['relevance', 'newest', 'price-asc', 'price-desc', 'name'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** spec §9: "Search total pages are capped at 100". */
export const MAX_SEARCH_PAGE = 100;
/** Longer queries are cut rather than refused: nobody types more, and the engine need not see it. */
export const MAX_QUERY_LENGTH = 100;
const MAX_FILTER_VALUES = 20;
const MAX_FILTER_VALUE_LENGTH = 80;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

export interface SearchQuery {
  /** What the shopper typed, trimmed; '' before they search. */
  q: string;
  categories: string[];
  colours: string[];
  sizes: string[];
  /** Whole currency units, as a shopper types them; `max` includes its whole unit (100 → up to 100.99). */
  min: number | null;
  max: number | null;
  inStock: boolean;
  sort: SearchSort;
  page: number;
}

function wholeNumber(value: string | null, max: number): number | null {
  if (value === null || !/^\d{1,7}$/.test(value.trim())) return null;
  const parsed = Number(value);
  return parsed <= max ? parsed : null;
}

/** Reads the query leniently: a value a shopper (or an old link) got wrong is dropped, never a 500. */
export function parseSearchQuery(searchParams: URLSearchParams): SearchQuery {
  const values = (name: string) =>
    [
      ...new Set(
        searchParams
          .getAll(name)
          .map((value) => value.replace(CONTROL_CHARACTERS, '').trim())
          .filter((value) => value !== '' && value.length <= MAX_FILTER_VALUE_LENGTH),
      ),
    ].slice(0, MAX_FILTER_VALUES);
  const sort = searchParams.get('sort');
  const min = wholeNumber(searchParams.get('min'), 1_000_000);
  const max = wholeNumber(searchParams.get('max'), 1_000_000);
  const inverted = min !== null && max !== null && min > max;
  return {
    q: (searchParams.get('q') ?? '').replace(CONTROL_CHARACTERS, ' ').trim().slice(0, MAX_QUERY_LENGTH).trim(),
    categories: values('category'),
    colours: values('colour'),
    sizes: values('size'),
    // A range typed the wrong way round means the same range.
    min: inverted ? max : min,
    max: inverted ? min : max,
    inStock: searchParams.get('instock') === '1',
    sort: (SEARCH_SORTS as readonly string[]).includes(sort ?? '') ? (sort as SearchSort) : 'relevance',
    page: Math.min(wholeNumber(searchParams.get('page'), 1_000_000) || 1, MAX_SEARCH_PAGE),
  };
}

/** The URL query of a search, defaults left out, in one fixed order (so equal searches share a URL). */
export function searchQueryString(query: SearchQuery): string {
  const params = new URLSearchParams();
  if (query.q !== '') params.set('q', query.q);
  for (const category of query.categories) params.append('category', category);
  for (const colour of query.colours) params.append('colour', colour);
  for (const size of query.sizes) params.append('size', size);
  if (query.min !== null) params.set('min', String(query.min));
  if (query.max !== null) params.set('max', String(query.max));
  if (query.inStock) params.set('instock', '1');
  if (query.sort !== 'relevance') params.set('sort', query.sort);
  if (query.page > 1) params.set('page', String(query.page));
  return params.toString();
}

/** The search page's path (without the locale) for a search, optionally changed; a change of filters starts on page 1. */
export function searchPath(query: SearchQuery, changes: Partial<SearchQuery> = {}): string {
  const next = { ...query, ...changes };
  if (!('page' in changes)) next.page = 1;
  const search = searchQueryString(next);
  return search === '' ? '/search' : `/search?${search}`;
}

/** The same search with no filters: the query and sort stay. */
export function withoutFilters(query: SearchQuery): SearchQuery {
  return { ...query, categories: [], colours: [], sizes: [], min: null, max: null, inStock: false, page: 1 };
}

/** How many filters the shopper chose: a price range counts once. */
export function activeFilterCount(query: SearchQuery): number {
  return (
    query.categories.length +
    query.colours.length +
    query.sizes.length +
    (query.min !== null || query.max !== null ? 1 : 0) +
    (query.inStock ? 1 : 0)
  );
}
