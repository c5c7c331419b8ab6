/**
 * Elastic App Search's API, as its reference documents it, for tests of our hosted adapter.
 * Each constant names the page it was written from (Elastic's "App Search API reference",
 * https://www.elastic.co/guide/en/app-search/current/<page>); the examples there use the
 * `national-parks-demo` engine, and the answers below keep their shapes. Written by hand from
 * those pages: nothing here was fetched from a live engine.
 */

/**
 * The body parameters each endpoint documents. Kept apart from the adapter's own list
 * (search-client.ts APP_SEARCH_PARAMETERS) so a test fails if the adapter sends anything else.
 */
export const DOCUMENTED_PARAMETERS: Record<string, readonly string[]> = {
  // search.html 'Request body': query (required), page, sort, group, facets, filters, precision,
  // boosts, search_fields, result_fields, analytics (analytics.tags), record_analytics.
  search: [
    'query',
    'page',
    'sort',
    'group',
    'facets',
    'filters',
    'precision',
    'boosts',
    'search_fields',
    'result_fields',
    'analytics',
    'record_analytics',
  ],
  // query-suggestion.html: query (required), types (types.documents.fields), size (1 to 20). No filters.
  query_suggestion: ['query', 'types', 'size'],
  // clickthrough.html ('Click API'): query and document_id (required), request_id, tags (up to 16).
  click: ['query', 'document_id', 'request_id', 'tags'],
};

/** search.html 'Response body', example answer (one result; `_meta` and `{ raw }` fields). */
export const SEARCH_RESPONSE = {
  meta: {
    alerts: [],
    warnings: [],
    precision: 2,
    page: { current: 1, total_pages: 1, total_results: 1, size: 10 },
    engine: { name: 'national-parks-demo', type: 'default' },
    request_id: '6266df8b-8b19-4ff0-b1ca-3877d867eb7d',
  },
  results: [
    {
      title: { raw: 'Everglades' },
      id: { raw: 'park_everglades' },
      _meta: { id: 'park_everglades', engine: 'national-parks-demo', score: 6.7264175 },
    },
  ],
};

/** multi-search.html: the answer is an array of search answers, in the order of `queries` (at most 10). */
export const MULTI_SEARCH_RESPONSE = [SEARCH_RESPONSE, { ...SEARCH_RESPONSE, results: [] }];

/** query-suggestion.html 'Example Response'. */
export const QUERY_SUGGESTION_RESPONSE = {
  results: { documents: [{ suggestion: 'carlsbad' }, { suggestion: 'carlsbad caverns' }, { suggestion: 'carolina' }] },
  meta: { request_id: '914f909793379ed5af9379b4401f19be' },
};

/**
 * documents.html 'Create or Update Documents': POST an array of at most 100 documents with a
 * private API key; the answer is one `{ id, errors }` per document, in order, and a document is
 * accepted when its `errors` is empty ("Documents are sent via an array and are independently
 * accepted and indexed, or rejected").
 */
export const DOCUMENTS_BATCH_LIMIT = 100;
export const documentsAccepted = (ids: readonly string[]) => ids.map((id) => ({ id, errors: [] as string[] }));

/**
 * An error answer: App Search's error body is `{ "errors": [messages] }` (the shape our
 * embedded API copies, docs/search.md 'Errors'). The messages are examples.
 */
export const errorBody = (...errors: string[]) => ({ errors });
