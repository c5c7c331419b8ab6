import { LRUCache } from 'lru-cache';
import type { FastifyRequest } from 'fastify';
import { CART_COOKIE, ORDER_COOKIE } from '@piste/commerce/server';
import { CONSENT_COOKIE, LOCALE_COOKIE } from '@piste/core';
import { SESSION_COOKIE } from '../sessions/index';
import { gzipWithNonce, plainWithNonce, spliceAtNonce, type NonceSplicedGzip } from './nonce-spliced-gzip';

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

/** A stored page's answer to one visitor: its bytes carry that answer's nonce. */
export interface PageAnswer {
  status: number;
  headers: Array<[string, string]>;
  body: Buffer;
  /** The body is gzip: the visitor accepts it. */
  gzip: boolean;
}

/** What a lookup gives: the stored page's answer, or the claim to render it (see `lookup`). */
export type PageLookup = { answer: PageAnswer } | { renderClaim: () => void };

interface Entry {
  page: CachedPage;
  /** Compressed at its first hit: a page asked for once is not worth compressing this way. */
  spliced: NonceSplicedGzip | null;
}

export interface PageCacheOptions {
  /** 0 turns the cache off. */
  ttlMs: number;
  /** Bound on the memory held, in bytes (about twice a page's HTML once it is compressed). */
  maxSize?: number;
  onLookup?: (hit: boolean) => void;
}

/**
 * Rendered HTML of anonymous page views, kept for a few seconds (docs/performance.md). A shop's
 * traffic is mostly visitors without an account or cart reading the same home, category and
 * product pages; rendering each of them again costs far more than sending what was just rendered.
 *
 * Only a GET without personal cookies is shared, keyed by its URL and the page cookies it reads,
 * and only a 200 HTML answer that sets no cookie is kept. Every answer carries a fresh CSP
 * nonce, so no two answers share one; the page is compressed once and the nonce spliced into
 * the compressed bytes (nonce-spliced-gzip.ts). The entries expire with the TTL, and are all
 * dropped when the database announces a catalogue or content write (cache-clearing.ts). While a page is being rendered,
 * others asking for it wait for that render instead of rendering it too.
 */
export class PageCache {
  private readonly entries: LRUCache<string, Entry> | null;

  /** Renders under way, by key: those asking meanwhile wait for them. */
  private readonly renders = new Map<string, Promise<void>>();

  private readonly onLookup: (hit: boolean) => void;

  constructor(options: PageCacheOptions) {
    this.entries =
      options.ttlMs > 0
        ? new LRUCache({
            ttl: options.ttlMs,
            maxSize: options.maxSize ?? 64 * 1024 * 1024,
            // The HTML, then its bytes in pieces and deflated beside it (about the same again).
            sizeCalculation: (entry) => Math.max(entry.page.html.length * 2, 1),
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

  /**
   * The stored page's answer with `nonce`, once any render of it under way is done. Else the
   * claim to render it: whoever holds it calls it when the page is remembered or given up,
   * and until then others asking for the page wait.
   */
  async lookup(key: string, nonce: string, gzip: boolean): Promise<PageLookup> {
    let answer = this.answer(key, nonce, gzip);
    const render = answer ? undefined : this.renders.get(key);
    if (render) {
      await render;
      answer = this.answer(key, nonce, gzip);
    }
    this.onLookup(answer !== undefined);
    return answer ? { answer } : { renderClaim: this.claimRender(key) };
  }

  /**
   * Keeps a rendered answer when it is the same for every anonymous visitor: a 200 HTML page
   * that sets no cookie and that the route did not mark private.
   */
  remember(key: string, page: CachedPage): void {
    const header = (name: string) => page.headers.find(([headerName]) => headerName === name)?.[1] ?? '';
    if (page.status !== 200 || !header('content-type').startsWith('text/html')) return;
    if (header('set-cookie') !== '' || /no-store|private/.test(header('cache-control'))) return;
    this.entries?.set(key, { page, spliced: null });
  }

  clear(): void {
    this.entries?.clear();
  }

  private answer(key: string, nonce: string, gzip: boolean): PageAnswer | undefined {
    const entry = this.entries?.get(key);
    if (!entry) return undefined;
    entry.spliced ??= spliceAtNonce(entry.page.html, entry.page.nonce);
    const { status, headers } = entry.page;
    return gzip
      ? { status, headers, body: gzipWithNonce(entry.spliced, nonce), gzip }
      : { status, headers, body: plainWithNonce(entry.spliced, nonce), gzip };
  }

  private claimRender(key: string): () => void {
    let release!: () => void;
    const render = new Promise<void>((resolve) => (release = resolve));
    this.renders.set(key, render);
    return () => {
      // A later claim (the page was not kept, and a waiter renders it itself) is not ours to end.
      if (this.renders.get(key) === render) this.renders.delete(key);
      release();
    };
  }
}
