import type { FetchLike } from '../src/client/delivery-transport';

/** Test support for the client's tests: a delivery API in memory that records every request. */

export const TEST_BASE_URL = 'https://cdn.example.test/v3';

export interface RecordedRequest {
  method: string;
  /** The path under the base URL, e.g. `/content_types/header/entries`. */
  path: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
  signal: AbortSignal;
}

export function fakeDeliveryFetch(answer: (request: RecordedRequest) => Response | Promise<Response>) {
  const requests: RecordedRequest[] = [];
  // Goes through `new Request` like the in-process fetch the server passes, so the headers
  // and body are what a real handler would see.
  const fetch: FetchLike = async (input, init) => {
    const request = new Request(input, init);
    const recorded: RecordedRequest = {
      method: request.method,
      path: input.slice(TEST_BASE_URL.length),
      headers: Object.fromEntries(request.headers),
      body: (await request.json()) as Record<string, unknown>,
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
