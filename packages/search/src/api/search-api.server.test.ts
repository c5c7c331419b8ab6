import { describe, expect, it, vi } from 'vitest';
import type { SearchEngine } from '../engine/search-engine';
import { SearchRequestError } from '../engine/search-request-error';
import type { SearchClick } from './click-store.server';
import { createSearchApi, MAX_BODY_BYTES } from './search-api.server';

const KEY = 'search-test-key';
const BASE = 'http://search.local/api/search/api/as/v1/engines';

/** An engine that answers each call with what it was asked, so the API's own rules are what is tested. */
function stubEngine(overrides: Partial<SearchEngine> = {}): SearchEngine {
  const meta = (body: unknown) => ({ request_id: 'req-1', echo: body });
  return {
    name: 'piste',
    size: 0,
    search: vi.fn((body: unknown) => ({ meta: meta(body), results: [], facets: {} })),
    multiSearch: vi.fn((body: unknown) => [{ meta: meta(body), results: [], facets: {} }]),
    querySuggestion: vi.fn((body: unknown) => ({ meta: meta(body), results: { documents: [] } })),
    ...overrides,
  } as unknown as SearchEngine;
}

function setup(engine = stubEngine()) {
  const clicks: SearchClick[] = [];
  const logger = { error: vi.fn() };
  const api = createSearchApi({
    engine,
    searchKey: KEY,
    clicks: { record: async (click) => void clicks.push(click) },
    logger,
  });
  const call = (path: string, init: RequestInit & { key?: string | null } = {}) => {
    const { key = KEY, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (key !== null) headers.set('authorization', `Bearer ${key}`);
    return api.handle(new Request(`${BASE}/${path}`, { method: 'POST', ...rest, headers }));
  };
  return { api, call, clicks, logger, engine };
}

async function expectErrors(response: Response, status: number, errors: string[] | RegExp) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(response.headers.get('cache-control')).toBe('no-store');
  const body = (await response.json()) as { errors: string[] };
  if (Array.isArray(errors)) expect(body).toEqual({ errors });
  else expect(body.errors.join(' ')).toMatch(errors);
}

