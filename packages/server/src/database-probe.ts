import type { Database } from '@piste/db';

/** How long a ping may take before the database counts as unreachable. */
const PING_TIMEOUT_MS = 1_000;
/** How long one ping's verdict is reused, so a burst of failing requests pings once. */
const VERDICT_REUSE_MS = 1_000;
/** How long after a query ran out of time a failure is put down to the database: the rest of that request. */
const RECENT_TIMEOUT_MS = 5_000;

/**
 * Tells a failure caused by the database being down from any other: the API and the pages ask
 * it after something failed, and answer 503 "try again" instead of 500 (or a 404 for a page
 * whose data could not be read) while it does not answer, or while its queries run out of time
 * (docs/reliability.md).
 */
export interface DatabaseProbe {
  unreachable(): Promise<boolean>;
}

export function createDatabaseProbe(
  database: Pick<Database, 'ping' | 'lastQueryTimeoutAt'>,
  now: () => number = Date.now,
): DatabaseProbe {
  let verdict: { at: number; unreachable: Promise<boolean> } | null = null;

  async function ping(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), PING_TIMEOUT_MS);
    });
    try {
      return (await Promise.race([database.ping().then(() => 'answered' as const), timedOut])) === 'timeout';
    } catch {
      return true;
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    unreachable() {
      // A server that cancels slow statements still answers a ping: the timeout is the verdict.
      const timedOutAt = database.lastQueryTimeoutAt();
      if (timedOutAt !== null && now() - timedOutAt < RECENT_TIMEOUT_MS) return Promise.resolve(true);
      if (!verdict || now() - verdict.at >= VERDICT_REUSE_MS) verdict = { at: now(), unreachable: ping() };
      return verdict.unreachable;
    },
  };
}
