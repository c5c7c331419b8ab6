import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { SearchChange } from '@piste/db';
import { CACHE_KEY_HEADER, type CdnPageIndex } from './cdn-page-index';
import { staleTagsOf } from './surrogate-keys';

/** Tells the CDN in front which pages a committed change made stale (cache-clearing.ts). */
export interface CdnPurge {
  /** Starts the purge and returns at once: a CDN that is slow or down never holds up the shop. */
  purge(change: SearchChange): void;
  /** Resolves once every purge started so far has ended, sent or given up. */
  settled(): Promise<void>;
}

export interface NginxPurgeOptions {
  /** CDN_PURGE_URL: nginx's purge location (deploy/nginx/piste-cache.conf). */
  url: string;
  index: CdnPageIndex;
  log: FastifyBaseLogger;
  /** Waits before each retry of a key nginx did not answer for; then the purge is given up. */
  retryDelaysMs?: readonly number[];
}

/** Purges in flight at once: enough to drop thousands of keys in seconds, few enough to spare nginx. */
const CONCURRENT_PURGES = 8;
const PURGE_TIMEOUT_MS = 5_000;
const RETRY_DELAYS_MS = [1_000, 5_000, 30_000];

type Outcome = 'purged' | 'retry' | { refused: string };

/**
 * Purges through nginx's cache-purge module: one `PURGE` request per cache key, the key in the
 * `X-Cache-Key` header. 200 (purged) and 404 (not cached any more) both leave nothing stale. A
 * timeout, a network error or a 5xx is retried after each of `retryDelaysMs`; another answer
 * (403: this instance is not allowed to purge) is a misconfiguration and not retried. A purge
 * given up is logged: those pages expire by their `s-maxage`.
 */
export function createNginxPurge({ url, index, log, retryDelaysMs = RETRY_DELAYS_MS }: NginxPurgeOptions): CdnPurge {
  const running = new Set<Promise<void>>();

  async function purgeKey(key: string): Promise<Outcome> {
    let headers: Headers;
    try {
      headers = new Headers({ [CACHE_KEY_HEADER]: key });
    } catch {
      return { refused: 'the key cannot be sent in a header' };
    }
    try {
      const response = await fetch(url, { method: 'PURGE', headers, signal: AbortSignal.timeout(PURGE_TIMEOUT_MS) });
      await response.body?.cancel();
      if (response.status === 200 || response.status === 404) return 'purged';
      return response.status >= 500 ? 'retry' : { refused: `nginx answered ${response.status}` };
    } catch {
      return 'retry';
    }
  }

  async function purgeKeys(keys: string[]): Promise<void> {
    let pending = keys;
    for (let attempt = 0; pending.length > 0; attempt += 1) {
      const retry: string[] = [];
      const refused: string[] = [];
      const queue = [...pending];
      await Promise.all(
        Array.from({ length: Math.min(CONCURRENT_PURGES, queue.length) }, async () => {
          for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
            const outcome = await purgeKey(key);
            if (outcome === 'retry') retry.push(key);
            else if (outcome !== 'purged') refused.push(`${key}: ${outcome.refused}`);
          }
        }),
      );
      if (refused.length > 0)
        log.error({ refused: refused.slice(0, 5) }, `CDN purge refused for ${refused.length} pages`);
      const delay = retryDelaysMs[attempt];
      if (retry.length > 0 && delay === undefined) {
        log.error({ keys: retry.slice(0, 5) }, `CDN purge gave up on ${retry.length} pages; they expire by s-maxage`);
        return;
      }
      if (retry.length > 0) {
        log.warn({ url }, `CDN purge: nginx did not answer for ${retry.length} pages; retrying in ${delay} ms`);
        // Unreferenced: a retry pending never keeps a stopping process alive.
        await sleep(delay, undefined, { ref: false });
      }
      pending = retry;
    }
  }

  return {
    purge(change) {
      const keys = index.take(staleTagsOf(change));
      if (keys.length === 0) return;
      const purging = purgeKeys(keys)
        .catch((error: unknown) => log.error({ err: error }, 'CDN purge failed'))
        .finally(() => running.delete(purging));
      running.add(purging);
    },
    async settled() {
      await Promise.all([...running]);
    },
  };
}
