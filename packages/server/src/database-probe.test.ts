import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDatabaseProbe } from './database-probe';

afterEach(() => {
  vi.useRealTimers();
});

/** A database whose queries never ran out of time. */
const noTimeouts = { lastQueryTimeoutAt: () => null };

describe('createDatabaseProbe', () => {
  it('finds a database that answers its ping reachable, and one that fails it unreachable', async () => {
    expect(await createDatabaseProbe({ ping: async () => {}, ...noTimeouts }).unreachable()).toBe(false);
    const refusing = { ping: () => Promise.reject(new Error('ECONNREFUSED')), ...noTimeouts };
    expect(await createDatabaseProbe(refusing).unreachable()).toBe(true);
  });

  it('finds a database whose ping takes over a second unreachable', async () => {
    vi.useFakeTimers();
    const verdict = createDatabaseProbe({ ping: () => new Promise<void>(() => {}), ...noTimeouts }).unreachable();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await verdict).toBe(true);
  });

  it('pings once for the failures of the same second', async () => {
    let now = 0;
    const ping = vi.fn(async () => {});
    const probe = createDatabaseProbe({ ping, ...noTimeouts }, () => now);
    await Promise.all([probe.unreachable(), probe.unreachable(), probe.unreachable()]);
    now = 999;
    await probe.unreachable();
    expect(ping).toHaveBeenCalledTimes(1);
    now = 1_000;
    await probe.unreachable();
    expect(ping).toHaveBeenCalledTimes(2);
  });

  it('finds a database whose query ran out of time in the last 5 s unreachable, though it answers a ping', async () => {
    let now = 10_000;
    let timedOutAt: number | null = null;
    const ping = vi.fn(async () => {});
    const probe = createDatabaseProbe({ ping, lastQueryTimeoutAt: () => timedOutAt }, () => now);
    expect(await probe.unreachable()).toBe(false);
    timedOutAt = now;
    now += 4_999;
    expect(await probe.unreachable()).toBe(true);
    now += 1;
    expect(await probe.unreachable()).toBe(false);
    expect(ping).toHaveBeenCalledTimes(2);
  });
});
