/** Spec §9 'Limits and timing': "At most 4 parallel route preloads." */
export const ROUTE_PRELOAD_LIMIT = 4;
/**
 * A prefetch that neither loads nor fails in this time gives its slot up, so a stalled request
 * cannot stop prefetching for good. Long, so that a slow answer is not taken for a stalled one.
 */
export const ROUTE_PRELOAD_TIMEOUT_MS = 30_000;

interface Entry {
  state: 'queued' | 'loading' | 'done';
  /** Links in view that want this page. */
  wanted: number;
  timer?: ReturnType<typeof setTimeout>;
}

/**
 * The pages links want prefetched, at most `limit` loading at once; the rest wait their turn in
 * the order they came into view. A page nobody wants any more (its links scrolled away or
 * unmounted) leaves the queue, or leaves after its request settles when it is already loading.
 * Pages loading or done are the ones to render prefetch links for.
 */
export class PrefetchQueue {
  private readonly entries = new Map<string, Entry>();
  private readonly listeners = new Set<() => void>();
  private rendered: readonly string[] = [];
  private lastStart = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly limit = ROUTE_PRELOAD_LIMIT,
    private readonly timeoutMs = ROUTE_PRELOAD_TIMEOUT_MS,
  ) {}

  /** A link wants `page` prefetched; call the returned function when it no longer does. */
  request(page: string): () => void {
    let entry = this.entries.get(page);
    if (!entry) {
      entry = { state: 'queued', wanted: 0 };
      this.entries.set(page, entry);
    }
    entry.wanted += 1;
    this.pump();
    let withdrawn = false;
    return () => {
      if (withdrawn) return;
      withdrawn = true;
      this.withdraw(page);
    };
  }

  /** The page's prefetch requests loaded or failed: its slot is free. */
  settle(page: string): void {
    const entry = this.entries.get(page);
    if (entry?.state !== 'loading') return;
    clearTimeout(entry.timer);
    if (entry.wanted === 0) this.entries.delete(page);
    else entry.state = 'done';
    this.pump();
  }

  get loadingCount(): number {
    let count = 0;
    for (const entry of this.entries.values()) if (entry.state === 'loading') count += 1;
    return count;
  }

  /** When the last prefetch started (ms since the epoch), or -Infinity before the first. */
  get lastStartAt(): number {
    return this.lastStart;
  }

  /** Pages loading or done, for useSyncExternalStore: the same array until it changes. */
  readonly getSnapshot = (): readonly string[] => this.rendered;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  private withdraw(page: string) {
    const entry = this.entries.get(page);
    if (!entry) return;
    entry.wanted -= 1;
    // A loading page keeps its slot (and its links) until the request settles.
    if (entry.wanted > 0 || entry.state === 'loading') return;
    this.entries.delete(page);
    this.pump();
  }

  private pump() {
    let loading = this.loadingCount;
    for (const [page, entry] of this.entries) {
      if (loading >= this.limit) break;
      if (entry.state !== 'queued') continue;
      entry.state = 'loading';
      this.lastStart = Date.now();
      entry.timer = setTimeout(() => this.settle(page), this.timeoutMs);
      loading += 1;
    }
    const rendered = [...this.entries].filter(([, entry]) => entry.state !== 'queued').map(([page]) => page);
    if (rendered.length === this.rendered.length && rendered.every((page, index) => page === this.rendered[index]))
      return;
    this.rendered = rendered;
    this.notifyOnce();
  }

  private notifying = false;

  /** Links that come into view together re-render the prefetches once, not once each. */
  private notifyOnce() {
    if (this.notifying) return;
    this.notifying = true;
    queueMicrotask(() => {
      this.notifying = false;
      for (const listener of this.listeners) listener();
    });
  }
}

/** The one queue of the page's route prefetches. */
export const routePrefetchQueue = new PrefetchQueue();
