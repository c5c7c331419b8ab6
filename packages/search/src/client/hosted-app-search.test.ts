import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DOCUMENTED_PARAMETERS,
  MULTI_SEARCH_RESPONSE,
  QUERY_SUGGESTION_RESPONSE,
  SEARCH_RESPONSE,
} from '../../test/app-search-reference';
import { startAppSearchStandIn } from '../../test/app-search-stand-in';
import { TEST_DOCUMENTS } from '../../test/test-documents';
import { createSearchApi } from '../api/search-api.server';
import { createSearchEngine } from '../engine/search-engine';
import type { SearchFilter } from '../app-search-types';
import { APP_SEARCH_PARAMETERS, createSearchClient, SearchClientError, type SearchOptions } from './search-client';

/**
 * The search client against a hosted App Search engine: each request carries only what
 * Elastic's App Search API reference documents for its endpoint (search.html,
 * multi-search.html, query-suggestion.html, clickthrough.html), replayed against a loopback
 * stand-in that refuses anything else (test/app-search-stand-in.ts); and our embedded engine
 * answers those same requests.
 */

const SEARCH_KEY = 'search-soaewu2ye6uc45dr8mcd54v8';
const ENGINE = 'piste';

/** What the storefront asks of search (search page, header autocomplete, clicks), our extension included. */
const scope: SearchFilter = { all: [{ locale: 'en-us' }, { regions: 'us' }] };
const SEARCH_OPTIONS: SearchOptions = {
  filters: scope,
  facets: { colours: { type: 'value', size: 20 }, price_us: { type: 'range', ranges: [{ to: 10000 }] } },
  page: { size: 24, current: 1 },
  sort: [{ _score: 'desc' }],
  search_fields: { title: { weight: 10 }, description: {} },
  result_fields: { title: { raw: {}, snippet: { size: 100, fallback: true } }, url: { raw: {} } },
};

let standIn: Awaited<ReturnType<typeof startAppSearchStandIn>>;

beforeAll(async () => {
  standIn = await startAppSearchStandIn({ engine: ENGINE, searchKey: SEARCH_KEY });
});
afterAll(() => standIn?.close());

const hostedClient = (hosted?: boolean) =>
  createSearchClient({
    endpointBase: standIn.endpoint,
    engineName: ENGINE,
    searchKey: SEARCH_KEY,
    hosted,
    cacheResponses: false,
  });

describe('a hosted App Search engine gets only the parameters its reference documents', () => {
  it('keeps the adapter’s lists to the documented ones', () => {
    expect(APP_SEARCH_PARAMETERS['search.json'].every((name) => DOCUMENTED_PARAMETERS.search!.includes(name))).toBe(
      true,
    );
    expect([...APP_SEARCH_PARAMETERS['query_suggestion.json']].sort()).toEqual(['query', 'size', 'types']);
    expect([...APP_SEARCH_PARAMETERS['click.json']].sort()).toEqual([...DOCUMENTED_PARAMETERS.click!].sort());
  });

  it('searches with the documented body and reads the documented answer', async () => {
    const before = standIn.requests.length;
    const response = await hostedClient(true).search('goggles', SEARCH_OPTIONS);
    const [request] = standIn.requests.slice(before);
    expect(request).toMatchObject({
      method: 'POST',
      path: `/api/as/v1/engines/${ENGINE}/search.json`,
      authorization: `Bearer ${SEARCH_KEY}`,
      contentType: 'application/json',
      body: { query: 'goggles', ...SEARCH_OPTIONS },
    });
    expect(response).toEqual(SEARCH_RESPONSE);
  });

  it('sends several searches in one multi_search, each a documented search body', async () => {
    const before = standIn.requests.length;
    const responses = await hostedClient(true).multiSearch([
      { query: 'helmet', options: SEARCH_OPTIONS },
      { query: 'helmet', options: { page: { size: 4 } } },
    ]);
    expect(standIn.requests[before]!.body).toEqual({
      queries: [
        { query: 'helmet', ...SEARCH_OPTIONS },
        { query: 'helmet', page: { size: 4 } },
      ],
    });
    expect(responses).toEqual(MULTI_SEARCH_RESPONSE);
  });

  it('asks for suggestions with query, types and size only: our `filters` extension is left out', async () => {
    const before = standIn.requests.length;
    const response = await hostedClient(true).querySuggestion('car', {
      size: 4,
      types: { documents: { fields: ['title', 'category'] } },
      filters: scope,
    });
    expect(standIn.requests[before]).toMatchObject({
      path: `/api/as/v1/engines/${ENGINE}/query_suggestion.json`,
      body: { query: 'car', size: 4, types: { documents: { fields: ['title', 'category'] } } },
    });
    expect(standIn.requests[before]!.body).not.toHaveProperty('filters');
    expect(response).toEqual(QUERY_SUGGESTION_RESPONSE);
  });

  it('records a click with the documented fields', async () => {
    const before = standIn.requests.length;
    await hostedClient(true).click({
      query: 'everglade',
      documentId: 'park_zion',
      requestId: 'e4c4dea0bd7ad3d2f676575ef16dc7d2',
      tags: ['en-us'],
      source: 'results',
    });
    expect(standIn.requests[before]!.body).toEqual({
      query: 'everglade',
      document_id: 'park_zion',
      request_id: 'e4c4dea0bd7ad3d2f676575ef16dc7d2',
      tags: ['en-us', 'results'],
    });
  });

  it('is needed: the stand-in refuses what the reference does not document, as App Search does', async () => {
    const embeddedStyle = hostedClient(false);
    const failure = await embeddedStyle.querySuggestion('car', { filters: scope }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SearchClientError);
    expect((failure as Error).message).toBe('[400] Options contains invalid key: filters');
  });
});

describe('the embedded engine answers the same requests', () => {
  it('answers every request the hosted engine was sent', async () => {
    const engine = createSearchEngine({ name: ENGINE });
    engine.replaceAll(TEST_DOCUMENTS);
    const api = createSearchApi({
      engine,
      searchKey: SEARCH_KEY,
      clicks: { record: async () => {} },
      logger: { error() {} },
    });
    const sent = standIn.requests.filter((request) => request.path.startsWith(`/api/as/v1/engines/${ENGINE}/`));
    expect(sent.map((request) => request.path.split('/').at(-1))).toEqual(
      expect.arrayContaining(['search.json', 'multi_search.json', 'query_suggestion.json', 'click.json']),
    );
    for (const request of sent) {
      const response = await api.handle(
        new Request(`http://search.local/api/search${request.path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${SEARCH_KEY}`, 'content-type': 'application/json' },
          body: JSON.stringify(request.body),
        }),
      );
      expect(response.status, `${request.path} ${JSON.stringify(request.body)}`).toBe(200);
    }
  });
});
