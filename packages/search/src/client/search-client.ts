import type {
  QuerySuggestionRequest,
  QuerySuggestionResponse,
  SearchRequest,
  SearchResponse,
} from '../app-search-types';
import { HttpError, createHttpClient } from '@piste/core';
import { ResponseCache } from './response-cache';

/**
 * The site-search client (spec §7 'Site search'): Elastic App Search's search, multi_search,
 * query_suggestion and click calls against the embedded engine or a hosted App Search host,
 * chosen by configuration only. Browser-safe, and used by SSR with an in-process fetch.
 */
export interface SearchClientOptions {
  /** A hosted App Search deployment's host identifier (`host-2376rb`). */
  hostIdentifier?: string;
  /** The API's root ending in `/api/as/v1`, absolute or relative to the page; wins over hostIdentifier. */
  endpointBase?: string;
  /** The public, read-only search key sent as a bearer token. */
  searchKey: string;
  /**
   * A hosted App Search engine: each request carries only the parameters App Search documents
   * for its endpoint (our extensions, such as `filters` on query_suggestion, are left out, as
   * App Search refuses what it does not know). True by default with a hostIdentifier; the
   * embedded engine (the default with an endpointBase) takes every parameter.
   */
  hosted?: boolean;
  engineName: string;
  /** Reuse answers to identical search, multi_search and query_suggestion calls (spec §9: on by default). */
  cacheResponses?: boolean;
  maxCachedResponses?: number;
  /** How long a cached answer is reused, so a page left open still sees stock and price changes. */
  cacheTtlMs?: number;
  /** Give up on a call that has not answered by then (none by default: a browser's call is the shopper's to wait for). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export type SearchOptions = Omit<SearchRequest, 'query'>;
export type QuerySuggestionOptions = Omit<QuerySuggestionRequest, 'query'>;

export interface ClickParams {
  query: string;
  documentId: string;
  requestId?: string;
  tags?: string[];
  /** Where the shopper clicked; spec §7: "Click tags gain 'results' or 'autocomplete'". */
  source: 'results' | 'autocomplete';
}

/** spec §8 'Search client failure': "Error '[status] messages' from the response errors"; status 0 when nothing answered. */
export class SearchClientError extends Error {
  constructor(
    readonly status: number,
    readonly errors: string[],
  ) {
    super(`[${status}] ${errors.join(', ')}`);
    this.name = 'SearchClientError';
  }
}

const DEFAULT_MAX_CACHED_RESPONSES = 100;
const DEFAULT_CACHE_TTL_MS = 5 * 60_000;
/** A host identifier becomes a host name, so it may only hold what a DNS label holds. */
const HOST_IDENTIFIER = /^[A-Za-z0-9-]{1,63}$/;

function apiBase({ hostIdentifier, endpointBase }: SearchClientOptions): string {
  if (endpointBase) return endpointBase.replace(/\/+$/, '');
  if (!HOST_IDENTIFIER.test(hostIdentifier!)) throw new Error('hostIdentifier must be letters, digits and dashes');
  return `https://${hostIdentifier}.api.swiftype.com/api/as/v1`;
}

/**
 * The request parameters Elastic's App Search API reference documents per endpoint:
 * search.html ('Search API'), multi-search.html, query-suggestion.html and clickthrough.html
 * (https://www.elastic.co/guide/en/app-search/current/). A hosted engine gets no other.
 */
export const APP_SEARCH_PARAMETERS = {
  'search.json': [
    'query',
    'page',
    'filters',
    'facets',
    'sort',
    'search_fields',
    'result_fields',
    'boosts',
    'group',
    'precision',
    'analytics',
    'record_analytics',
  ],
  'query_suggestion.json': ['query', 'types', 'size'],
  'click.json': ['query', 'document_id', 'request_id', 'tags'],
} as const satisfies Record<string, readonly string[]>;

function only(body: Record<string, unknown>, names: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(body).filter(([name, value]) => names.includes(name) && value !== undefined),
  );
}

/** The body a hosted App Search engine accepts for `path`: documented parameters only. */
export function documentedBody(path: string, body: Record<string, unknown>): Record<string, unknown> {
  if (path === 'multi_search.json') {
    const queries = (body.queries as Record<string, unknown>[]).map((query) =>
      only(query, APP_SEARCH_PARAMETERS['search.json']),
    );
    return { queries };
  }
  return only(body, APP_SEARCH_PARAMETERS[path as keyof typeof APP_SEARCH_PARAMETERS]);
}

