import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUILD_CHECK_INTERVAL_MS, BuildWatcher } from './build-watcher';

const HOUR = 60 * 60 * 1000;

describe('BuildWatcher (spec §7: builds/latest.json is checked hourly for a new build id)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('checks every 60 minutes and turns stale once the id differs', async () => {
    expect(BUILD_CHECK_INTERVAL_MS).toBe(HOUR);
    const fetchLatestId = vi.fn<() => Promise<string | null>>().mockResolvedValue('build-a');
    const watcher = new BuildWatcher({ currentId: 'build-a', fetchLatestId });
    const stop = watcher.start();
    await vi.advanceTimersByTimeAsync(HOUR - 1);
    expect(fetchLatestId).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchLatestId).toHaveBeenCalledTimes(1);
    expect(watcher.stale).toBe(false);
    fetchLatestId.mockResolvedValue('build-b');
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(fetchLatestId).toHaveBeenCalledTimes(2);
    expect(watcher.stale).toBe(true);
    // Stale for good: no more requests.
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(fetchLatestId).toHaveBeenCalledTimes(2);
    stop();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('checks when the tab comes into view an hour or more after the last check, not sooner', async () => {
    const fetchLatestId = vi.fn<() => Promise<string | null>>().mockResolvedValue('build-b');
    const watcher = new BuildWatcher({ currentId: 'build-a', fetchLatestId });
    vi.advanceTimersByTime(59 * 60 * 1000);
    await watcher.visible();
    expect(fetchLatestId).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60 * 1000);
    await watcher.visible();
    expect(fetchLatestId).toHaveBeenCalledTimes(1);
    expect(watcher.stale).toBe(true);
  });

  it('stays current when the server cannot tell or the request fails, and tries again later', async () => {
    const fetchLatestId = vi
      .fn<() => Promise<string | null>>()
      .mockResolvedValueOnce(null)
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue('build-a');
    const watcher = new BuildWatcher({ currentId: 'build-a', fetchLatestId });
    await watcher.check();
    await watcher.check();
    await watcher.check();
    expect(fetchLatestId).toHaveBeenCalledTimes(3);
    expect(watcher.stale).toBe(false);
  });

  it('asks once when a check is already under way', async () => {
    let answer: (id: string) => void = () => {};
    const fetchLatestId = vi.fn(() => new Promise<string | null>((resolve) => (answer = resolve)));
    const watcher = new BuildWatcher({ currentId: 'build-a', fetchLatestId });
    const first = watcher.check();
    const second = watcher.check();
    answer('build-b');
    await Promise.all([first, second]);
    expect(fetchLatestId).toHaveBeenCalledTimes(1);
    expect(watcher.stale).toBe(true);
  });
});
