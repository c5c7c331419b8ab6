import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listenToChannel, parseSearchChange, SEARCH_CHANGES_CHANNEL, type SearchChange } from '@piste/db';
import { testDatabaseKinds, type TestDatabase } from '@piste/db/testing';
import { announceCommerceChanges } from './cache-clearing';

const SOON = { timeout: 5_000, interval: 20 };

/**
 * BigCommerce's webhooks name what changed in the store; nothing in our database announces it,
 * so the shop does (docs/providers/bigcommerce.md 'Freshness').
 */
describe.each(testDatabaseKinds())('a commerce platform’s changes on $name', (kind) => {
  let testDatabase: TestDatabase;
  beforeAll(async () => {
    testDatabase = await kind.create();
  });
  afterAll(() => testDatabase?.dispose());

  function caches() {
    return { catalogue: { invalidate: vi.fn() }, content: { clear: vi.fn() }, pages: { clear: vi.fn() } };
  }

  it('clears this instance’s catalogue and pages at once and tells every instance which products changed', async () => {
    const heard: (SearchChange | null)[] = [];
    const listener = await listenToChannel(testDatabase.database, SEARCH_CHANGES_CHANNEL, {
      onPayload: (payload) => heard.push(parseSearchChange(payload)),
      onResumed: () => {},
      onConnectionError: () => {},
    });
    try {
      const local = caches();
      await announceCommerceChanges(testDatabase.database, local)({ productIds: [112, 100, 112] });
      expect(local.catalogue.invalidate).toHaveBeenCalled();
      expect(local.pages.clear).toHaveBeenCalled();
      // Content is not the platform's: it stays.
      expect(local.content.clear).not.toHaveBeenCalled();
      await vi.waitFor(() => expect(heard).toEqual([{ products: [112, 100] }]), SOON);

      await announceCommerceChanges(testDatabase.database, caches())({ productIds: [] });
      await vi.waitFor(() => expect(heard.at(-1)).toEqual({ rebuild: true }), SOON);
    } finally {
      await listener.close();
    }
  });
});
