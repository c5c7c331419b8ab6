import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../sessions/index';

/**
 * Pages that are always someone's own, in every locale: the cart, checkout (and its
 * confirmation), the order lookup and the account area. Their answers are never shared.
 */
const PERSONAL_PAGES = /^(?:\/[a-z]{2}-[a-z]{2})?\/(?:cart|checkout|order-status|account)(?:\/|$)/;

/** What a cache may do with a page answer (docs/decisions/029-a-shared-and-personal-pages.md). */
export type PageSharing = 'shared' | 'personal';

/** The answer as it left React Router, and whether it shows a content draft. */
export interface RenderedPage {
  status: number;
  headers: Headers;
  preview: boolean;
}

const PERSONAL_CACHE_CONTROL = 'private, no-store';

/** Whether the request's own traits allow a shared answer, before anything is rendered. */
export function mayBeShared(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (request.cookies[SESSION_COOKIE] !== undefined) return false;
  const pathname = new URL(request.url, 'http://localhost').pathname;
  return !pathname.endsWith('.data') && !PERSONAL_PAGES.test(pathname);
}

/**
 * Shared: the same bytes for every signed-out visitor of the URL (with the same locale and
 * consent cookies), so a CDN and our page cache may keep it. A route that marks its answer
 * private or no-store (the pro pages, which show a signed-in shopper's status), or that sets a
 * cookie, keeps it personal.
 */
export function pageSharing(request: FastifyRequest, page: RenderedPage): PageSharing {
  const html = page.headers.get('content-type')?.startsWith('text/html') ?? false;
  // A cookie is this visitor's own (a campaign landing's UTM cookie): an answer setting one is never shared.
  const markedPersonal =
    /no-store|private/.test(page.headers.get('cache-control') ?? '') || page.headers.has('set-cookie');
  return mayBeShared(request) && !page.preview && html && page.status === 200 && !markedPersonal
    ? 'shared'
    : 'personal';
}

/**
 * Whether an answer keeps the caching its route chose: a resource route's answer (neither a page
 * nor a data request) that names its own `Cache-Control`, as the content-hashed display-text
 * module does (immutable). Every other answer follows the shared and personal rules.
 */
export function keepsOwnCaching(request: FastifyRequest, headers: Headers): boolean {
  const html = headers.get('content-type')?.startsWith('text/html') ?? false;
  const pathname = new URL(request.url, 'http://localhost').pathname;
  return !html && !pathname.endsWith('.data') && headers.has('cache-control');
}

/** The `Cache-Control` of shared pages: browsers ask again every time, a CDN keeps it `maxAgeSeconds`. */
export const sharedCacheControl = (maxAgeSeconds: number) =>
  `public, max-age=0, s-maxage=${maxAgeSeconds}, stale-while-revalidate=600`;

/**
 * Sets the caching headers of a page answer. A shared answer varies only by its URL and the
 * locale and consent cookies, which a CDN keys on; `Vary` names the encoding alone, since
 * `Vary: Cookie` would split it per visitor.
 */
export function setPageCaching(headers: Headers, sharing: PageSharing, sharedMaxAgeSeconds: number): void {
  if (sharing === 'personal') {
    headers.set('cache-control', PERSONAL_CACHE_CONTROL);
    return;
  }
  headers.set('cache-control', sharedCacheControl(sharedMaxAgeSeconds));
  if (!/accept-encoding/i.test(headers.get('vary') ?? '')) headers.append('vary', 'Accept-Encoding');
}

/**
 * Marks an answer personal when a cookie goes out with it that the page itself did not set: a
 * campaign landing's UTM cookie (plugins/locale-routing.ts) is set beside the page, and the
 * visitor's own. Run as the answer is sent, once every cookie is in its headers.
 */
export function keepCookiesOutOfSharedCaches(reply: FastifyReply): void {
  if (reply.hasHeader('set-cookie') && /\bpublic\b/.test(String(reply.getHeader('cache-control') ?? ''))) {
    reply.header('cache-control', PERSONAL_CACHE_CONTROL);
  }
}
