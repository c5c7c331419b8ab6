import { describe, expect, it } from 'vitest';
import {
  parseClickRequest,
  parseMultiSearchRequest,
  parseQuerySuggestionRequest,
  parseSearchRequest,
} from './request-schemas';
import { SearchRequestError } from './search-request-error';

function errorsOf(parse: (body: unknown) => unknown, body: unknown): string[] {
  try {
    parse(body);
  } catch (error) {
    expect(error).toBeInstanceOf(SearchRequestError);
    return (error as SearchRequestError).errors;
  }
  throw new Error('expected the request to be rejected');
}

const searchErrors = (body: unknown) => errorsOf(parseSearchRequest, body);

describe('parseSearchRequest', () => {
  it('applies App Search defaults and keeps list forms', () => {
    const request = parseSearchRequest({
      query: 'goggles',
      facets: { colours: { type: 'value' } },
      sort: { price_us: 'asc' },
      filters: { all: { locale: 'en-us' } },
    });
    expect(request.page).toEqual({ size: 10, current: 1 });
    expect(request.facets).toEqual({ colours: [{ type: 'value' }] });
    expect(request.sort).toEqual([{ price_us: 'asc' }]);
    expect(request.filters).toEqual({ all: [{ locale: 'en-us' }] });
  });

  it('accepts the search page request of the storefront', () => {
    expect(() =>
      parseSearchRequest({
        query: 'helmet',
        page: { size: 24, current: 3 },
        filters: {
          all: [
            { locale: 'en-us' },
            { regions: ['us', 'ca'] },
            { any: [{ price_us: { from: 1000, to: 5000 } }, { tags: 'sale' }] },
            { none: [{ updated_at: { to: '2024-01-01T00:00:00Z' } }] },
          ],
        },
        facets: {
          category: [{ type: 'value', size: 20, sort: { value: 'asc' } }],
          price_us: { type: 'range', name: 'price', ranges: [{ to: 5000, name: 'under $50' }, { from: 5000 }] },
        },
        result_fields: { title: { raw: { size: 50 }, snippet: { size: 100, fallback: true } }, price_us: { raw: {} } },
        search_fields: { title: { weight: 5 }, description: {} },
        sort: [{ _score: 'desc' }, { updated_at: 'desc' }],
      }),
    ).not.toThrow();
  });

  it('rejects a body that is not an object, and unknown top-level keys', () => {
    expect(searchErrors(null)).toEqual(['Request must be an object']);
    expect(searchErrors([])).toEqual(['Request must be an object']);
    expect(searchErrors({ query: 'a', boosts: {}, group: {} })).toEqual([
      'Request contains invalid key: boosts, group',
    ]);
  });

  it('checks the query', () => {
    expect(searchErrors({})).toEqual(['query is required']);
    expect(searchErrors({ query: 5 })).toEqual(['query must be a string']);
    expect(searchErrors({ query: 'x'.repeat(129) })).toEqual(['query must be at most 128 characters long']);
  });

  it('checks the page', () => {
    expect(searchErrors({ query: '', page: { size: 0 } })).toEqual(['page.size must be an integer between 1 and 1000']);
    expect(searchErrors({ query: '', page: { size: 1001 } })).toEqual([
      'page.size must be an integer between 1 and 1000',
    ]);
    expect(searchErrors({ query: '', page: { size: 2.5 } })).toEqual([
      'page.size must be an integer between 1 and 1000',
    ]);
    expect(searchErrors({ query: '', page: { current: 101 } })).toEqual([
      'page.current must be an integer between 1 and 100',
    ]);
    expect(searchErrors({ query: '', page: { current: '2' } })).toEqual([
      'page.current must be an integer between 1 and 100',
    ]);
    expect(searchErrors({ query: '', page: { offset: 1 } })).toEqual(['page contains invalid key: offset']);
    expect(searchErrors({ query: '', page: 3 })).toEqual(['page must be an object']);
  });

  it('lists every problem at once', () => {
    expect(searchErrors({ query: 1, page: { size: 0 }, zz: true })).toEqual([
      'query must be a string',
      'page.size must be an integer between 1 and 1000',
      'Request contains invalid key: zz',
    ]);
  });

  describe('filters', () => {
    const filterErrors = (filters: unknown) => searchErrors({ query: '', filters });

    it('holds one field, or all/any/none', () => {
      expect(filterErrors('en-us')).toEqual(['filters must be an object']);
      expect(filterErrors({})).toEqual(['filters must contain one field, or all/any/none']);
      expect(filterErrors({ locale: 'de', type: 'product' })).toEqual([
        'filters must contain only one field, or all/any/none (got 2)',
      ]);
      expect(filterErrors({ all: [], locale: 'de' })).toEqual([
        'filters contains invalid key: locale (a filter holds one field, or all/any/none)',
      ]);
      expect(filterErrors({ all: [] })).toEqual(['filters.all must not be an empty list']);
      expect(filterErrors({ any: [{ locale: 'de' }, 'x'] })).toEqual(['filters.any[1] must be an object']);
    });

    it('names only schema fields', () => {
      expect(filterErrors({ foo: 'x' })).toEqual(['filters contains unknown field: foo']);
      expect(filterErrors({ all: [{ locale: 'de' }, { constructor: 'x' }] })).toEqual([
        'filters.all[1] contains unknown field: constructor',
      ]);
      expect(filterErrors(JSON.parse('{"__proto__": {"locale": "de"}}'))).toEqual([
        'filters contains unknown field: __proto__',
      ]);
    });

    it('checks values against the field type', () => {
      expect(filterErrors({ in_stock: true })).toEqual(['filters.in_stock must be a string or a list of strings']);
      expect(filterErrors({ title: { from: 'a' } })).toEqual([
        'filters.title is a text field: range filters need a number or date field',
      ]);
      expect(filterErrors({ price_us: '100' })).toEqual([
        'filters.price_us must be a number, a list of numbers or a range {from, to}',
      ]);
      expect(filterErrors({ price_us: { from: '1' } })).toEqual(['filters.price_us.from must be a number']);
      expect(filterErrors({ price_us: {} })).toEqual(['filters.price_us must contain from or to']);
      expect(filterErrors({ price_us: { from: 1, gte: 2 } })).toEqual(['filters.price_us contains invalid key: gte']);
      expect(filterErrors({ updated_at: { from: 'yesterday' } })).toEqual([
        'filters.updated_at.from must be an ISO 8601 date string',
      ]);
      expect(filterErrors({ updated_at: '2025-13-45' })).toEqual(['filters.updated_at must be a valid date']);
      expect(filterErrors({ regions: ['us', 3] })).toEqual([
        'filters.regions[1] must be a string or a list of strings',
      ]);
      expect(filterErrors({ regions: 'x'.repeat(257) })).toEqual([
        'filters.regions must be at most 256 characters long',
      ]);
    });

    it('bounds values, clauses and nesting', () => {
      expect(filterErrors({ regions: [] })).toEqual(['filters.regions must not be an empty list']);
      expect(filterErrors({ regions: Array.from({ length: 33 }, (_, index) => `r${index}`) })).toEqual([
        'filters.regions must contain at most 32 values',
      ]);
      expect(filterErrors({ any: Array.from({ length: 33 }, () => ({ locale: 'de' })) })).toEqual([
        'filters.any must contain at most 32 filters',
      ]);
      const nested = (depth: number): unknown => (depth === 0 ? { locale: 'de' } : { all: [nested(depth - 1)] });
      expect(() => parseSearchRequest({ query: '', filters: nested(5) })).not.toThrow();
      expect(filterErrors(nested(6))).toEqual([
        'filters.all[0].all[0].all[0].all[0].all[0] nests all/any/none more than 5 levels deep',
      ]);
    });
  });

  describe('facets', () => {
    const facetErrors = (facets: unknown) => searchErrors({ query: '', facets });

    it('checks fields and facet shapes', () => {
      expect(facetErrors({ foo: { type: 'value' } })).toEqual(['facets contains unknown field: foo']);
      expect(facetErrors({ colours: { type: 'terms' } })).toEqual([
        'facets.colours.type must be a facet {"type": "value"|"range", …}',
      ]);
      expect(facetErrors({ colours: 'value' })).toEqual([
        'facets.colours must be a facet {"type": "value"|"range", …}',
      ]);
      expect(facetErrors({ colours: { type: 'value', size: 251 } })).toEqual([
        'facets.colours.size must be an integer between 1 and 250',
      ]);
      expect(facetErrors({ colours: { type: 'value', sort: { count: 'up' } } })).toEqual([
        'facets.colours.sort must be {"count": "asc"|"desc"} or {"value": "asc"|"desc"}',
      ]);
      expect(facetErrors({ colours: [{ type: 'value', limit: 3 }] })).toEqual([
        'facets.colours[0] contains invalid key: limit',
      ]);
      expect(facetErrors({ colours: [] })).toEqual(['facets.colours must not be an empty list']);
    });

    it('puts range facets on number and date fields, with 1 to 10 ranges', () => {
      expect(facetErrors({ title: { type: 'range', ranges: [{ from: 1 }] } })).toEqual([
        'facets.title is a text field: range facets need a number or date field',
      ]);
      expect(facetErrors({ price_us: { type: 'range', ranges: [] } })).toEqual([
        'facets.price_us.ranges must be a list of 1 to 10 ranges',
      ]);
      expect(
        facetErrors({ price_us: { type: 'range', ranges: Array.from({ length: 11 }, (_, from) => ({ from })) } }),
      ).toEqual(['facets.price_us.ranges must be a list of 1 to 10 ranges']);
      expect(facetErrors({ price_us: { type: 'range', ranges: [{ name: 'all' }] } })).toEqual([
        'facets.price_us.ranges[0] must contain from or to',
      ]);
      expect(facetErrors({ updated_at: { type: 'range', ranges: [{ from: 5 }] } })).toEqual([
        'facets.updated_at.ranges[0].from must be an ISO 8601 date string',
      ]);
    });
  });

  it('checks sort', () => {
    expect(searchErrors({ query: '', sort: { foo: 'asc' } })).toEqual(['sort contains unknown field: foo']);
    expect(searchErrors({ query: '', sort: [{ price_us: 'up' }] })).toEqual([
      'sort[0].price_us must be "asc" or "desc"',
    ]);
    expect(searchErrors({ query: '', sort: { price_us: 'asc', title: 'asc' } })).toEqual([
      'sort must contain exactly one field, such as {"price_us": "asc"}',
    ]);
    expect(searchErrors({ query: '', sort: 'price_us' })).toEqual([
      'sort must be an object such as {"price_us": "asc"}',
    ]);
    expect(searchErrors({ query: '', sort: [] })).toEqual(['sort must not be an empty list']);
  });

  it('checks result_fields', () => {
    expect(searchErrors({ query: '', result_fields: { foo: { raw: {} } } })).toEqual([
      'result_fields contains unknown field: foo',
    ]);
    expect(searchErrors({ query: '', result_fields: { title: { raw: { size: 10 } } } })).toEqual([
      'result_fields.title.raw.size must be an integer between 20 and 10000',
    ]);
    expect(searchErrors({ query: '', result_fields: { title: { snippet: { size: 2000 } } } })).toEqual([
      'result_fields.title.snippet.size must be an integer between 20 and 1000',
    ]);
    expect(searchErrors({ query: '', result_fields: { title: { snippet: { fallback: 'yes' } } } })).toEqual([
      'result_fields.title.snippet.fallback must be true or false',
    ]);
    expect(searchErrors({ query: '', result_fields: { price_us: { snippet: {} } } })).toEqual([
      'result_fields.price_us.snippet needs a text field',
    ]);
    expect(searchErrors({ query: '', result_fields: { title: {} } })).toEqual([
      'result_fields.title must ask for raw, snippet or both',
    ]);
    expect(searchErrors({ query: '', result_fields: { title: { highlight: {} } } })).toEqual([
      'result_fields.title contains invalid key: highlight',
    ]);
  });

  it('checks search_fields', () => {
    expect(searchErrors({ query: '', search_fields: {} })).toEqual(['search_fields must contain at least one field']);
    expect(searchErrors({ query: '', search_fields: { foo: {} } })).toEqual([
      'search_fields contains unknown field: foo',
    ]);
    expect(searchErrors({ query: '', search_fields: { url: {} } })).toEqual([
      'search_fields contains a field that is not searched: url (searched: title, display_title, tagline, category, colours, tags, description)',
    ]);
    expect(searchErrors({ query: '', search_fields: { title: { weight: 0 } } })).toEqual([
      'search_fields.title.weight must be a number above 0 and at most 10',
    ]);
  });

  it('keeps hostile keys out of the parsed request', () => {
    const body = JSON.parse('{"query": "a", "__proto__": {"polluted": true}}');
    expect(searchErrors(body)).toEqual(['Request contains invalid key: __proto__']);
    expect(searchErrors({ query: '', facets: JSON.parse('{"__proto__": {"type": "value"}}') })).toEqual([
      'facets contains unknown field: __proto__',
    ]);
    expect(searchErrors({ query: '', result_fields: { constructor: { raw: {} } } })).toEqual([
      'result_fields contains unknown field: constructor',
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('shortens a very long key in its message', () => {
    const [message] = searchErrors({ query: '', filters: { ['k'.repeat(10_000)]: 'x' } });
    expect(message).toBe(`filters contains unknown field: ${'k'.repeat(64)}…`);
  });
});

describe('parseMultiSearchRequest', () => {
  const multiErrors = (body: unknown) => errorsOf(parseMultiSearchRequest, body);

  it('takes 1 to 10 search requests, each checked', () => {
    expect(parseMultiSearchRequest({ queries: [{ query: 'a' }, { query: 'b' }] }).queries).toHaveLength(2);
    expect(multiErrors({})).toEqual(['queries is required and must be a list of search requests']);
    expect(multiErrors({ queries: [] })).toEqual(['queries must contain at least 1 query']);
    expect(multiErrors({ queries: Array.from({ length: 11 }, () => ({ query: '' })) })).toEqual([
      'queries must contain at most 10 queries',
    ]);
    expect(multiErrors({ queries: [{ query: 'a' }, { query: 'b', page: { size: 0 } }] })).toEqual([
      'queries[1].page.size must be an integer between 1 and 1000',
    ]);
  });
});

describe('parseQuerySuggestionRequest', () => {
  const suggestionErrors = (body: unknown) => errorsOf(parseQuerySuggestionRequest, body);

  it('accepts fields, size and filters', () => {
    expect(
      parseQuerySuggestionRequest({
        query: 'gog',
        size: 8,
        types: { documents: { fields: ['title', 'category'] } },
        filters: { all: [{ locale: 'en-us' }] },
      }),
    ).toEqual({
      query: 'gog',
      size: 8,
      types: { documents: { fields: ['title', 'category'] } },
      filters: { all: [{ locale: 'en-us' }] },
    });
  });

  it('checks each part', () => {
    expect(suggestionErrors({ query: 'a', size: 21 })).toEqual(['size must be an integer between 1 and 20']);
    expect(suggestionErrors({ query: 'a', size: 0 })).toEqual(['size must be an integer between 1 and 20']);
    expect(suggestionErrors({ query: 'a', types: { documents: { fields: ['foo'] } } })).toEqual([
      'types.documents.fields[0] contains unknown field: foo',
    ]);
    expect(suggestionErrors({ query: 'a', types: { documents: { fields: 'title' } } })).toEqual([
      'types.documents.fields must be a list of field names',
    ]);
    expect(suggestionErrors({ query: 'a', types: { products: {} } })).toEqual(['types contains invalid key: products']);
    expect(suggestionErrors({ query: 'a', filters: { foo: 1 } })).toEqual(['filters contains unknown field: foo']);
    expect(suggestionErrors({ size: 3 })).toEqual(['query is required']);
  });
});

describe('parseClickRequest', () => {
  const clickErrors = (body: unknown) => errorsOf(parseClickRequest, body);

  it('takes the query, the document and optional request id and tags', () => {
    const click = { query: 'gog', document_id: 'product-x-en-us', request_id: 'abc', tags: ['autocomplete'] };
    expect(parseClickRequest(click)).toEqual(click);
  });

  it('checks each part', () => {
    expect(clickErrors({ query: 'a' })).toEqual(['document_id is required']);
    expect(clickErrors({ query: 'a', document_id: '' })).toEqual([
      'document_id must be between 1 and 256 characters long',
    ]);
    expect(clickErrors({ query: 'a', document_id: 'd', tags: ['x'.repeat(65)] })).toEqual([
      'tags[0] must be between 1 and 64 characters long',
    ]);
    expect(clickErrors({ query: 'a', document_id: 'd', tags: Array.from({ length: 17 }, () => 't') })).toEqual([
      'tags must contain at most 16 tags',
    ]);
    expect(clickErrors({ query: 'a', document_id: 'd', request_id: 7 })).toEqual(['request_id must be a string']);
    expect(clickErrors({ query: 'a', document_id: 'd', user: 'x' })).toEqual(['Request contains invalid key: user']);
  });
});
