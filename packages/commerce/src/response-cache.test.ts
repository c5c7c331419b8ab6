import { describe, expect, it } from 'vitest';
import { ResponseCache } from './response-cache';

describe('ResponseCache', () => {
  it('computes an answer once and serves it again until invalidated', async () => {
    const cache = new ResponseCache();
    let computed = 0;
    const compute = async () => ({ run: ++computed });
    expect(await cache.remember('products', compute)).toEqual({ run: 1 });
    expect(await cache.remember('products', compute)).toEqual({ run: 1 });
    cache.invalidate();
    expect(await cache.remember('products', compute)).toEqual({ run: 2 });
  });

  it('keeps at most maxEntries answers, dropping the least recently used', async () => {
    const cache = new ResponseCache({ maxEntries: 2 });
    await cache.remember('a', async () => ({ key: 'a' }));
    await cache.remember('b', async () => ({ key: 'b' }));
    await cache.remember('a', async () => ({ key: 'stale' }));
    await cache.remember('c', async () => ({ key: 'c' }));
    expect(cache.size).toBe(2);
    // 'a' was used after 'b', so 'b' was the one dropped.
    expect(await cache.remember('a', async () => ({ key: 'recomputed' }))).toEqual({ key: 'a' });
    expect(await cache.remember('b', async () => ({ key: 'recomputed' }))).toEqual({ key: 'recomputed' });
  });

  it('reports each lookup as a hit or a miss, and none while caching is off', async () => {
    const lookups: boolean[] = [];
    const cache = new ResponseCache({ onLookup: (hit) => lookups.push(hit) });
    await cache.remember('products', async () => ({}));
    await cache.remember('products', async () => ({}));
    expect(lookups).toEqual([false, true]);
    const off = new ResponseCache({ ttlMs: 0, onLookup: (hit) => lookups.push(hit) });
    await off.remember('products', async () => ({}));
    expect(lookups).toHaveLength(2);
  });

  it('does not keep a failed computation', async () => {
    const cache = new ResponseCache();
    await expect(cache.remember('x', () => Promise.reject(new Error('database down')))).rejects.toThrow();
    expect(await cache.remember('x', async () => ({ ok: true }))).toEqual({ ok: true });
  });

  it('computes every time when turned off with a TTL of 0', async () => {
    const cache = new ResponseCache({ ttlMs: 0 });
    let computed = 0;
    await cache.remember('k', async () => ({ run: ++computed }));
    expect(await cache.remember('k', async () => ({ run: ++computed }))).toEqual({ run: 2 });
  });
});
