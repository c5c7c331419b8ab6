import { describe, expect, it, vi } from 'vitest';
import { createSearchClient, SearchClientError, type SearchClientOptions } from './search-client';

interface Call {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
  credentials: RequestInit['credentials'];
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fetch that records each call and answers with `answer(call)` (by default a search response echoing the body). */
function fakeFetch(answer: (call: Call) => Response | Promise<Response> = (call) => json(200, { echo: call.body })) {
  const calls: Call[] = [];
  const fetchSpy = vi.fn(async (input: Parameters<typeof globalThis.fetch>[0], init?: RequestInit) => {
    const call: Call = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      credentials: init?.credentials,
    };
    calls.push(call);
    return answer(call);
  });
  return { fetch: fetchSpy as unknown as typeof globalThis.fetch, calls };
}

function client(options: Partial<SearchClientOptions> = {}, answer?: Parameters<typeof fakeFetch>[0]) {
  const fake = fakeFetch(answer);
  const search = createSearchClient({
    endpointBase: '/api/search/api/as/v1',
    searchKey: 'search-key',
    engineName: 'piste',
    fetch: fake.fetch,
    ...options,
  });
  return { search, calls: fake.calls };
}

describe('createSearchClient', () => {
  it('requires an engine name and a host identifier or endpoint base (spec §5, §8)', () => {
    const message = 'hostIdentifier or endpointBase, and engineName are required';
    expect(() => createSearchClient({ searchKey: 'k', engineName: 'piste' })).toThrow(message);
    expect(() => createSearchClient({ searchKey: 'k', engineName: '', hostIdentifier: 'host-1' })).toThrow(message);
    expect(() => createSearchClient({ searchKey: 'k', engineName: 'piste', endpointBase: '' })).toThrow(message);
  });

  it('refuses a host identifier that is not a host name label', () => {
    expect(() =>
      createSearchClient({ searchKey: 'k', engineName: 'piste', hostIdentifier: 'evil.example/x?' }),
    ).toThrow('hostIdentifier must be letters, digits and dashes');
  });

  it('builds the hosted App Search URL from a host identifier', async () => {
    const { search, calls } = client({ endpointBase: undefined, hostIdentifier: 'host-2376rb' });
    await search.search('goggles');
    expect(calls[0]!.url).toBe('https://host-2376rb.api.swiftype.com/api/as/v1/engines/piste/search.json');
  });

  it('sends a hosted engine only documented parameters: no suggestion filters (hosted-app-search.test.ts)', async () => {
    const filters = { all: [{ locale: 'de' }] };
    const byHost = client({ endpointBase: undefined, hostIdentifier: 'host-2376rb' });
    await byHost.search.querySuggestion('gog', { size: 5, filters });
    expect(byHost.calls[0]!.body).toEqual({ query: 'gog', size: 5 });
    const byEndpoint = client({ endpointBase: 'https://x.example/api/as/v1', hosted: true });
    await byEndpoint.search.search('gog', { filters, unknown: 1 } as never);
    expect(byEndpoint.calls[0]!.body).toEqual({ query: 'gog', filters });
    const embedded = client();
    await embedded.search.querySuggestion('gog', { size: 5, filters });
    expect(embedded.calls[0]!.body).toEqual({ query: 'gog', size: 5, filters });
  });

  it('uses an endpoint base as given, absolute or relative, with or without a trailing slash', async () => {
    for (const [endpointBase, expected] of [
      ['https://x.example/api/as/v1', 'https://x.example/api/as/v1/engines/piste/search.json'],
      ['https://x.example/api/as/v1/', 'https://x.example/api/as/v1/engines/piste/search.json'],
      ['/api/search/api/as/v1', '/api/search/api/as/v1/engines/piste/search.json'],
    ] as const) {
      const { search, calls } = client({ endpointBase, hostIdentifier: 'ignored' });
      await search.search('goggles');
      expect(calls[0]!.url).toBe(expected);
    }
  });

  it('escapes the engine name in the path', async () => {
    const { search, calls } = client({ engineName: 'a/b' });
    await search.search('x');
    expect(calls[0]!.url).toBe('/api/search/api/as/v1/engines/a%2Fb/search.json');
  });
});

