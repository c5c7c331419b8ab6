import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PrefetchQueue, ROUTE_PRELOAD_LIMIT, ROUTE_PRELOAD_TIMEOUT_MS } from './prefetch-queue';

const pages = (count: number) => Array.from({ length: count }, (_, index) => `/en-us/p/product-${index}`);

describe('PrefetchQueue (spec §9: at most 4 parallel route preloads)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('lets 4 prefetches load at once and starts the next as one settles, in the order they were asked for', () => {
    const queue = new PrefetchQueue();
    expect(ROUTE_PRELOAD_LIMIT).toBe(4);
    const [a, b, c, d, e, f] = pages(6);
    for (const page of [a, b, c, d, e, f]) queue.request(page!);
    expect(queue.getSnapshot()).toEqual([a, b, c, d]);
    expect(queue.loadingCount).toBe(4);
    queue.settle(b!);
    expect(queue.getSnapshot()).toEqual([a, b, c, d, e]);
    expect(queue.loadingCount).toBe(4);
    queue.settle(a!);
    queue.settle(c!);
    expect(queue.getSnapshot()).toEqual([a, b, c, d, e, f]);
    expect(queue.loadingCount).toBe(3);
  });

  it('never has more than 4 loading, whatever the order of requests, withdrawals and settles', () => {
    const queue = new PrefetchQueue();
    const all = pages(40);
    const withdrawals = all.map((page) => queue.request(page));
    let maxLoading = queue.loadingCount;
    all.forEach((page, index) => {
      if (index % 3 === 0) withdrawals[index]!();
      queue.settle(page);
      maxLoading = Math.max(maxLoading, queue.loadingCount);
    });
    expect(maxLoading).toBe(4);
    expect(queue.loadingCount).toBe(0);
  });

  it('asks for a page once however many links want it', () => {
    const queue = new PrefetchQueue();
    const [page] = pages(1);
    const image = queue.request(page!);
    const title = queue.request(page!);
    expect(queue.getSnapshot()).toEqual([page]);
    image();
    image();
    queue.settle(page!);
    expect(queue.getSnapshot()).toEqual([page]);
    title();
    expect(queue.getSnapshot()).toEqual([]);
  });

  it('drops a waiting page whose links left the view, so it never takes a slot', () => {
    const queue = new PrefetchQueue();
    const [a, b, c, d, e, f] = pages(6);
    for (const page of [a, b, c, d]) queue.request(page!);
    const withdrawE = queue.request(e!);
    queue.request(f!);
    withdrawE();
    queue.settle(a!);
    expect(queue.getSnapshot()).toEqual([a, b, c, d, f]);
  });

  it('keeps a loading page until its request settles even when its links leave, then forgets it', () => {
    const queue = new PrefetchQueue();
    const [a, b, c, d, e] = pages(5);
    const withdrawA = queue.request(a!);
    for (const page of [b, c, d, e]) queue.request(page!);
    withdrawA();
    expect(queue.getSnapshot()).toEqual([a, b, c, d]);
    expect(queue.loadingCount).toBe(4);
    queue.settle(a!);
    expect(queue.getSnapshot()).toEqual([b, c, d, e]);
  });

  it('frees the slot of a prefetch that neither loads nor fails after the timeout', () => {
    expect(ROUTE_PRELOAD_TIMEOUT_MS).toBe(30_000);
    const queue = new PrefetchQueue();
    const all = pages(5);
    for (const page of all) queue.request(page);
    vi.advanceTimersByTime(29_999);
    expect(queue.loadingCount).toBe(4);
    vi.advanceTimersByTime(1);
    // The four timed out together; the fifth now loads.
    expect(queue.loadingCount).toBe(1);
    expect(queue.getSnapshot()).toEqual(all);
  });

  it('remembers when the last prefetch started', () => {
    const queue = new PrefetchQueue(1);
    expect(queue.lastStartAt).toBe(Number.NEGATIVE_INFINITY);
    const [a, b] = pages(2);
    queue.request(a!);
    const first = Date.now();
    expect(queue.lastStartAt).toBe(first);
    queue.request(b!);
    vi.advanceTimersByTime(300);
    expect(queue.lastStartAt).toBe(first);
    queue.settle(a!);
    expect(queue.lastStartAt).toBe(first + 300);
  });

  it('tells subscribers once per batch of changes, and only when the pages to render change', async () => {
    const queue = new PrefetchQueue(1);
    const listener = vi.fn();
    queue.subscribe(listener);
    const [a, b] = pages(2);
    queue.request(a!);
    queue.request(b!);
    queue.request(a!);
    await Promise.resolve();
    expect(listener).toHaveBeenCalledTimes(1);
    const before = queue.getSnapshot();
    queue.settle(a!);
    await Promise.resolve();
    expect(listener).toHaveBeenCalledTimes(2);
    expect(queue.getSnapshot()).not.toBe(before);
    queue.settle(a!);
    await Promise.resolve();
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('batches the links that come into view together into one notification', async () => {
    const queue = new PrefetchQueue();
    const listener = vi.fn();
    queue.subscribe(listener);
    for (const page of pages(3)) queue.request(page);
    expect(listener).not.toHaveBeenCalled();
    await Promise.resolve();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(queue.getSnapshot()).toHaveLength(3);
  });
});
