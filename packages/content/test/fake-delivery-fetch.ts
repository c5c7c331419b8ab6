import type { FetchLike } from '../src/client/delivery-transport';

/** Test support for the client's tests: a delivery API in memory that records every request. */

export const TEST_BASE_URL = 'https://cdn.example.test/v3';

export interface RecordedRequest {
  method: string;
  /** The path under the base URL, e.g. `/content_types/header/entries`, without the query. */
  path: string;
  /** The query string as sent, decoded pair by pair in order (`['include[]', 'main_nav']`). */
  query: Array<[string, string]>;
  headers: Record<string, string>;
  /**
   * The query string read back as the API reads it: `include[]=a` → `include: ['a']`,
   * `only[BASE][]=title` → `only: { BASE: ['title'] }`, `query` parsed from its JSON, `true` and
   * `false` as booleans and whole numbers as numbers.
   */
  params: Record<string, unknown>;
  /** The request body's text: a delivery read has none. */
  body: string;
  signal: AbortSignal;
}

function scalar(value: string): unknown {
  if (value === 'true' || value === 'false') return value === 'true';
  return /^\d{1,15}$/.test(value) ? Number(value) : value;
}

/** Reads a delivery query string back into parameters (see `RecordedRequest.params`). */
export function decodeDeliveryQuery(query: Array<[string, string]>): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const [key, value] of query) {
    const nested = /^([^[\]]+)\[([^[\]]+)\]\[\]$/.exec(key);
    const listed = /^([^[\]]+)\[\]$/.exec(key);
    if (nested) {
      const [, name = '', sub = ''] = nested;
      const record = (params[name] ??= {}) as Record<string, string[]>;
      (record[sub] ??= []).push(value);
    } else if (listed) {
      const [, name = ''] = listed;
      ((params[name] ??= []) as string[]).push(value);
    } else if (key === 'query') {
      params[key] = JSON.parse(value) as unknown;
    } else {
      params[key] = scalar(value);
    }
  }
  return params;
}

export function fakeDeliveryFetch(answer: (request: RecordedRequest) => Response | Promise<Response>) {
  const requests: RecordedRequest[] = [];
  // Goes through `new Request` like the in-process fetch the server passes, so the headers
  // and body are what a real handler would see.
  const fetch: FetchLike = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const query = [...url.searchParams];
    const recorded: RecordedRequest = {
      method: request.method,
      path: url.pathname.slice(new URL(TEST_BASE_URL).pathname.length),
      query,
      headers: Object.fromEntries(request.headers),
      params: decodeDeliveryQuery(query),
      body: await request.text(),
      signal: init.signal ?? request.signal,
    };
    requests.push(recorded);
    return answer(recorded);
  };
  return { fetch, requests };
}

export function jsonResponse(body: unknown, status = 200, statusText = 'OK'): Response {
  return new Response(JSON.stringify(body), { status, statusText, headers: { 'content-type': 'application/json' } });
}
