import { afterEach, describe, expect, it } from 'vitest';
import { errorBody } from '../../test/app-search-reference';
import { startAppSearchStandIn } from '../../test/app-search-stand-in';
import { testDocument } from '../../test/test-documents';
import type { SearchDocument } from '../search-document';
import {
  HostedIndexError,
  documentBatches,
  documentsUrl,
  indexIntoHostedEngine,
  type HostedIndexProgress,
} from './hosted-documents.server';

/**
 * Writing documents into a hosted App Search engine through its documents API (Elastic's App
 * Search API reference, documents.html 'Create or Update Documents'), replayed against a
 * loopback stand-in answering its documented shapes (test/app-search-stand-in.ts).
 */

const PRIVATE_KEY = 'private-xj7ck5f43bqq7kbquwpp9u3c';
const ENGINE = 'piste';

const documents = (count: number): SearchDocument[] =>
  Array.from({ length: count }, (_, index) =>
    testDocument({
      type: 'product',
      uid: `product-${index}`,
      locale: index % 2 ? 'de' : 'en-us',
      title: `Product ${index}`,
    }),
  );

let standIn: Awaited<ReturnType<typeof startAppSearchStandIn>> | undefined;
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

async function start(options: Partial<Parameters<typeof startAppSearchStandIn>[0]> = {}) {
  standIn = await startAppSearchStandIn({
    engine: ENGINE,
    privateKey: PRIVATE_KEY,
    searchKey: 'search-key',
    ...options,
  });
  return standIn;
}

describe('documentBatches', () => {
  it('splits in requests of at most 100 (the documented limit)', () => {
    expect(documentBatches(documents(250)).map((batch) => batch.length)).toEqual([100, 100, 50]);
    expect(documentBatches(documents(3), 2).map((batch) => batch.length)).toEqual([2, 1]);
    expect(documentBatches([])).toEqual([]);
    expect(() => documentBatches(documents(1), 101)).toThrow('batch size must be from 1 to 100');
  });

  it('builds the documents URL from SEARCH_ENDPOINT', () => {
    expect(documentsUrl('https://host-2376rb.api.swiftype.com/api/as/v1/', 'piste-de')).toBe(
      'https://host-2376rb.api.swiftype.com/api/as/v1/engines/piste-de/documents',
    );
  });
});

describe('indexIntoHostedEngine', () => {
  it('POSTs every document in batches of at most 100 with the private key, and reports progress', async () => {
    const { endpoint, requests } = await start();
    const all = documents(250);
    const progress: HostedIndexProgress[] = [];
    const report = await indexIntoHostedEngine(all, {
      endpoint,
      engineName: ENGINE,
      privateKey: PRIVATE_KEY,
      onProgress: (step) => progress.push(step),
    });
    expect(report).toEqual({ total: 250, accepted: 250, rejected: [] });
    expect(requests.map((request) => [request.method, request.path, (request.body as unknown[]).length])).toEqual([
      ['POST', `/api/as/v1/engines/${ENGINE}/documents`, 100],
      ['POST', `/api/as/v1/engines/${ENGINE}/documents`, 100],
      ['POST', `/api/as/v1/engines/${ENGINE}/documents`, 50],
    ]);
    expect(requests.every((request) => request.authorization === `Bearer ${PRIVATE_KEY}`)).toBe(true);
    expect(requests.every((request) => request.contentType === 'application/json')).toBe(true);
    expect(requests.flatMap((request) => request.body as SearchDocument[])).toEqual(all);
    expect(progress.map(({ batch, sent }) => [batch, sent])).toEqual([
      [1, 100],
      [2, 200],
      [3, 250],
    ]);
  });

  it('reports the documents the engine refused, with its reasons, and sends the rest', async () => {
    const all = documents(3);
    const { endpoint } = await start({
      documentErrors: { [all[1]!.id]: ['Invalid field value: price_us must be a number'] },
    });
    const report = await indexIntoHostedEngine(all, { endpoint, engineName: ENGINE, privateKey: PRIVATE_KEY });
    expect(report).toEqual({
      total: 3,
      accepted: 2,
      rejected: [{ id: all[1]!.id, errors: ['Invalid field value: price_us must be a number'] }],
    });
  });

  it('stops at a batch refused as a whole (a 4xx), naming the batch and the messages', async () => {
    const { endpoint, requests } = await start({
      failBatch: { batch: 2, status: 400, body: errorBody('Engine is locked') },
    });
    const failure = await indexIntoHostedEngine(documents(150), {
      endpoint,
      engineName: ENGINE,
      privateKey: PRIVATE_KEY,
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HostedIndexError);
    expect((failure as HostedIndexError).message).toBe(
      `Batch 2 of 2 (${endpoint}/engines/${ENGINE}/documents): [400] Engine is locked`,
    );
    expect((failure as HostedIndexError).report).toEqual({ total: 150, accepted: 100, rejected: [] });
    // A write is not retried.
    expect(requests).toHaveLength(2);
  });

  it('refuses to go on with a search key, which cannot write (401)', async () => {
    const { endpoint } = await start();
    const failure = await indexIntoHostedEngine(documents(1), {
      endpoint,
      engineName: ENGINE,
      privateKey: 'search-key',
    }).catch((error: unknown) => error);
    expect((failure as HostedIndexError).status).toBe(401);
    expect((failure as Error).message).toMatch(/\[401\] Invalid credentials$/);
  });

  it('names an unknown engine (404)', async () => {
    const { endpoint } = await start();
    const failure = await indexIntoHostedEngine(documents(1), {
      endpoint,
      engineName: 'other',
      privateKey: PRIVATE_KEY,
    }).catch((error: unknown) => error);
    expect((failure as Error).message).toMatch(/\[404\] Could not find engine\.$/);
  });

  it('treats an answer of another shape as a failure of the batch, never as success', async () => {
    const { endpoint } = await start({ failBatch: { batch: 1, status: 200, body: { ok: true } } });
    const failure = await indexIntoHostedEngine(documents(2), {
      endpoint,
      engineName: ENGINE,
      privateKey: PRIVATE_KEY,
    }).catch((error: unknown) => error);
    expect((failure as Error).message).toMatch(
      /unexpected answer, not one \{ id, errors \} per document: \{"ok":true\}/,
    );
  });

  it('names a service that does not answer', async () => {
    const { endpoint } = await start();
    await standIn!.close();
    standIn = undefined;
    const failure = await indexIntoHostedEngine(documents(1), {
      endpoint,
      engineName: ENGINE,
      privateKey: PRIVATE_KEY,
    }).catch((error: unknown) => error);
    expect((failure as HostedIndexError).status).toBe(0);
    expect((failure as Error).message).toMatch(/\[0\] Network Error$/);
  });
});