describe('search client calls', () => {
  it('POSTs a search as JSON with the bearer key and no cookies', async () => {
    const { search, calls } = client();
    const options = {
      page: { size: 20, current: 2 },
      filters: { all: [{ locale: 'de' }] },
      facets: { category: { type: 'value' as const } },
    };
    const response = await search.search('brille', options);
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call!.method).toBe('POST');
    expect(call!.headers.get('authorization')).toBe('Bearer search-key');
    expect(call!.headers.get('content-type')).toBe('application/json');
    expect(call!.credentials).toBe('omit');
    expect(call!.body).toEqual({ query: 'brille', ...options });
    expect(response).toEqual({ echo: { query: 'brille', ...options } });
  });

  it('sends several searches in one multi_search call', async () => {
    const { search, calls } = client({}, () => json(200, [{ results: [] }, { results: [] }]));
    const responses = await search.multiSearch([
      { query: 'helmet', options: { page: { size: 4 } } },
      { query: 'helmet' },
    ]);
    expect(calls[0]!.url).toBe('/api/search/api/as/v1/engines/piste/multi_search.json');
    expect(calls[0]!.body).toEqual({ queries: [{ query: 'helmet', page: { size: 4 } }, { query: 'helmet' }] });
    expect(responses).toHaveLength(2);
  });

  it('asks for query suggestions', async () => {
    const { search, calls } = client();
    await search.querySuggestion('gog', { size: 5, types: { documents: { fields: ['title'] } } });
    expect(calls[0]!.url).toBe('/api/search/api/as/v1/engines/piste/query_suggestion.json');
    expect(calls[0]!.body).toEqual({ query: 'gog', size: 5, types: { documents: { fields: ['title'] } } });
  });

  it('records a click with document_id, request_id, and its source appended to the tags (spec §7)', async () => {
    const { search, calls } = client({}, () => json(200, {}));
    await search.click({
      query: 'gog',
      documentId: 'product-a-en-us',
      requestId: 'r1',
      tags: ['en-us'],
      source: 'results',
    });
    await search.click({ query: 'gog', documentId: 'product-a-en-us', source: 'autocomplete' });
    expect(calls.map((call) => [call.url, call.body])).toEqual([
      [
        '/api/search/api/as/v1/engines/piste/click.json',
        { query: 'gog', document_id: 'product-a-en-us', request_id: 'r1', tags: ['en-us', 'results'] },
      ],
      [
        '/api/search/api/as/v1/engines/piste/click.json',
        { query: 'gog', document_id: 'product-a-en-us', tags: ['autocomplete'] },
      ],
    ]);
  });

  it('accepts a click answered with an empty body', async () => {
    const { search } = client({}, () => new Response(null, { status: 200 }));
    await expect(search.click({ query: 'q', documentId: 'd', source: 'results' })).resolves.toBeUndefined();
  });
});

describe('search client failures (spec §8)', () => {
  it("turns an error answer into '[status] messages' from its errors", async () => {
    const { search } = client({}, () => json(401, { errors: ['Invalid credentials'] }));
    const failure = await search.search('x').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SearchClientError);
    expect(failure).toMatchObject({
      message: '[401] Invalid credentials',
      status: 401,
      errors: ['Invalid credentials'],
    });
  });

  it('joins several errors with commas', async () => {
    const { search } = client({}, () => json(400, { errors: ['Page size must be at most 1000', 'Unknown field'] }));
    await expect(search.search('x')).rejects.toThrow('[400] Page size must be at most 1000, Unknown field');
  });

  it("reads a hosted engine's single `error`, and falls back to the status text", async () => {
    const { search } = client({}, () => json(401, { error: 'You need to sign in or sign up before continuing.' }));
    await expect(search.search('x')).rejects.toThrow('[401] You need to sign in or sign up before continuing.');
    const proxy = client(
      {},
      () => new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    );
    await expect(proxy.search.search('x')).rejects.toThrow('[502] Bad Gateway');
    const bare = client({}, () => new Response(null, { status: 503 }));
    await expect(bare.search.search('x')).rejects.toThrow('[503] Request failed with status 503');
  });

  it('fails with status 0 when nothing answers', async () => {
    const { search } = client({}, () => Promise.reject(new TypeError('fetch failed')));
    const failure = await search.search('x').catch((error: unknown) => error);
    // Spec §8 'Generic HTTP client failures': the client's "Network Error".
    expect(failure).toMatchObject({ message: '[0] Network Error', status: 0 });
  });

  it('gives up on an engine that does not answer within timeoutMs, with status 0', async () => {
    const { search } = client({ timeoutMs: 20 }, () => new Promise<Response>(() => {}));
    const failure = await search.search('x').catch((error: unknown) => error);
    expect(failure).toMatchObject({ message: '[0] timeout of 20ms exceeded', status: 0 });
  });

  it('gives up on an answer whose body does not arrive within timeoutMs', async () => {
    const stalled = new ReadableStream({ start: () => {} });
    const { search } = client({ timeoutMs: 20 }, () => new Response(stalled, { status: 200 }));
    await expect(search.search('x')).rejects.toThrow('[0] timeout of 20ms exceeded');
  });

  it('fails on a successful answer that is not JSON', async () => {
    const { search } = client({}, () => new Response('not json', { status: 200 }));
    await expect(search.search('x')).rejects.toThrow('[200] The response is not valid JSON');
  });

  it('fails clicks too', async () => {
    const { search } = client({}, () => json(400, { errors: ['Query is required'] }));
    await expect(search.click({ query: '', documentId: 'd', source: 'results' })).rejects.toThrow(
      '[400] Query is required',
    );
  });
});

