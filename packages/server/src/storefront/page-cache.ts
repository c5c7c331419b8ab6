import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import type { FastifyRequest } from 'fastify';
import { CONSENT_COOKIE, LOCALE_COOKIE } from '@piste/core';
import { mayBeShared } from './page-sharing';

/** Cookies a shared page reads (whether a locale was chosen, the consent banner): part of the key. */
const PAGE_COOKIES = [LOCALE_COOKIE, CONSENT_COOKIE] as const;

/** How a page goes on the wire: compressed in what the visitor accepts, or as it is. */
export type PageEncoding = 'br' | 'gzip' | 'identity';

/** A rendered page, finished: its status, its headers (its Content-Security-Policy among them) and its HTML. */
export interface FinishedPage {
  status: number;
  headers: Array<[string, string]>;
  html: string;
}

/** A stored page's answer: the same bytes for every visitor asking in that encoding. */
export interface PageAnswer {
  status: number;
  headers: Array<[string, string]>;
  body: Buffer;
  encoding: PageEncoding;
}

/** What a lookup gives: the stored page's answer, or the claim to render it (see `lookup`). */
export type PageLookup = { answer: PageAnswer } | { renderClaim: () => void };

/**
 * Compression of a stored page, done once per encoding (decision 014). Brotli 6 makes the
 * product page about 13 % smaller than the on-the-fly brotli 2 for a few milliseconds more;
 * from 7 on it costs ten times as much. Gzip 9 is no smaller than zlib's default 6 on our pages.
 * Both run on libuv's threads, so a compression does not hold up other requests.
 */
const brotliCompressed = promisify(brotliCompress);
const gzipped = promisify(gzip);
const COMPRESS: Record<Exclude<PageEncoding, 'identity'>, (bytes: Buffer) => Promise<Buffer>> = {
  br: (bytes) =>
    brotliCompressed(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 6,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  gzip: (bytes) => gzipped(bytes, { level: 6 }),
};

/** A page kept whole: its bytes, and each encoding of them compressed when first asked for. */
export class StoredPage {
  private readonly compressed = new Map<Exclude<PageEncoding, 'identity'>, Promise<Buffer>>();

  constructor(
    private readonly status: number,
    private readonly headers: Array<[string, string]>,
    readonly bytes: Buffer,
  ) {}

  async answer(encoding: PageEncoding): Promise<PageAnswer> {
    const body = encoding === 'identity' ? this.bytes : await this.compressedIn(encoding);
    return { status: this.status, headers: this.headers, body, encoding };
  }

  private compressedIn(encoding: Exclude<PageEncoding, 'identity'>): Promise<Buffer> {
    let body = this.compressed.get(encoding);
    if (!body) {
      body = COMPRESS[encoding](this.bytes);
      // A failed compression is not kept: the next visitor asking tries again.
      body.catch(() => this.compressed.delete(encoding));
      this.compressed.set(encoding, body);
    }
    return body;
  }
}

export interface PageCacheOptions {
  /** 0 turns the cache off. */
  ttlMs: number;
  /** Bound on the memory held, in bytes (a page counts its bytes and room for its compressed copies). */
  maxSize?: number;
  onLookup?: (hit: boolean) => void;
}

/**
 * Rendered HTML of signed-out page views, kept for a few seconds (docs/performance.md). A shop's
 * traffic is mostly signed-out visitors, with or without a cart, reading the same home, category
 * and product pages; rendering each of them again costs far more than sending what was just rendered.
 *
 * Only the shared answers of decision 029-a are kept: a GET of a page that is nobody's own
 * (page-sharing.ts: no session cookie; a cart or order cookie does not matter, since the header
 * reads the cart from `/api/shopper` after load), keyed by its URL and the page cookies it
 * reads, and only a 200 HTML answer that sets no cookie. A page is kept finished, its
 * Content-Security-Policy among its headers (the page's inline scripts are allowed by hash, so
 * nothing in it changes per answer), and compressed once per encoding: every visitor asking in
 * that encoding gets the same bytes. The entries expire with the TTL, and are all dropped when
 * the database announces a catalogue or content write (cache-clearing.ts). While a page is
 * being rendered, others asking for it wait for that render instead of rendering it too.
 */
export class PageCache {
  private readonly entries: LRUCache<string, StoredPage> | null;

  /** Renders under way, by key: those asking meanwhile wait for them. */
  private readonly renders = new Map<string, Promise<void>>();

  private readonly onLookup: (hit: boolean) => void;

  constructor(options: PageCacheOptions) {
    this.entries =
      options.ttlMs > 0
        ? new LRUCache({
            ttl: options.ttlMs,
            maxSize: options.maxSize ?? 64 * 1024 * 1024,
            // The page's bytes, and room for its brotli and gzip copies (each about a fifth of it).
            sizeCalculation: (page) => Math.max(Math.ceil(page.bytes.length * 1.4), 1),
          })
        : null;
    this.onLookup = options.onLookup ?? (() => {});
  }

  /** The request's key, or null when its answer must be rendered for it alone. */
  keyOf(request: FastifyRequest): string | null {
    if (!this.entries || request.method !== 'GET' || !mayBeShared(request)) return null;
    const cookies = PAGE_COOKIES.map((name) => request.cookies[name] ?? '');
    return JSON.stringify([request.url, ...cookies]);
  }

  /**
   * The stored page's answer in `encoding`, once any render of it under way is done. Else the
   * claim to render it: whoever holds it calls it when the page is remembered or given up,
   * and until then others asking for the page wait.
   */
  async lookup(key: string, encoding: PageEncoding): Promise<PageLookup> {
    let page = this.entries?.get(key);
    const render = page ? undefined : this.renders.get(key);
    if (render) {
      await render;
      page = this.entries?.get(key);
    }
    this.onLookup(page !== undefined);
    return page ? { answer: await page.answer(encoding) } : { renderClaim: this.claimRender(key) };
  }

  /**
   * Keeps a rendered answer when it is the same for every signed-out visitor: a 200 HTML page
   * that sets no cookie and that the route did not mark private. Gives the kept page, whose
   * answers go to this visitor and the next ones alike; null when it is not kept.
   */
  remember(key: string, page: FinishedPage): StoredPage | null {
    if (!this.entries) return null;
    const header = (name: string) => page.headers.find(([headerName]) => headerName === name)?.[1] ?? '';
    if (page.status !== 200 || !header('content-type').startsWith('text/html')) return null;
    if (header('set-cookie') !== '' || /no-store|private/.test(header('cache-control'))) return null;
    const stored = new StoredPage(page.status, page.headers, Buffer.from(page.html));
    this.entries.set(key, stored);
    return stored;
  }

  clear(): void {
    this.entries?.clear();
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
