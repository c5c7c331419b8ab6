import { LRUCache } from 'lru-cache';
import type { FastifyRequest } from 'fastify';
import { CART_COOKIE, ORDER_COOKIE } from '@piste/commerce';
import { CONSENT_COOKIE, LOCALE_COOKIE } from '@piste/core';
import { SESSION_COOKIE } from '../sessions/index';

/** Cookies that make a page someone's own: their account, cart or order. Such pages are never shared. */
const PERSONAL_COOKIES = [SESSION_COOKIE, CART_COOKIE, ORDER_COOKIE] as const;

/** Cookies an anonymous page reads (whether a locale was chosen, the consent banner): part of the key. */
const PAGE_COOKIES = [LOCALE_COOKIE, CONSENT_COOKIE] as const;

/** A rendered page as it left React Router, with the nonce it was rendered with. */
export interface CachedPage {
  status: number;
  headers: Array<[string, string]>;
  html: string;
  nonce: string;
}

export interface PageCacheOptions {
  /** 0 turns the cache off. */
  ttlMs: number;
  /** Bound on the HTML held, in characters (about bytes). */
  maxSize?: number;
  onLookup?: (hit: boolean) => void;
}

/**
 * Rendered HTML of anonymous page views, kept for a few seconds (docs/performance.md). A shop's
 * traffic is mostly visitors without an account or cart reading the same home, category and
 * product pages; rendering each of them again costs far more than sending what was just rendered.
 *
 * Only a GET without personal cookies is shared, keyed by its URL and the page cookies it reads,
 * and only a 200 HTML answer that sets no cookie is kept. The CSP nonce of the stored HTML is
 * replaced by a fresh one on every answer, so no two answers share a nonce. The entries expire
 * with the TTL, well within the catalogue and content caches' own 30 seconds of staleness.
 */
export class PageCache {
  private readonly entries: LRUCache<string, CachedPage> | null;

  private readonly onLookup: (hit: boolean) => void;

  constructor(options: PageCacheOptions) {
    this.entries =
      options.ttlMs > 0
        ? new LRUCache({
            ttl: options.ttlMs,
            maxSize: options.maxSize ?? 64 * 1024 * 1024,
            sizeCalculation: (page) => Math.max(page.html.length, 1),
          })
        : null;
    this.onLookup = options.onLookup ?? (() => {});
  }

  /** The request's key, or null when its answer must be rendered for it alone. */
  keyOf(request: FastifyRequest): string | null {
    if (!this.entries || request.method !== 'GET') return null;
    if (PERSONAL_COOKIES.some((name) => request.cookies[name] !== undefined)) return null;
    const cookies = PAGE_COOKIES.map((name) => request.cookies[name] ?? '');
    return JSON.stringify([request.url, ...cookies]);
  }

  /** The stored page with a fresh nonce in place of the one it was rendered with. */
  get(key: string, nonce: string): CachedPage | undefined {
    const page = this.entries?.get(key);
    this.onLookup(page !== undefined);
    if (!page) return undefined;
    return { ...page, html: page.html.replaceAll(page.nonce, nonce), nonce };
  }

  /**
   * Keeps a rendered answer when it is the same for every anonymous visitor: a 200 HTML page
   * that sets no cookie and that the route did not mark private.
   */
  remember(key: string, page: CachedPage): void {
    const header = (name: string) => page.headers.find(([headerName]) => headerName === name)?.[1] ?? '';
    if (page.status !== 200 || !header('content-type').startsWith('text/html')) return;
    if (header('set-cookie') !== '' || /no-store|private/.test(header('cache-control'))) return;
    this.entries?.set(key, page);
  }

  clear(): void {
    this.entries?.clear();
  }
}
