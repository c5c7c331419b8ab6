import { describe, expect, it, vi } from 'vitest';
import {
  CDA_BASE_URL,
  CDA_HEADERS,
  CDA_KEYS,
  COUNT,
  ENTRIES,
  ENTRY,
  ENTRY_NOT_FOUND,
  SYNC_INIT,
  SYNC_PAGE,
  SYNC_SUBSEQUENT,
  type CdaExchange,
} from '../../test/contentstack/cda-exchanges';
import { contentDeliveryBaseUrl } from './content-regions';
import { createContentClient } from './content-client.server';
import { ContentServiceError } from './content-service-error';
import { syncStack } from './delivery-sync.server';
import { createDeliveryTransport, type FetchLike } from './delivery-transport';

/**
 * The content client against Contentstack's documented Content Delivery API: each read must
 * send exactly the request of an exchange written from the reference
 * (test/contentstack/cda-exchanges.ts cites the pages), and is answered with its documented
 * answer. A request no exchange holds fails the test.
 */
function replay(exchanges: readonly CdaExchange[]) {
  const unmatched: string[] = [];
  const fetch: FetchLike = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const sent = {
      method: request.method,
      origin: url.origin,
      path: url.pathname,
      query: [...url.searchParams],
      headers: Object.fromEntries(request.headers),
      body: await request.text(),
    };
    const exchange = exchanges.find(
      ({ request: expected }) =>
        sent.method === expected.method &&
        `${sent.origin}${sent.path}` === `${CDA_BASE_URL}${expected.path}` &&
        JSON.stringify(sent.query) === JSON.stringify(expected.query),
    );
    const headersRight = Object.entries(CDA_HEADERS).every(([name, value]) => sent.headers[name] === value);
    if (!exchange || !headersRight || sent.body !== '') {
      unmatched.push(JSON.stringify(sent));
      return new Response('{"error_message":"no such exchange","error_code":0,"errors":{}}', { status: 400 });
    }
    return new Response(JSON.stringify(exchange.response.body), {
      status: exchange.response.status,
      statusText: exchange.response.statusText,
      headers: { 'content-type': 'application/json' },
    });
  };
  const logger = { warn: vi.fn(), error: vi.fn() };
  const transport = createDeliveryTransport({
    baseUrl: contentDeliveryBaseUrl('us'),
    apiKey: CDA_KEYS.apiKey,
    deliveryToken: CDA_KEYS.deliveryToken,
    environment: CDA_KEYS.environment,
    branch: CDA_KEYS.branch,
    fetch,
    retryDelayMs: 0,
    logger,
  });
  return { transport, client: createContentClient({ transport, logger }), unmatched, logger };
}

describe("the content client against Contentstack's Content Delivery API reference", () => {
  it('reads the region host of spec §9 with the documented base URL', () => {
    expect(contentDeliveryBaseUrl('us')).toBe(CDA_BASE_URL);
  });

  it('gets all entries with query, include[], only[BASE][], sort, fallback and paging as documented', async () => {
    const { client, unmatched } = replay([ENTRIES]);
    const entries = await client.entries('banner', {
      locale: 'de-de',
      include: ['cta_button_global'],
      only: ['title', 'content', 'regions'],
      query: { regions: { $in: ['us'] } },
      desc: 'updated_at',
    });
    expect(unmatched).toEqual([]);
    expect(entries.map((entry) => [entry.uid, entry.locale])).toEqual([
      ['blt8f5a2e1c0d9b7a61', 'de-de'],
      ['blt2c7d9e4f1a3b5c60', 'en-us'],
    ]);
  });

  it('gets a single entry, and rejects with code 141 for one the stack does not have', async () => {
    const { client, unmatched } = replay([ENTRY, ENTRY_NOT_FOUND]);
    expect((await client.entry('banner', 'blt8f5a2e1c0d9b7a61')).title).toBe('Fresh snow');
    const missing = await client.entry('banner', 'blt0000000000000000').catch((error: unknown) => error);
    expect(unmatched).toEqual([]);
    expect(missing).toBeInstanceOf(ContentServiceError);
    expect(missing).toMatchObject({
      status: 422,
      error_code: 141,
      error_message: "The requested entry doesn't exist.",
    });
    // The service answered: a missing entry is not an outage.
    expect(client.lastUnavailableAt()).toBeNull();
  });

  it('counts with limit=1, only[BASE][]=uid and include_count', async () => {
    const { client, unmatched } = replay([COUNT]);
    expect(await client.count('banner', { query: { regions: 'us' } })).toBe(2);
    expect(unmatched).toEqual([]);
  });

  it('syncs from init through the pagination token to a sync token, then from that token', async () => {
    const { transport, unmatched } = replay([SYNC_INIT, SYNC_PAGE, SYNC_SUBSEQUENT]);
    const first = await syncStack(transport, { init: true, contentTypeUid: 'banner' });
    expect(first.syncToken).toBe('blt28937206743728463');
    expect(first.items.map((item) => item.type)).toEqual(['entry_published', 'entry_deleted']);
    const later = await syncStack(transport, { syncToken: first.syncToken });
    expect(later).toEqual({ items: [], syncToken: 'blt28937206743728463' });
    expect(unmatched).toEqual([]);
  });

  it('fails the replay when a request differs from the reference', async () => {
    const { client, unmatched } = replay([{ ...ENTRY, request: { ...ENTRY.request, query: [['locale', 'en-us']] } }]);
    await expect(client.entry('banner', 'blt8f5a2e1c0d9b7a61')).rejects.toBeInstanceOf(ContentServiceError);
    expect(unmatched).toHaveLength(1);
  });
});

describe('an unexpected answer from the hosted service (spec §8)', () => {
  const answering = (body: unknown): CdaExchange[] =>
    [ENTRIES, ENTRY, COUNT, SYNC_INIT].map((exchange) => ({ ...exchange, response: { ...exchange.response, body } }));

  it('rejects the raw reads naming the call, and degrades the named queries to empty with a log', async () => {
    const { client, transport, logger } = replay(answering({ unexpected: true }));
    await expect(
      client.entries('banner', {
        locale: 'de-de',
        include: ['cta_button_global'],
        only: ['title', 'content', 'regions'],
        query: { regions: { $in: ['us'] } },
        desc: 'updated_at',
      }),
    ).rejects.toThrow('Content service answered /content_types/banner/entries without an entries list');
    await expect(client.entry('banner', 'blt8f5a2e1c0d9b7a61')).rejects.toThrow(/without an entry/);
    await expect(syncStack(transport, { init: true, contentTypeUid: 'banner' })).rejects.toThrow(
      /without an items list/,
    );
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('answers a named query with its empty result and logs the failure', async () => {
    const logger = { warn: vi.fn(), error: vi.fn() };
    const fetch: FetchLike = () => Promise.resolve(new Response('{"entries":"not a list"}', { status: 200 }));
    const transport = createDeliveryTransport({
      baseUrl: CDA_BASE_URL,
      apiKey: CDA_KEYS.apiKey,
      deliveryToken: CDA_KEYS.deliveryToken,
      environment: CDA_KEYS.environment,
      fetch,
      logger,
    });
    const client = createContentClient({ transport, logger });
    expect(await client.regions()).toEqual([]);
    expect(await client.brandSettings('en-us', 'us')).toBeNull();
    expect(logger.error).toHaveBeenCalledWith(
      expect.stringContaining('Content request failed'),
      expect.objectContaining({ message: expect.stringContaining('without an entries list') }),
    );
  });
});