describe('search response caching (spec §9: on by default)', () => {
  it('answers an identical search, multi_search or suggestion from the cache', async () => {
    const { search, calls } = client();
    await search.search('goggles', { page: { size: 10 } });
    await search.search('goggles', { page: { size: 10 } });
    await search.multiSearch([{ query: 'a' }]);
    await search.multiSearch([{ query: 'a' }]);
    await search.querySuggestion('go');
    await search.querySuggestion('go');
    expect(calls).toHaveLength(3);
    // A different body is a different call.
    await search.search('goggles', { page: { size: 20 } });
    await search.querySuggestion('go', { size: 3 });
    expect(calls).toHaveLength(5);
  });

  it('keys the cache by method as well as body', async () => {
    const { search, calls } = client();
    await search.search('goggles');
    await search.querySuggestion('goggles');
    expect(calls.map((call) => call.url.split('/').pop())).toEqual(['search.json', 'query_suggestion.json']);
  });

  it('shares one fetch between identical calls in flight', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { search, calls } = client({}, async (call) => {
      await gate;
      return json(200, { echo: call.body });
    });
    const both = Promise.all([search.search('helmet'), search.search('helmet')]);
    release();
    const [first, second] = await both;
    expect(calls).toHaveLength(1);
    expect(first).toEqual(second);
  });

  it('hands each caller its own copy', async () => {
    const { search } = client();
    const first = (await search.search('helmet')) as unknown as { echo: { query: string } };
    first.echo.query = 'changed';
    expect(await search.search('helmet')).toEqual({ echo: { query: 'helmet' } });
  });

  it('never caches a failure', async () => {
    let fail = true;
    const { search, calls } = client({}, (call) =>
      fail ? json(500, { errors: ['Internal server error'] }) : json(200, call.body),
    );
    await expect(search.search('x')).rejects.toThrow('[500] Internal server error');
    fail = false;
    await expect(search.search('x')).resolves.toEqual({ query: 'x' });
    expect(calls).toHaveLength(2);
  });

  it('never caches clicks', async () => {
    const { search, calls } = client({}, () => json(200, {}));
    const click = { query: 'q', documentId: 'd', source: 'results' as const };
    await search.click(click);
    await search.click(click);
    expect(calls).toHaveLength(2);
  });

  it('keeps at most maxCachedResponses answers, forgetting the least recently used', async () => {
    const { search, calls } = client({ maxCachedResponses: 2 });
    await search.search('a');
    await search.search('b');
    await search.search('a'); // cached; now the most recently used
    await search.search('c'); // evicts b
    await search.search('a');
    expect(calls).toHaveLength(3);
    await search.search('b');
    expect(calls).toHaveLength(4);
  });

  it('forgets answers after cacheTtlMs', async () => {
    vi.useFakeTimers();
    try {
      const { search, calls } = client({ cacheTtlMs: 1_000 });
      await search.search('a');
      vi.advanceTimersByTime(999);
      await search.search('a');
      expect(calls).toHaveLength(1);
      vi.advanceTimersByTime(1);
      await search.search('a');
      expect(calls).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('can be turned off, and cleared', async () => {
    const off = client({ cacheResponses: false });
    await off.search.search('a');
    await off.search.search('a');
    expect(off.calls).toHaveLength(2);

    const on = client();
    await on.search.search('a');
    on.search.clearCache();
    await on.search.search('a');
    expect(on.calls).toHaveLength(2);
  });
});
