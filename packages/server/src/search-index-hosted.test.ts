import { afterEach, describe, expect, it } from 'vitest';
import { CONTENT_LOCALES } from '@piste/core';
import type { SearchDocument } from '@piste/search';
import { startAppSearchStandIn } from '@piste/search/testing';
import { ConfigError, loadConfig } from './config';
import { hostedIndexTarget, parseHostedIndexArguments, runHostedIndex } from './search-index-hosted';

/**
 * `npm run search:index-hosted` without its database: the arguments, the settings it needs, the
 * dry run, and a run against a loopback App Search stand-in answering the documents API's
 * documented shapes (Elastic's App Search API reference, documents.html), a refused document
 * and a 4xx included.
 */

const PRIVATE_KEY = 'private-xj7ck5f43bqq7kbquwpp9u3c';

function document(uid: string, locale: string): SearchDocument {
  return {
    id: `product-${uid}-${locale}`,
    type: 'product',
    uid,
    stack: 'piste_demo_stack',
    environment: 'production',
    locale,
    regions: ['us'],
    title: uid,
    display_title: uid,
    tagline: '',
    description: '',
    category: 'Goggles',
    category_path: 'goggles',
    colours: [],
    sizes: [],
    price_us: 12900,
    in_stock: 'true',
    tags: [],
    url: `/p/${uid}`,
    image: '',
    updated_at: '2025-01-01T00:00:00Z',
  };
}

const DOCUMENTS = [document('a', 'en-us'), document('b', 'en-us'), document('a', 'de'), document('c', 'fr')];

let standIn: Awaited<ReturnType<typeof startAppSearchStandIn>> | undefined;
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

function hostedConfig(endpoint: string, engine = 'piste') {
  return loadConfig({ SEARCH_ENDPOINT: endpoint, SEARCH_PRIVATE_KEY: PRIVATE_KEY, SEARCH_ENGINE: engine });
}

describe('search:index-hosted arguments and settings', () => {
  it('defaults to every content locale, SEARCH_ENGINE and batches of 100', () => {
    expect(parseHostedIndexArguments({})).toEqual({
      dryRun: false,
      locales: CONTENT_LOCALES,
      engine: undefined,
      batchSize: 100,
    });
    expect(
      parseHostedIndexArguments({ 'dry-run': true, locale: ['DE'], engine: 'piste-de', 'batch-size': '20' }),
    ).toEqual({ dryRun: true, locales: ['de'], engine: 'piste-de', batchSize: 20 });
  });

  it('names each bad argument', () => {
    expect(() => parseHostedIndexArguments({ locale: ['xx'], engine: 'Piste DE', 'batch-size': '101' })).toThrow(
      new ConfigError([
        `--locale: xx is not a content locale (${CONTENT_LOCALES.join(', ')})`,
        '--engine: must be lowercase letters, digits and dashes',
        '--batch-size: give a whole number from 1 to 100 (App Search takes at most 100 documents a request)',
      ]),
    );
  });

  it('needs SEARCH_ENDPOINT and SEARCH_PRIVATE_KEY, naming each missing one, except for a dry run', () => {
    const args = parseHostedIndexArguments({});
    expect(() => hostedIndexTarget(loadConfig({}), args)).toThrow(
      /- SEARCH_ENDPOINT: set it[\s\S]*- SEARCH_PRIVATE_KEY: set it/,
    );
    expect(() =>
      hostedIndexTarget(loadConfig({ SEARCH_ENDPOINT: 'https://host-2376rb.api.swiftype.com/api/as/v1' }), args),
    ).toThrow(/^Invalid configuration:\n {2}- SEARCH_PRIVATE_KEY: /);
    expect(hostedIndexTarget(loadConfig({}), { ...args, dryRun: true }).engineName).toBe('piste');
  });
});

describe('search:index-hosted runs', () => {
  it('prints in a dry run what it would send, and sends nothing', async () => {
    standIn = await startAppSearchStandIn({ engine: 'piste', privateKey: PRIVATE_KEY });
    const args = parseHostedIndexArguments({ 'dry-run': true, locale: ['en-us', 'de'], 'batch-size': '2' });
    const lines: string[] = [];
    const code = await runHostedIndex({
      args,
      target: hostedIndexTarget(hostedConfig(standIn.endpoint), args),
      documents: DOCUMENTS,
      print: (line) => lines.push(line),
    });
    expect(code).toBe(0);
    expect(standIn.requests).toEqual([]);
    const url = `${standIn.endpoint}/engines/piste/documents`;
    expect(lines).toEqual([
      '3 documents (en-us 2, de 1) for engine piste',
      `POST ${url}  (batch 1 of 2, 2 documents)`,
      JSON.stringify(DOCUMENTS.slice(0, 2)),
      `POST ${url}  (batch 2 of 2, 1 documents)`,
      JSON.stringify([DOCUMENTS[2]]),
      'Dry run: nothing was sent.',
    ]);
  });

  it('sends one locale to its own engine and reports a refused document, exiting 1', async () => {
    standIn = await startAppSearchStandIn({
      engine: 'piste-en',
      privateKey: PRIVATE_KEY,
      documentErrors: { 'product-b-en-us': ['Invalid field value: price_us must be a number'] },
    });
    const args = parseHostedIndexArguments({ locale: ['en-us'], engine: 'piste-en' });
    const lines: string[] = [];
    const code = await runHostedIndex({
      args,
      target: hostedIndexTarget(hostedConfig(standIn.endpoint), args),
      documents: DOCUMENTS,
      print: (line) => lines.push(line),
    });
    expect(code).toBe(1);
    expect(standIn.requests.map((request) => [request.path, request.authorization, request.body])).toEqual([
      ['/api/as/v1/engines/piste-en/documents', `Bearer ${PRIVATE_KEY}`, DOCUMENTS.slice(0, 2)],
    ]);
    expect(lines).toEqual([
      '2 documents (en-us 2) for engine piste-en',
      '  batch 1/1: 2/2 sent, 1 refused so far',
      '  refused product-b-en-us: Invalid field value: price_us must be a number',
      `1 of 2 documents accepted by ${standIn.endpoint}/engines/piste-en/documents; 1 refused.`,
    ]);
  });

  it('stops on a 4xx with the messages and exits 1; succeeds with 0 when all are accepted', async () => {
    standIn = await startAppSearchStandIn({
      engine: 'piste',
      privateKey: PRIVATE_KEY,
      failBatch: { batch: 1, status: 413, body: { errors: ['Request too large'] } },
    });
    const args = parseHostedIndexArguments({});
    const target = hostedIndexTarget(hostedConfig(standIn.endpoint), args);
    const lines: string[] = [];
    expect(await runHostedIndex({ args, target, documents: DOCUMENTS, print: (line) => lines.push(line) })).toBe(1);
    expect(lines.at(-1)).toBe(
      `Stopped: Batch 1 of 1 (${standIn.endpoint}/engines/piste/documents): [413] Request too large`,
    );
    lines.length = 0;
    expect(await runHostedIndex({ args, target, documents: DOCUMENTS, print: (line) => lines.push(line) })).toBe(0);
    expect(lines.at(-1)).toBe(`4 of 4 documents accepted by ${standIn.endpoint}/engines/piste/documents; 0 refused.`);
  });
});
