import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDatabaseProbe } from './database-probe';

afterEach(() => {
  vi.useRealTimers();
});

describe('createDatabaseProbe', () => {
  it('finds a database that answers its ping reachable, and one that fails it unreachable', async () => {
    expect(await createDatabaseProbe({ ping: async () => {} }).unreachable()).toBe(false);
    expect(await createDatabaseProbe({ ping: () => Promise.reject(new Error('ECONNREFUSED')) }).unreachable()).toBe(
      true,
    );
  });

  it('finds a database whose ping takes over a second unreachable', async () => {
    vi.useFakeTimers();
    const verdict = createDatabaseProbe({ ping: () => new Promise<void>(() => {}) }).unreachable();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await verdict).toBe(true);
  });

  it('pings once for the failures of the same second', async () => {
    let now = 0;
    const ping = vi.fn(async () => {});
    const probe = createDatabaseProbe({ ping }, () => now);
    await Promise.all([probe.unreachable(), probe.unreachable(), probe.unreachable()]);
    now = 999;
    await probe.unreachable();
    expect(ping).toHaveBeenCalledTimes(1);
    now = 1_000;
    await probe.unreachable();
    expect(ping).toHaveBeenCalledTimes(2);
  });
});