/** The messages of an App Search error body: `{ errors: [...] }`, or `{ error: '...' }` from some hosted answers. */
function errorsOf(body: unknown, status: number, statusText: string): string[] {
  if (typeof body === 'object' && body !== null) {
    const { errors, error } = body as { errors?: unknown; error?: unknown };
    if (Array.isArray(errors) && errors.length > 0) return errors.map(String);
    if (typeof error === 'string' && error !== '') return [error];
  }
  return [statusText || `Request failed with status ${status}`];
}

export function createSearchClient(options: SearchClientOptions) {
  const { searchKey, engineName, cacheResponses = true } = options;
  const hosted = options.hosted ?? (options.hostIdentifier !== undefined && !options.endpointBase);
  if (!(options.hostIdentifier || options.endpointBase) || !engineName) {
    throw new Error('hostIdentifier or endpointBase, and engineName are required');
  }
  // Spec §7 'Other': the generic HTTP client, at the engine's URL. Searches are POSTs, so they
  // are not retried (its default for a mutating method); a failure shows at once.
  const http = createHttpClient({
    baseUrl: `${apiBase(options)}/engines/${encodeURIComponent(engineName)}`,
    fetch: options.fetch,
    headers: { authorization: `Bearer ${searchKey}` },
    timeoutMs: options.timeoutMs,
  });
  const cache = new ResponseCache<unknown>(
    options.maxCachedResponses ?? DEFAULT_MAX_CACHED_RESPONSES,
    options.cacheTtlMs ?? DEFAULT_CACHE_TTL_MS,
  );

  /**
   * The engine's parsed answer. An error answer rejects with '[status] messages' from its
   * errors; no answer (network, timeout) with status 0 and the client's message (spec §8).
   */
  async function post(path: string, request: Record<string, unknown>): Promise<unknown> {
    const body = hosted ? documentedBody(path, request) : request;
    let answer;
    try {
      // The key authorises calls; cookies never do, so none are sent (nor usable for CSRF).
      answer = await http.request(`/${path}`, { method: 'POST', json: body, credentials: 'omit' });
    } catch (error) {
      if (error instanceof HttpError && error.kind === 'status') {
        const { data, status, statusText } = error.response!;
        throw new SearchClientError(status, errorsOf(data, status, statusText));
      }
      throw new SearchClientError(0, [error instanceof Error && error.message ? error.message : 'Network Error']);
    }
    if (answer.data === undefined && answer.text !== '') {
      throw new SearchClientError(answer.status, ['The response is not valid JSON']);
    }
    return answer.data;
  }

  /** Answers identical calls from the cache; each caller gets its own copy, free to change. */
  async function cachedPost<T>(path: string, request: Record<string, unknown>): Promise<T> {
    if (!cacheResponses) return (await post(path, request)) as T;
    const key = `${path} ${JSON.stringify(hosted ? documentedBody(path, request) : request)}`;
    return structuredClone(await cache.getOrLoad(key, () => post(path, request))) as T;
  }

  return {
    search(query: string, searchOptions: SearchOptions = {}): Promise<SearchResponse> {
      return cachedPost('search.json', { query, ...searchOptions });
    },

    /** Several searches in one call (App Search allows 10); answers come back in the same order. */
    multiSearch(queries: { query: string; options?: SearchOptions }[]): Promise<SearchResponse[]> {
      return cachedPost('multi_search.json', { queries: queries.map(({ query, options }) => ({ query, ...options })) });
    },

    querySuggestion(query: string, suggestionOptions: QuerySuggestionOptions = {}): Promise<QuerySuggestionResponse> {
      return cachedPost('query_suggestion.json', { query, ...suggestionOptions });
    },

    /** Records a click on a result or suggestion; never cached, as each one counts. */
    async click({ query, documentId, requestId, tags = [], source }: ClickParams): Promise<void> {
      await post('click.json', { query, document_id: documentId, request_id: requestId, tags: [...tags, source] });
    },

    clearCache(): void {
      cache.clear();
    },
  };
}

export type SearchClient = ReturnType<typeof createSearchClient>;
