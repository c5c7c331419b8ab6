import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContentServiceError } from './content-service-error';
import { createDeliveryTransport, type DeliveryTransportOptions } from './delivery-transport';
import { TEST_BASE_URL, fakeDeliveryFetch, jsonResponse } from '../../test/fake-delivery-fetch';
import { CachePolicy } from './response-cache';

function spyLogger() {
  return { warn: vi.fn(), error: vi.fn() };
}

function transportWith(fetch: DeliveryTransportOptions['fetch'], options: Partial<DeliveryTransportOptions> = {}) {
  return createDeliveryTransport({
    baseUrl: TEST_BASE_URL,
    apiKey: 'stack-key',
    deliveryToken: 'delivery-token',
    environment: 'production',
    fetch,
    retryDelayMs: 0,
    logger: spyLogger(),
    ...options,
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('createDeliveryTransport requests', () => {
  it('GETs with the stack headers and the environment and params in the query string', async () => {
    const api = fakeDeliveryFetch(() => jsonResponse({ entries: [] }));
    const transport = transportWith(api.fetch, { baseUrl: `${TEST_BASE_URL}/`, branch: 'preview' });

    await transport.get('/content_types/header/entries', { locale: 'de-de', include_fallback: true });

    expect(api.requests).toHaveLength(1);
    const [request] = api.requests;
    expect(request?.method).toBe('GET');
    expect(request?.path).toBe('/content_types/header/entries');
    expect(request?.headers).toMatchObject({
      api_key: 'stack-key',
      access_token: 'delivery-token',
      branch: 'preview',
    });
    expect(request?.headers).not.toHaveProperty('x-http-method-override');
    expect(request?.body).toBe('');
    expect(request?.query).toEqual([
      ['environment', 'production'],
      ['locale', 'de-de'],
      ['include_fallback', 'true'],
    ]);
  });

  it('sends no branch header unless one is configured', async () => {
    const api = fakeDeliveryFetch(() => jsonResponse({ entries: [] }));
    await transportWith(api.fetch).get('/content_types');
    expect(api.requests[0]?.headers).not.toHaveProperty('branch');
    expect(api.requests[0]?.params).toEqual({ environment: 'production' });
  });

  it('writes lists with brackets, projections by path and the query as JSON', async () => {
    const api = fakeDeliveryFetch(() => jsonResponse({ entries: [] }));
    await transportWith(api.fetch).get('/content_types/blog/entries', {
      query: { uid: { $in: ['a', 'b'] } },
      include: ['author', 'related'],
      only: { BASE: ['title', 'url'] },
      asc: undefined,
      limit: 100,
    });
    expect(api.requests[0]?.query).toEqual([
      ['environment', 'production'],
      ['query', '{"uid":{"$in":["a","b"]}}'],
      ['include[]', 'author'],
      ['include[]', 'related'],
      ['only[BASE][]', 'title'],
      ['only[BASE][]', 'url'],
      ['limit', '100'],
    ]);
  });
});

describe('createDeliveryTransport errors (spec §8)', () => {
  it('rejects a non-200 answer with the error body, status and status text', async () => {
    const api = fakeDeliveryFetch(() =>
      jsonResponse(
        { error_message: "The requested entry doesn't exist.", error_code: 141, errors: { uid: ['is not valid.'] } },
        404,
        'Not Found',
      ),
    );
    const error = await transportWith(api.fetch)
      .get('/content_types/product/entries/missing')
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ContentServiceError);
    expect(error).toMatchObject({
      error_message: "The requested entry doesn't exist.",
      error_code: 141,
      errors: { uid: ['is not valid.'] },
      status: 404,
      statusText: 'Not Found',
      message: "The requested entry doesn't exist.",
    });
  });

  it('takes the message from the status text when the error body is not JSON', async () => {
    const api = fakeDeliveryFetch(
      () => new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    );
    const error = await transportWith(api.fetch)
      .get('/content_types')
      .catch((caught: unknown) => caught);

    expect(error).toMatchObject({
      error_message: 'Bad Gateway',
      error_code: null,
      errors: {},
      status: 502,
      statusText: 'Bad Gateway',
    });
  });

  it('rejects a 200 answer whose body is not JSON', async () => {
    const api = fakeDeliveryFetch(() => new Response('<html>maintenance</html>', { status: 200 }));
    await expect(transportWith(api.fetch).get('/content_types')).rejects.toBeInstanceOf(SyntaxError);
  });

  it('rejects a network failure with the raw error', async () => {
    const failure = new TypeError('fetch failed');
    const transport = transportWith(() => Promise.reject(failure));
    await expect(transport.get('/content_types')).rejects.toBe(failure);
  });
});

describe('createDeliveryTransport retries (spec §9: on 408 and 429, up to 5 times, 300 ms apart)', () => {
  it.each([408, 429])('retries %i five times, then rejects with the last answer', async (status) => {
    const api = fakeDeliveryFetch(() => jsonResponse({ error_message: 'Slow down', error_code: 0 }, status));
    await expect(transportWith(api.fetch).get('/content_types')).rejects.toMatchObject({ status });
    expect(api.requests).toHaveLength(6);
  });

  it('answers with the first success after a retry', async () => {
    let calls = 0;
    const api = fakeDeliveryFetch(() => (++calls < 3 ? jsonResponse({}, 429) : jsonResponse({ content_types: [] })));
    await expect(transportWith(api.fetch).get('/content_types')).resolves.toEqual({ content_types: [] });
    expect(api.requests).toHaveLength(3);
  });

  it.each([500, 401, 422])('does not retry %i', async (status) => {
    const api = fakeDeliveryFetch(() => jsonResponse({ error_message: 'No', error_code: 1 }, status));
    await expect(transportWith(api.fetch).get('/content_types')).rejects.toMatchObject({ status });
    expect(api.requests).toHaveLength(1);
  });

  it('waits the retry delay between attempts', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const api = fakeDeliveryFetch(() => (++calls === 1 ? jsonResponse({}, 408) : jsonResponse({ ok: true })));
    const answer = createDeliveryTransport({
      baseUrl: TEST_BASE_URL,
      apiKey: 'stack-key',
      deliveryToken: 'delivery-token',
      environment: 'production',
      fetch: api.fetch,
      logger: spyLogger(),
    }).get('/content_types');

    await vi.advanceTimersByTimeAsync(299);
    expect(api.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(answer).resolves.toEqual({ ok: true });
    expect(api.requests).toHaveLength(2);
  });
});

describe('createDeliveryTransport timeout (spec §9: 30000 ms)', () => {
  it('aborts a request that takes longer than the timeout, even when the fetch ignores the signal', async () => {
    vi.useFakeTimers();
    const api = fakeDeliveryFetch(() => new Promise<Response>(() => {}));
    const answer = transportWith(api.fetch).get('/content_types');
    const settled = answer.catch((caught: unknown) => caught);

    await vi.advanceTimersByTimeAsync(29_999);
    expect(api.requests[0]?.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);

    expect(await settled).toMatchObject({ kind: 'timeout', message: 'timeout of 30000ms exceeded' });
    expect(api.requests[0]?.signal.aborted).toBe(true);
    expect(api.requests).toHaveLength(1);
  });
});

describe('createDeliveryTransport failing fast while the service does not answer', () => {
  it('rejects the reads after a timeout at once with the same error, then tries again after failFastMs', async () => {
    vi.useFakeTimers();
    let hung = true;
    const api = fakeDeliveryFetch(() => (hung ? new Promise<Response>(() => {}) : jsonResponse({ ok: true })));
    const transport = transportWith(api.fetch, { timeoutMs: 1_000, failFastMs: 5_000 });
    const first = transport.get('/content_types').catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(1_000);
    const timeout = await first;
    expect(timeout).toMatchObject({ kind: 'timeout' });

    // A page's next reads do not wait another timeout each.
    await expect(transport.get('/content_types/header/entries')).rejects.toBe(timeout);
    expect(api.requests).toHaveLength(1);

    hung = false;
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(transport.get('/content_types')).resolves.toEqual({ ok: true });
    expect(api.requests).toHaveLength(2);
  });

  it('keeps sending after an error answer: the service is there, it said no', async () => {
    const api = fakeDeliveryFetch(() => jsonResponse({ error_message: 'No', error_code: 1 }, 500));
    const transport = transportWith(api.fetch);
    await expect(transport.get('/content_types')).rejects.toMatchObject({ status: 500 });
    await expect(transport.get('/content_types')).rejects.toMatchObject({ status: 500 });
    expect(api.requests).toHaveLength(2);
  });
});

describe('createDeliveryTransport lastUnavailableAt: when the service last failed to answer', () => {
  it('is null while every read is answered, a "not found" included', async () => {
    const api = fakeDeliveryFetch((request) =>
      request.path.endsWith('/missing')
        ? jsonResponse({ error_message: "The requested entry doesn't exist.", error_code: 141 }, 404, 'Not Found')
        : jsonResponse({ entries: [] }),
    );
    const transport = transportWith(api.fetch);
    await transport.get('/content_types/product/entries');
    await expect(transport.get('/content_types/product/entries/missing')).rejects.toMatchObject({ status: 404 });
    await expect(transportWith(() => Promise.resolve(jsonResponse({}, 422))).get('/x')).rejects.toMatchObject({
      status: 422,
    });
    expect(transport.lastUnavailableAt()).toBeNull();
  });

  it.each([
    ['a network failure', () => Promise.reject(new TypeError('fetch failed'))],
    ['a 503', () => Promise.resolve(new Response('<html>down</html>', { status: 503 }))],
    ['a 500', () => Promise.resolve(jsonResponse({ error_message: 'No', error_code: 1 }, 500))],
    ['a 429 after the last retry', () => Promise.resolve(jsonResponse({}, 429))],
    ['a 200 that is not JSON', () => Promise.resolve(new Response('<html>maintenance</html>'))],
  ])('notes the time of %s', async (_, fetch) => {
    vi.useFakeTimers({ now: 1_000_000, toFake: ['Date'] });
    const transport = transportWith(fetch);
    await expect(transport.get('/content_types')).rejects.toBeDefined();
    expect(transport.lastUnavailableAt()).toBe(1_000_000);
  });

  it('notes a timeout, and again each read failed fast after it, but not the answers once it is back', async () => {
    vi.useFakeTimers({ now: 2_000_000 });
    let hung = true;
    const api = fakeDeliveryFetch(() => (hung ? new Promise<Response>(() => {}) : jsonResponse({ ok: true })));
    const transport = transportWith(api.fetch, { timeoutMs: 1_000, failFastMs: 5_000 });
    const first = transport.get('/content_types').catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await first).toMatchObject({ kind: 'timeout' });
    expect(transport.lastUnavailableAt()).toBe(2_001_000);

    await vi.advanceTimersByTimeAsync(2_000);
    await expect(transport.get('/content_types/header/entries')).rejects.toMatchObject({ kind: 'timeout' });
    expect(transport.lastUnavailableAt()).toBe(2_003_000);

    hung = false;
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(transport.get('/content_types')).resolves.toEqual({ ok: true });
    expect(transport.lastUnavailableAt()).toBe(2_003_000);
  });
});

describe('createDeliveryTransport cache policies (spec §9)', () => {
  function countingApi() {
    let version = 0;
    return fakeDeliveryFetch(() => jsonResponse({ version: ++version }));
  }

  it('-1 ignores the cache, by default: every read goes to the network and nothing is kept', async () => {
    const api = countingApi();
    const transport = transportWith(api.fetch);
    await transport.get('/content_types');
    await transport.get('/content_types', {}, { cachePolicy: CachePolicy.IGNORE_CACHE });
    expect(await transport.get('/content_types', {}, { cachePolicy: CachePolicy.CACHE_ELSE_NETWORK })).toEqual({
      version: 3,
    });
    expect(api.requests).toHaveLength(3);
  });

  it('0 reads only the network, and keeps the answer for the other policies', async () => {
    const api = countingApi();
    const transport = transportWith(api.fetch, { cachePolicy: CachePolicy.ONLY_NETWORK });
    await transport.get('/content_types');
    expect(await transport.get('/content_types')).toEqual({ version: 2 });
    expect(await transport.get('/content_types', {}, { cachePolicy: CachePolicy.CACHE_ELSE_NETWORK })).toEqual({
      version: 2,
    });
    expect(api.requests).toHaveLength(2);
  });

  it('1 answers from the cache when it can, keyed by path and params', async () => {
    const api = countingApi();
    const transport = transportWith(api.fetch, { cachePolicy: CachePolicy.CACHE_ELSE_NETWORK });
    expect(await transport.get('/content_types/header/entries', { locale: 'en-us' })).toEqual({ version: 1 });
    expect(await transport.get('/content_types/header/entries', { locale: 'en-us' })).toEqual({ version: 1 });
    expect(await transport.get('/content_types/header/entries', { locale: 'de-de' })).toEqual({ version: 2 });
    expect(api.requests).toHaveLength(2);
  });

  it('1 does not keep failures', async () => {
    let calls = 0;
    const api = fakeDeliveryFetch(() => (++calls === 1 ? jsonResponse({}, 500) : jsonResponse({ ok: true })));
    const transport = transportWith(api.fetch, { cachePolicy: CachePolicy.CACHE_ELSE_NETWORK });
    await expect(transport.get('/content_types')).rejects.toBeInstanceOf(ContentServiceError);
    await expect(transport.get('/content_types')).resolves.toEqual({ ok: true });
  });

  it('2 reads the network, and the cache only when the network fails', async () => {
    let failing = false;
    let version = 0;
    const api = fakeDeliveryFetch(() =>
      failing ? Promise.reject(new TypeError('fetch failed')) : jsonResponse({ version: ++version }),
    );
    // Every read goes to the network here, however recently the last one failed.
    const transport = transportWith(api.fetch, { cachePolicy: CachePolicy.NETWORK_ELSE_CACHE, failFastMs: 0 });

    expect(await transport.get('/content_types')).toEqual({ version: 1 });
    expect(await transport.get('/content_types')).toEqual({ version: 2 });
    failing = true;
    expect(await transport.get('/content_types')).toEqual({ version: 2 });
    await expect(transport.get('/assets')).rejects.toThrow('fetch failed');
    expect(api.requests).toHaveLength(4);
  });

  it('3 answers from the cache at once and refreshes it in the background', async () => {
    const api = countingApi();
    const transport = transportWith(api.fetch, { cachePolicy: CachePolicy.CACHE_THEN_NETWORK });

    expect(await transport.get('/content_types')).toEqual({ version: 1 });
    expect(api.requests).toHaveLength(1);
    expect(await transport.get('/content_types')).toEqual({ version: 1 });
    await vi.waitFor(() => expect(api.requests).toHaveLength(2));
    await vi.waitFor(async () => expect(await transport.get('/content_types')).toEqual({ version: 2 }));
  });

  it('3 logs a failed background refresh and keeps serving the cached answer', async () => {
    let calls = 0;
    const api = fakeDeliveryFetch(() =>
      ++calls === 1 ? jsonResponse({ version: 1 }) : jsonResponse({}, 500, 'Server Error'),
    );
    const logger = spyLogger();
    const transport = transportWith(api.fetch, { cachePolicy: CachePolicy.CACHE_THEN_NETWORK, logger });

    await transport.get('/content_types');
    expect(await transport.get('/content_types')).toEqual({ version: 1 });
    await vi.waitFor(() =>
      expect(logger.warn).toHaveBeenCalledWith(
        '[content:cache] Background refresh failed',
        expect.any(ContentServiceError),
      ),
    );
    expect(await transport.get('/content_types')).toEqual({ version: 1 });
  });

  it('forgets answers older than the TTL', async () => {
    // Real time: the cache measures age with performance.now(), which fake timers leave alone.
    const api = countingApi();
    const transport = transportWith(api.fetch, {
      cachePolicy: CachePolicy.CACHE_ELSE_NETWORK,
      cache: { ttlMs: 40 },
    });
    await transport.get('/content_types');
    expect(await transport.get('/content_types')).toEqual({ version: 1 });
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await transport.get('/content_types')).toEqual({ version: 2 });
  });

  it('keeps at most maxEntries answers, dropping the least recently used', async () => {
    const api = countingApi();
    const transport = transportWith(api.fetch, {
      cachePolicy: CachePolicy.CACHE_ELSE_NETWORK,
      cache: { maxEntries: 2 },
    });
    await transport.get('/a');
    await transport.get('/b');
    await transport.get('/a');
    await transport.get('/c');
    expect(api.requests.map((request) => request.path)).toEqual(['/a', '/b', '/c']);
    // '/a' was read after '/b', so '/b' is the one that went.
    await transport.get('/a');
    await transport.get('/b');
    expect(api.requests.map((request) => request.path)).toEqual(['/a', '/b', '/c', '/b']);
  });
});
