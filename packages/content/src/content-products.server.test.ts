import { describe, expect, it, vi } from 'vitest';
import type { ContentClient } from './client/content-client-contract';
import { createContentProductIndex } from './content-products.server';
import type { ProductEntry } from './entry-types';

const product = (uid: string, id: number) => ({ uid, bc_products: { us: id, eu_region_1: id + 1 } }) as ProductEntry;

function fakeClient(read: (locale: string) => Promise<ProductEntry[]>) {
  const entries = vi.fn((_type: string, options: { locale?: string }) => read(options.locale ?? 'en-us'));
  return { client: { entries } as unknown as ContentClient, entries };
}

const logger = { warn: vi.fn(), error: vi.fn() };

describe('createContentProductIndex', () => {
  it('finds a locale’s content products by uid and by commerce id per region', async () => {
    const { client } = fakeClient(async () => [product('summit', 100), product('ridge', 200)]);
    const lookup = await createContentProductIndex(client, { ttlMs: 60_000, logger }).forLocale('de');
    expect(lookup.byUid('ridge')?.uid).toBe('ridge');
    expect(lookup.byCommerceId('us', 100)?.uid).toBe('summit');
    expect(lookup.byCommerceId('eu_region_1', 201)?.uid).toBe('ridge');
    expect(lookup.byCommerceId('ca', 100)).toBeUndefined();
    expect(lookup.all()).toHaveLength(2);
  });

  it('reads each locale once while fresh, and again after clear()', async () => {
    const { client, entries } = fakeClient(async () => [product('summit', 100)]);
    const index = createContentProductIndex(client, { ttlMs: 60_000, logger });
    await Promise.all([index.forLocale('en-us'), index.forLocale('en-us'), index.forLocale('fr')]);
    expect(entries).toHaveBeenCalledTimes(2);
    index.clear();
    await index.forLocale('en-us');
    expect(entries).toHaveBeenCalledTimes(3);
  });

  it('degrades a failed read to an empty lookup, logs it, and retries on the next page', async () => {
    let fail = true;
    const { client } = fakeClient(async () => {
      if (fail) throw new Error('content service down');
      return [product('summit', 100)];
    });
    const index = createContentProductIndex(client, { ttlMs: 60_000, logger });
    expect((await index.forLocale('en-us')).all()).toEqual([]);
    expect(logger.error).toHaveBeenCalledWith('[content:product] Content request failed', expect.any(Error));
    fail = false;
    expect((await index.forLocale('en-us')).byUid('summit')).toBeDefined();
  });

  it('answers the last good read while the content service fails, even when nothing is kept', async () => {
    let fail = false;
    const { client, entries } = fakeClient(async () => {
      if (fail) throw new Error('content service down');
      return [product('summit', 100)];
    });
    // A hosted stack read on every view: the grid still shows its cards through an outage.
    const index = createContentProductIndex(client, { ttlMs: 0, logger });
    expect((await index.forLocale('en-us')).byUid('summit')).toBeDefined();
    fail = true;
    expect((await index.forLocale('en-us')).byUid('summit')).toBeDefined();
    expect((await index.forLocale('fr')).all()).toEqual([]);
    expect(entries).toHaveBeenCalledTimes(3);
  });
});
