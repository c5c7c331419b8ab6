import { describe, expect, it } from 'vitest';
import { CachePolicy, ResponseCache } from './response-cache';

describe('ResponseCache lookups', () => {
  it('reports whether reads that try the cache first found their answer there', async () => {
    const lookups: boolean[] = [];
    const cache = new ResponseCache({ onLookup: (hit) => lookups.push(hit) }, () => {});
    const load = async () => ({ entries: [] });
    await cache.read('header', CachePolicy.CACHE_ELSE_NETWORK, load);
    await cache.read('header', CachePolicy.CACHE_ELSE_NETWORK, load);
    await cache.read('footer', CachePolicy.CACHE_THEN_NETWORK, load);
    await cache.read('footer', CachePolicy.CACHE_THEN_NETWORK, load);
    expect(lookups).toEqual([false, true, false, true]);
  });

  it('reports nothing for reads that go to the network first', async () => {
    const lookups: boolean[] = [];
    const cache = new ResponseCache({ onLookup: (hit) => lookups.push(hit) }, () => {});
    const load = async () => ({ entries: [] });
    for (const policy of [CachePolicy.IGNORE_CACHE, CachePolicy.ONLY_NETWORK, CachePolicy.NETWORK_ELSE_CACHE]) {
      await cache.read('header', policy, load);
    }
    expect(lookups).toEqual([]);
  });
});
