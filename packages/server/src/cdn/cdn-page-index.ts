import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

/** The request header nginx sends its cache key in (deploy/nginx/piste-cache.conf). */
export const CACHE_KEY_HEADER = 'x-cache-key';

/** Longer keys are not remembered: the header comes from whoever reaches the server. */
const MAX_KEY_LENGTH = 2_048;

/**
 * Which cache keys of the CDN hold which of our shared pages, with each page's surrogate keys.
 * nginx purges by exact cache key only (its cache-purge module has no tags and no wildcards), so
 * each instance remembers the keys of the shared pages it answered; a change purges the keys
 * whose pages carry a stale tag. Every instance hears every change and purges its own.
 *
 * Bounded: a key forgotten (evicted, or answered by an instance since restarted) is not purged
 * and expires by its `s-maxage` instead.
 */
export class CdnPageIndex {
  private readonly pages: LRUCache<string, readonly string[]>;

  constructor(maxPages = 20_000) {
    this.pages = new LRUCache({ max: maxPages });
  }

  remember(cacheKey: string, surrogateKeys: string): void {
    this.pages.set(cacheKey, surrogateKeys.split(' ').filter(Boolean));
  }

  /** The keys of the pages showing any of `tags` (all pages for `all`), forgotten: they are being purged. */
  take(tags: readonly string[] | 'all'): string[] {
    const stale = new Set(tags);
    const keys: string[] = [];
    for (const [key, pageTags] of this.pages.entries()) {
      if (tags === 'all' || pageTags.some((tag) => stale.has(tag))) keys.push(key);
    }
    for (const key of keys) this.pages.delete(key);
    return keys;
  }
}

/**
 * An `onSend` hook remembering every answer the CDN may keep: a 200 that says `public` and names
 * its surrogate keys, asked for under a cache key. Pages the in-process cache answered count too.
 */
export function rememberCdnPages(index: CdnPageIndex) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const cacheKey = request.headers[CACHE_KEY_HEADER];
    const surrogateKeys = reply.getHeader('surrogate-key');
    const cacheControl = String(reply.getHeader('cache-control') ?? '');
    if (
      reply.statusCode === 200 &&
      typeof cacheKey === 'string' &&
      cacheKey.length <= MAX_KEY_LENGTH &&
      typeof surrogateKeys === 'string' &&
      /(^|,)\s*public\s*(,|$)/i.test(cacheControl)
    ) {
      index.remember(cacheKey, surrogateKeys);
    }
    return payload;
  };
}
