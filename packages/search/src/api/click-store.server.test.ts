import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDatabaseKinds, type TestDatabase } from '@piste/db/testing';
import { createClickStore, type SearchClick } from './click-store.server';
import * as schema from '../schema/index';

const DAY = 24 * 60 * 60 * 1000;

describe.each(testDatabaseKinds())('search click store on $name', (kind) => {
  let testDatabase: TestDatabase;
  const store = () => createClickStore(testDatabase.database.db);
  const click = (query: string, overrides: Partial<SearchClick> = {}): SearchClick => ({
    engine: 'piste',
    query,
    documentId: 'product-a-en-us',
    tags: ['results'],
    ...overrides,
  });

  beforeAll(async () => {
    testDatabase = await kind.create();
  });
  afterAll(() => testDatabase.dispose());
  beforeEach(async () => {
    await testDatabase.database.db.delete(schema.searchClicks);
  });

  it('stores a click with its engine, query, document, request id, tags and time', async () => {
    const before = Date.now();
    await store().record(click('Goggles', { requestId: 'r-1', tags: ['de', 'autocomplete'] }));
    await store().record(click('helmet'));
    const rows = await testDatabase.database.db.select().from(schema.searchClicks).orderBy(schema.searchClicks.id);
    expect(rows).toEqual([
      {
        id: expect.any(Number),
        engine: 'piste',
        query: 'Goggles',
        documentId: 'product-a-en-us',
        requestId: 'r-1',
        tags: ['de', 'autocomplete'],
        createdAt: expect.any(Date),
      },
      expect.objectContaining({ query: 'helmet', requestId: null, tags: ['results'] }),
    ]);
    expect(rows[0]!.createdAt.getTime()).toBeGreaterThan(before - 60_000);
  });

  it("lists the last 30 days' most clicked queries, lowercased and trimmed, most clicked first", async () => {
    for (const query of ['Goggles', ' goggles ', 'GOGGLES', 'helmet', 'Helmet', 'binding', '   ']) {
      await store().record(click(query));
    }
    await store().record(click('gloves', { engine: 'other' }));
    await testDatabase.database.db
      .insert(schema.searchClicks)
      .values(
        ['old', 'old', 'old', 'old'].map((query) => ({ ...click(query), createdAt: new Date(Date.now() - 31 * DAY) })),
      );

    expect(await store().popularQueries('piste', 10)).toEqual(['goggles', 'helmet', 'binding']);
    expect(await store().popularQueries('piste', 2)).toEqual(['goggles', 'helmet']);
    expect(await store().popularQueries('piste', 0)).toEqual([]);
    expect(await store().popularQueries('nothing', 10)).toEqual([]);
  });

  it('keeps the clicks carrying a tag when asked', async () => {
    await store().record(click('brille', { tags: ['de', 'results'] }));
    await store().record(click('goggles', { tags: ['en-us', 'results'] }));
    await store().record(click('goggles', { tags: ['en-us', 'autocomplete'] }));
    expect(await store().popularQueries('piste', 10, { tag: 'de' })).toEqual(['brille']);
    expect(await store().popularQueries('piste', 10, { tag: 'results' })).toEqual(['brille', 'goggles']);
  });
});