describe('search API answers', () => {
  it('answers a search as JSON, uncacheable, with its request id in a header', async () => {
    const { call, engine } = setup();
    const response = await call('piste/search.json', { body: JSON.stringify({ query: 'goggles' }) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-request-id')).toBe('req-1');
    expect(await response.json()).toMatchObject({ meta: { echo: { query: 'goggles' } } });
    expect(engine.search).toHaveBeenCalledWith({ query: 'goggles' });
  });

  it('hands multi_search and query_suggestion bodies to the engine', async () => {
    const { call, engine } = setup();
    const multi = await call('piste/multi_search.json', { body: JSON.stringify({ queries: [{ query: 'a' }] }) });
    expect(multi.status).toBe(200);
    expect(await multi.json()).toHaveLength(1);
    expect(engine.multiSearch).toHaveBeenCalledWith({ queries: [{ query: 'a' }] });
    const suggestion = await call('piste/query_suggestion.json', { body: JSON.stringify({ query: 'gog' }) });
    expect(suggestion.status).toBe(200);
    expect(suggestion.headers.get('x-request-id')).toBe('req-1');
    expect(engine.querySuggestion).toHaveBeenCalledWith({ query: 'gog' });
  });

  it('reads an empty body as an empty request, whatever the content type', async () => {
    const { call, engine } = setup();
    expect((await call('piste/search.json')).status).toBe(200);
    expect((await call('piste/search.json', { body: ' ', headers: { 'content-type': 'text/plain' } })).status).toBe(
      200,
    );
    expect(engine.search).toHaveBeenCalledWith({});
  });

  it('records a click with the engine name and answers {}', async () => {
    const { call, clicks } = setup();
    const response = await call('piste/click.json', {
      body: JSON.stringify({ query: 'gog', document_id: 'product-a-en-us', request_id: 'r1', tags: ['results'] }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({});
    expect(response.headers.get('x-request-id')).toBeNull();
    expect(clicks).toEqual([
      { engine: 'piste', query: 'gog', documentId: 'product-a-en-us', requestId: 'r1', tags: ['results'] },
    ]);
    await call('piste/click.json', { body: JSON.stringify({ query: 'gog', document_id: 'd' }) });
    expect(clicks[1]).toEqual({ engine: 'piste', query: 'gog', documentId: 'd', requestId: undefined, tags: [] });
  });

  it('finds the engine by its percent-encoded name', async () => {
    const { call } = setup(stubEngine({ name: 'piste-eu' }));
    expect((await call('piste%2Deu/search.json', { body: '{}' })).status).toBe(200);
  });
});

describe('search API refusals', () => {
  it('refuses a missing or wrong key with 401, before anything else', async () => {
    const { call } = setup();
    await expectErrors(await call('piste/search.json', { key: null }), 401, ['Invalid credentials']);
    await expectErrors(await call('piste/search.json', { key: 'search-wrong' }), 401, ['Invalid credentials']);
    await expectErrors(await call('nope/search.json', { key: `${KEY}x` }), 401, ['Invalid credentials']);
    await expectErrors(
      await call('piste/search.json', { key: null, headers: { authorization: `Basic ${KEY}` } }),
      401,
      ['Invalid credentials'],
    );
  });

  it('answers an unknown engine with 404, and an unknown call of a known one too', async () => {
    const { call } = setup();
    await expectErrors(await call('nope/search.json'), 404, ['Could not find engine.']);
    await expectErrors(await call('%E0%A4%A/search.json'), 404, ['Could not find engine.']);
    for (const path of [
      'piste',
      'piste/',
      'piste/documents',
      'piste/search.json/x',
      'piste/__proto__',
      'piste/constructor',
    ]) {
      await expectErrors(await call(path), 404, ['Not found']);
    }
  });

  it('answers other methods than POST with 405 and Allow', async () => {
    const { call } = setup();
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
      const response = await call('piste/search.json', { method });
      await expectErrors(response, 405, ['Only POST is allowed']);
      expect(response.headers.get('allow')).toBe('POST');
    }
  });

  it('answers malformed bodies with 400', async () => {
    const { call } = setup();
    await expectErrors(await call('piste/search.json', { body: '{"query": ' }), 400, [
      'Request body must be valid JSON',
    ]);
    await expectErrors(await call('piste/search.json', { body: new Uint8Array([0x7b, 0xff, 0x7d]) }), 400, [
      'Request body must be valid JSON',
    ]);
    for (const body of ['[]', '"goggles"', '42', 'null']) {
      await expectErrors(await call('piste/search.json', { body }), 400, ['Request body must be a JSON object']);
    }
  });

  it('answers a body over 64 KB with 413, whether declared or streamed', async () => {
    const { call, engine } = setup();
    const big = JSON.stringify({ query: 'x'.repeat(MAX_BODY_BYTES) });
    await expectErrors(await call('piste/search.json', { body: big }), 413, /at most 65536 bytes/);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(new Uint8Array(4096).fill(0x20));
        controller.close();
      },
    });
    await expectErrors(
      await call('piste/search.json', { body: stream, duplex: 'half' } as RequestInit),
      413,
      /at most 65536 bytes/,
    );
    expect(engine.search).not.toHaveBeenCalled();
  });

  it('answers a body that breaks off with 400', async () => {
    const { call } = setup();
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"query":'));
        controller.error(new Error('connection reset'));
      },
    });
    await expectErrors(await call('piste/search.json', { body: stream, duplex: 'half' } as RequestInit), 400, [
      'Request body could not be read',
    ]);
  });

  it("answers the engine's request errors with 400 and their messages", async () => {
    const { call } = setup(
      stubEngine({
        search: () => {
          throw new SearchRequestError(['Page size must be between 1 and 1000', 'Unknown field: colour']);
        },
      }),
    );
    await expectErrors(await call('piste/search.json', { body: '{}' }), 400, [
      'Page size must be between 1 and 1000',
      'Unknown field: colour',
    ]);
  });

  it('answers an invalid click with 400 and stores nothing', async () => {
    const { call, clicks } = setup();
    const response = await call('piste/click.json', { body: JSON.stringify({ query: 'gog' }) });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: string[] }).errors.length).toBeGreaterThan(0);
    expect(clicks).toEqual([]);
  });

  it('answers an unexpected failure with a bare 500 and logs the details', async () => {
    const failure = new Error('index corrupted at /var/secret');
    const { call, logger } = setup(
      stubEngine({
        search: () => {
          throw failure;
        },
      }),
    );
    await expectErrors(await call('piste/search.json', { body: '{}' }), 500, ['Internal server error']);
    expect(logger.error).toHaveBeenCalledWith('search API failed', failure);
  });
});
