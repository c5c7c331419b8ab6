/**
 * Spec §9: "Cache policies: -1 ignore cache (the default), 0 network only, 1 cache else network,
 * 2 network else cache, 3 cache then network." Numbered as in Contentstack's SDKs.
 */
export const CachePolicy = {
  IGNORE_CACHE: -1,
  ONLY_NETWORK: 0,
  CACHE_ELSE_NETWORK: 1,
  NETWORK_ELSE_CACHE: 2,
  CACHE_THEN_NETWORK: 3,
} as const;
export type CachePolicy = (typeof CachePolicy)[keyof typeof CachePolicy];

export interface ResponseCacheOptions {
  /** Most responses kept; the least recently used one goes first. */
  maxEntries?: number;
  /** How long a response may be served from the cache. */
  ttlMs?: number;
}

interface Cached {
  value: unknown;
  expiresAt: number;
}

/**
 * An in-memory LRU of delivery responses keyed by request, applying the cache policies.
 *
 * Written here rather than with `lru-cache`: the root node_modules holds lru-cache 5 (a dev
 * tool's dependency, another API), v11 is installed only under packages/commerce, and adding
 * it to this package would put package.json out of sync with the lock until `npm install`.
 * A Map keeps insertion order, which is all an LRU with a TTL needs.
 *
 * NOTE: cached responses are shared between callers; treat what the client returns as read-only.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Cached>();
  private readonly refreshing = new Set<string>();
  private readonly maxEntries: number;
  private readonly ttlMs: number;

  constructor(
    options: ResponseCacheOptions,
    /** Spec §8: content failures are only logged; a background refresh has no caller to tell. */
    private readonly onRefreshError: (error: unknown) => void,
  ) {
    this.maxEntries = options.maxEntries ?? 1_000;
    this.ttlMs = options.ttlMs ?? 5 * 60_000;
  }

  /** Answers a request by the policy: from the cache, from `load` (the network), or both. */
  async read<T>(key: string, policy: CachePolicy, load: () => Promise<T>): Promise<T> {
    switch (policy) {
      case CachePolicy.IGNORE_CACHE:
        return load();
      case CachePolicy.ONLY_NETWORK:
        return this.store(key, load);
      case CachePolicy.CACHE_ELSE_NETWORK:
        return (this.get(key) as T | undefined) ?? this.store(key, load);
      case CachePolicy.NETWORK_ELSE_CACHE:
        try {
          return await this.store(key, load);
        } catch (error) {
          const cached = this.get(key) as T | undefined;
          if (cached === undefined) throw error;
          return cached;
        }
      case CachePolicy.CACHE_THEN_NETWORK: {
        const cached = this.get(key) as T | undefined;
        if (cached === undefined) return this.store(key, load);
        this.refresh(key, load);
        return cached;
      }
    }
  }

  private async store<T>(key: string, load: () => Promise<T>): Promise<T> {
    const value = await load();
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: Date.now() + this.ttlMs });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
    }
    return value;
  }

  /** One refresh per key at a time, so a hot key does not send a request per page view. */
  private refresh(key: string, load: () => Promise<unknown>): void {
    if (this.refreshing.has(key)) return;
    this.refreshing.add(key);
    void this.store(key, load)
      .catch(this.onRefreshError)
      .finally(() => this.refreshing.delete(key));
  }

  private get(key: string): unknown {
    const cached = this.entries.get(key);
    if (cached === undefined) return undefined;
    if (cached.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    // Re-inserting moves the key to the end of the Map's order: most recently used.
    this.entries.delete(key);
    this.entries.set(key, cached);
    return cached.value;
  }
}
