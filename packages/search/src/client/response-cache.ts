/**
 * A small least-recently-used cache of pending or settled answers, for the search client
 * (spec §9 'Search response caching is on by default'). Holding the promise rather than the
 * value means identical requests in flight share one fetch. Browser-safe: a Map keeps
 * insertion order, so its first key is the least recently used.
 */
export class ResponseCache<Value> {
  private readonly entries = new Map<string, { value: Promise<Value>; expiresAt: number }>();

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The cached answer for `key`, or `load()`'s; a rejected load is forgotten so the next call retries. */
  getOrLoad(key: string, load: () => Promise<Value>): Promise<Value> {
    const entry = this.entries.get(key);
    this.entries.delete(key);
    if (entry && entry.expiresAt > this.now()) {
      this.entries.set(key, entry);
      return entry.value;
    }
    const value = load();
    const fresh = { value, expiresAt: this.now() + this.ttlMs };
    this.entries.set(key, fresh);
    value.catch(() => {
      if (this.entries.get(key) === fresh) this.entries.delete(key);
    });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
