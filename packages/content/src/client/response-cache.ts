import { LRUCache } from 'lru-cache';

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
  /** Hears whether each read that consults the cache first found its answer there (hit-ratio metrics). */
  onLookup?: (hit: boolean) => void;
}

/** Cached responses are wrapped: a delivery answer is always an object, but the cache must not care. */
interface Cached {
  value: unknown;
}

/**
 * An in-memory LRU of delivery responses keyed by request, applying the cache policies.
 *
 * NOTE: cached responses are shared between callers; treat what the client returns as read-only.
 */
export class ResponseCache {
  private readonly entries: LRUCache<string, Cached>;
  private readonly refreshing = new Set<string>();
  private readonly onLookup: (hit: boolean) => void;

  constructor(
    options: ResponseCacheOptions,
    /** Spec §8: content failures are only logged; a background refresh has no caller to tell. */
    private readonly onRefreshError: (error: unknown) => void,
  ) {
    this.entries = new LRUCache({ max: options.maxEntries ?? 1_000, ttl: options.ttlMs ?? 5 * 60_000 });
    this.onLookup = options.onLookup ?? (() => {});
  }

  /** Answers a request by the policy: from the cache, from `load` (the network), or both. */
  async read<T>(key: string, policy: CachePolicy, load: () => Promise<T>): Promise<T> {
    switch (policy) {
      case CachePolicy.IGNORE_CACHE:
        return load();
      case CachePolicy.ONLY_NETWORK:
        return this.store(key, load);
      case CachePolicy.CACHE_ELSE_NETWORK:
        return (this.lookup(key) as T | undefined) ?? this.store(key, load);
      case CachePolicy.NETWORK_ELSE_CACHE:
        try {
          return await this.store(key, load);
        } catch (error) {
          const cached = this.get(key) as T | undefined;
          if (cached === undefined) throw error;
          return cached;
        }
      case CachePolicy.CACHE_THEN_NETWORK: {
        const cached = this.lookup(key) as T | undefined;
        if (cached === undefined) return this.store(key, load);
        this.refresh(key, load);
        return cached;
      }
    }
  }

  clear(): void {
    this.entries.clear();
  }

  private async store<T>(key: string, load: () => Promise<T>): Promise<T> {
    const value = await load();
    this.entries.set(key, { value });
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
    return this.entries.get(key)?.value;
  }

  /** A read that tries the cache first; the network-first fallback is not counted. */
  private lookup(key: string): unknown {
    const cached = this.entries.get(key);
    this.onLookup(cached !== undefined);
    return cached?.value;
  }
}
