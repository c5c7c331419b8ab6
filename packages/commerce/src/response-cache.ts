import { LRUCache } from 'lru-cache';

/**
 * A small in-process cache of catalogue answers for hot reads (home, category and product
 * pages ask the same questions over and over). Cleared whenever the database announces a
 * catalogue write, on every instance (packages/server/src/cache-clearing.ts); the TTL bounds
 * how stale a copy can be while those announcements cannot be heard.
 */
export class ResponseCache {
  private readonly entries: LRUCache<string, object>;

  private readonly enabled: boolean;

  private readonly onLookup: (hit: boolean) => void;

  /**
   * A `ttlMs` of 0 turns caching off (every call computes), e.g. to benchmark the database path.
   * `onLookup` hears each lookup's outcome (the server's cache hit-ratio metric).
   */
  constructor(options: { maxEntries?: number; ttlMs?: number; onLookup?: (hit: boolean) => void } = {}) {
    const ttl = options.ttlMs ?? 30_000;
    this.enabled = ttl > 0;
    this.entries = new LRUCache({ max: options.maxEntries ?? 2_000, ttl: Math.max(ttl, 1) });
    this.onLookup = options.onLookup ?? (() => {});
  }

  /** Returns the cached answer for the key, or computes, stores and returns it. */
  async remember<T extends object>(key: string, compute: () => Promise<T>): Promise<T> {
    if (!this.enabled) return compute();
    const hit = this.entries.get(key);
    this.onLookup(hit !== undefined);
    if (hit) return hit as T;
    const value = await compute();
    this.entries.set(key, value);
    return value;
  }

  invalidate(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
