import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentRecoveryReport } from '@piste/commerce';
import { schedulePaymentRecovery } from './payment-recovery';

const MINUTE = 60_000;
const START = new Date('2026-11-21T12:00:00Z');

afterEach(() => {
  vi.useRealTimers();
});

/** An app whose log lines are kept, with a recovery that answers `reports` in turn. */
function appWithRecovery(reports: Array<PaymentRecoveryReport | Error>) {
  const lines: Array<Record<string, unknown>> = [];
  const app = Fastify({
    logger: { level: 'warn', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
  });
  const cutoffs: Date[] = [];
  const settle = vi.fn(async (authorizedBefore: Date) => {
    cutoffs.push(authorizedBefore);
    const report = reports.shift() ?? { captured: [], voided: [] };
    if (report instanceof Error) throw report;
    return report;
  });
  schedulePaymentRecovery(app, { settle });
  return { app, lines, cutoffs, settle };
}

describe('schedulePaymentRecovery', () => {
  it('settles what is 30 minutes old once ready, then every 5 minutes, a restart or not', async () => {
    vi.useFakeTimers({ now: START });
    const { app, cutoffs, settle } = appWithRecovery([]);
    await app.ready();
    expect(cutoffs).toEqual([new Date(START.getTime() - 30 * MINUTE)]);

    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(cutoffs.at(-1)).toEqual(new Date(START.getTime() - 25 * MINUTE));
    await vi.advanceTimersByTimeAsync(30 * MINUTE);
    expect(settle).toHaveBeenCalledTimes(8);
    expect(cutoffs.at(-1)).toEqual(new Date(START.getTime() + 5 * MINUTE));

    await app.close();
    await vi.advanceTimersByTimeAsync(30 * MINUTE);
    expect(settle).toHaveBeenCalledTimes(8);
  });

  it('logs what it captured and voided, and a failed run without stopping the next', async () => {
    vi.useFakeTimers({ now: START });
    const { app, lines, settle } = appWithRecovery([
      {
        captured: [{ transactionId: 'test_a', amountMinor: 4999, orderId: 100007 }],
        voided: [{ transactionId: 'test_b', amountMinor: 1200 }],
      },
      new Error('the database did not answer'),
    ]);
    await app.ready();
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(settle).toHaveBeenCalledTimes(3);
    expect(lines).toEqual([
      expect.objectContaining({ level: 40, orderId: 100007, transactionId: 'test_a', amountMinor: 4999 }),
      expect.objectContaining({ level: 40, transactionId: 'test_b', amountMinor: 1200 }),
      expect.objectContaining({ level: 50, err: expect.objectContaining({ message: 'the database did not answer' }) }),
    ]);
    await app.close();
  });
});
