import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { requestCustomer } from '../accounts/request-customer';
import { CARD_DATA_REFUSED, CARD_DATA_REFUSED_MESSAGE, isDomainError } from '@piste/core';
import { errorBody, UNAVAILABLE_MESSAGE } from '../errors';
import type { OutageProbe } from '../outage-probe';
import { cmsDataRedirectOf } from '../seo/cms-redirects';
import { pageSurrogateKeys, surrogateKeyHeader } from '../cdn/surrogate-keys';
import { inlineScriptHashes } from '../inline-script-hashes';
import { pageContentSecurityPolicy } from './content-security-policy';
import type { ContentPreview, ContentPreviews } from './content-preview';
import { localeParamOf, shopperLocaleState } from './request-locale';
import type { Services } from '../services';
import type { StorefrontLoadContext } from './load-context';
import { announcesTooManyBytes, countedPageBody, type BodyExcess } from './page-body-limit';
import type { FinishedPage, PageAnswer, PageCache, PageEncoding } from './page-cache';
import { keepCookiesOutOfSharedCaches, keepsOwnCaching, pageSharing, setPageCaching } from './page-sharing';
import { UNAVAILABLE_PAGE_CSP, unavailablePage, type UnavailableKind } from './unavailable-page';
import { sendWebResponse, setStatusAndHeaders, toWebRequest } from './web-request';

export interface StorefrontOptions {
  /** The React Router server build, or a loader for it (the Vite dev server reloads it). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Folder of the client build (`build/client`); omitted in development, where Vite serves assets. */
  clientBuildDir?: string;
  mode: 'production' | 'development';
  services: Services;
  /** The media service the storefront builds image URLs for; defaults to the embedded one. */
  media?: StorefrontLoadContext['media'];
  /** STORE_MAP_TILE_URL: the store locator draws a map only with one. */
  mapTileUrl?: string | null;
  tagManagerId?: string | null;
  /** PUBLIC_URL: canonical, hreflang and structured-data URLs are built on it, never on the Host header. */
  publicUrl: string;
  /** Rendered pages of anonymous visitors, shared for a few seconds (production only). */
  pageCache: PageCache;
  /** PAGE_SHARED_MAX_AGE_SECONDS: how long a CDN may keep a page every signed-out visitor shares. */
  sharedPageMaxAgeSeconds: number;
  /** Asked when a page fails: while the database or Redis is down, the answer is a 503 "back in a moment". */
  outages: OutageProbe;
  /** Reads a content preview link's token (`?preview=`): such a page shows the draft (content-preview.ts). */
  previews?: ContentPreviews;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** How soon a browser or crawler may try a page again while the database or Redis is down (seconds). */
const OUTAGE_RETRY_AFTER_SECONDS = 30;

/**
 * A page answer that may only mean the database or the content service could not be read: an
 * error, or a "not found" for a product or page whose data never arrived. Crawlers must not
 * drop a page for an outage.
 */
/** The checkout page, in any locale (`/en-us/checkout`). */
const CHECKOUT_PAGE = /^(\/[a-z]{2}-[a-z]{2})?\/checkout\/?$/;

const mayHideOutage = (status: number) => status >= 500 || status === 404 || status === 410;

const UNAVAILABLE_STATUS: Record<UnavailableKind, number> = {
  outage: 503,
  broken: 500,
  'too-large': 413,
  'card-refused': 400,
};

/** What React Router's data requests get instead of the static page: the API's error body. */
const UNAVAILABLE_ERROR: Record<UnavailableKind, [code: string, message: string]> = {
  outage: ['UNAVAILABLE', UNAVAILABLE_MESSAGE],
  broken: ['INTERNAL', 'Something went wrong on our side.'],
  'too-large': ['PAYLOAD_TOO_LARGE', 'The request body is too large.'],
  'card-refused': [CARD_DATA_REFUSED, CARD_DATA_REFUSED_MESSAGE],
};

/** A request of React Router's client (`/route.data`), which reads a body, not a page. */
const isDataRequest = (request: FastifyRequest) => new URL(request.url, 'http://localhost').pathname.endsWith('.data');

/**
 * The answer of a page that cannot be rendered: the static page of `unavailable-page.ts` for a
 * browser, the API's error body for a data request (a form a shopper with scripts posted).
 */
function sendUnavailable(request: FastifyRequest, reply: FastifyReply, kind: UnavailableKind): FastifyReply {
  if (kind === 'outage') reply.header('retry-after', String(OUTAGE_RETRY_AFTER_SECONDS));
  reply.status(UNAVAILABLE_STATUS[kind]).header('cache-control', 'no-store');
  if (isDataRequest(request)) return reply.send(errorBody(...UNAVAILABLE_ERROR[kind]));
  return reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', UNAVAILABLE_PAGE_CSP)
    .send(unavailablePage(kind, request.url));
}

/**
 * A form post past `PAGE_BODY_LIMITS` (docs/security.md 'Request bodies') answers 413. The
 * connection closes, as Fastify's own 413 does: the client may still be sending.
 */
function sendBodyTooLarge(request: FastifyRequest, reply: FastifyReply, excess: BodyExcess): FastifyReply {
  request.log.warn({ excess }, 'a form post was too large: 413');
  reply.header('connection', 'close');
  return sendUnavailable(request, reply, 'too-large');
}

/**
 * The storefront catch-all: static assets from the client build, then React Router SSR for
 * every other path. Request bodies reach React Router actions untouched, whatever their type.
 */
export const storefront: FastifyPluginAsync<StorefrontOptions> = async (app, options) => {
  if (options.clientBuildDir) {
    await app.register(fastifyStatic, {
      root: options.clientBuildDir,
      // One route per file: the catch-all below stays free for pages.
      wildcard: false,
      index: false,
      // The build ships `.br` and `.gz` beside each file (vite-plugin-compression2).
      preCompressed: true,
      setHeaders: (reply, path) => {
        // Vite puts content-hashed files under /assets: they never change under the same name.
        const hashed = path.startsWith(join(options.clientBuildDir!, 'assets'));
        reply.header('cache-control', hashed ? IMMUTABLE : 'public, max-age=3600');
      },
    });
  }

  const handleRequest = createRequestHandler(options.build, options.mode);

  // After @fastify/cookie's own onSend (registered on the root, so it runs first) has written them.
  app.addHook('onSend', async (_request, reply, payload) => {
    keepCookiesOutOfSharedCaches(reply);
    return payload;
  });

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  // Failures before React Router renders (the session lookup, most often because the database
  // or Redis is down) get a page, never Fastify's JSON error with its message. A sign-out
  // refused this way leaves the session cookie in place, to try again.
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    // The card guard refused the page's address (plugins/card-guard.ts): a page saying why.
    if (isDomainError(error) && error.code === CARD_DATA_REFUSED)
      return sendUnavailable(request, reply, 'card-refused');
    // A client's own mistake keeps Fastify's answer (handled by the parent's handler).
    if (error.statusCode !== undefined && error.statusCode < 500) return reply.send(error);
    // A DomainError of kind UNAVAILABLE: the commerce platform did not answer (the session's customer).
    const dependency = isDomainError(error, 'UNAVAILABLE') ? 'commerce platform' : await options.outages.unreachable();
    if (dependency) request.log.warn({ err: error, dependency }, `the ${dependency} is unreachable`);
    else request.log.error({ err: error }, 'page failed');
    return sendUnavailable(request, reply, dependency ? 'outage' : 'broken');
  });

  /**
   * Whether a content read failed for want of an answer (a network failure, a timeout, a 5xx)
   * since `since`. The content client reads such a failure as empty (spec §8), so a product or
   * page it could not read looks missing; a "not found" answer of a healthy service does not count.
   */
  const contentFailedSince = (since: number) => {
    const failedAt = options.services.content.client.lastUnavailableAt();
    return failedAt !== null && failedAt >= since;
  };

  const media = options.media ?? { baseUrl: '/media', alias: 'piste' };
  /** The checkout page frames the payment provider's card element; no other page may. */
  const paymentSources = (url: string) =>
    CHECKOUT_PAGE.test(new URL(url, 'http://localhost').pathname)
      ? (options.services.embeddedOnly?.payments.browserSetup().csp ?? null)
      : null;
  const pagePolicy = (html: string, url: string) =>
    pageContentSecurityPolicy(
      inlineScriptHashes(html),
      media.baseUrl,
      options.mapTileUrl ?? null,
      options.tagManagerId ?? null,
      options.services.botProtection.protection.browser.provider === 'recaptcha',
      paymentSources(url),
    );

  app.all('/*', async (request, reply) => {
    if (announcesTooManyBytes(request.raw)) return sendBodyTooLarge(request, reply, 'bytes');
    // A preview shows an unpublished draft to whoever holds the link: never shared, never cached.
    const preview = options.previews ? await options.previews(new URL(request.url, 'http://localhost')) : null;
    if (preview) return renderPage(request, reply, null, preview);
    const cacheKey = options.mode === 'production' ? options.pageCache.keyOf(request) : null;
    if (!cacheKey) return renderPage(request, reply, null);
    const lookup = await options.pageCache.lookup(cacheKey, storedEncodingFor(request));
    if ('answer' in lookup) return sendStoredPage(reply, lookup.answer);
    try {
      return await renderPage(request, reply, cacheKey);
    } finally {
      lookup.renderClaim();
    }
  });

  /** Renders the page; a page the cache may share is remembered under `cacheKey`. */
  async function renderPage(
    request: FastifyRequest,
    reply: FastifyReply,
    cacheKey: string | null,
    preview: ContentPreview | null = null,
  ) {
    const renderStartedAt = Date.now();
    const session = await requestCustomer(request, reply, options.services);
    const body = request.method === 'GET' || request.method === 'HEAD' ? null : countedPageBody(request.raw);
    if (body) reply.raw.once('finish', body.drainUnread);
    const webRequest = toWebRequest(request, reply, body?.stream);
    // Built once here, so every loader and action of the request sees the same locale and shopper.
    const customer = session.status;
    const localeState = shopperLocaleState(localeParamOf(new URL(webRequest.url)), customer?.isPro);
    let platformUnavailable = false;
    const loadContext: StorefrontLoadContext = {
      services: preview
        ? { ...options.services, content: { ...options.services.content, client: preview.client } }
        : options.services,
      preview: preview && { title: preview.entry.title },
      localeState,
      shopper: options.services.shopperIn(localeState.bcRegion, customer),
      localeStateIn: (locale) => shopperLocaleState(locale, customer?.isPro),
      shopperIn: (bcRegion) => options.services.shopperIn(bcRegion, customer),
      media,
      mapTileUrl: options.mapTileUrl ?? null,
      tagManagerId: options.tagManagerId ?? null,
      customer,
      sessionToken: session.token,
      clientIp: request.ip,
      publicUrl: options.publicUrl,
      surrogateKeys: pageSurrogateKeys(localeState.locale),
      cmsRedirect: cmsDataRedirectOf(request),
      noteUnavailable: () => {
        platformUnavailable = true;
      },
    };
    const rendered = await handleRequest(webRequest, loadContext);
    const response = preview ? privatePreview(rendered) : rendered;
    // Page views set no cookie: `/api/shopper` hands out the CSRF token (decision 029-a).
    const sharing = pageSharing(request, { status: response.status, headers: response.headers, preview: !!preview });
    if (!keepsOwnCaching(request, response.headers)) {
      setPageCaching(response.headers, sharing, options.sharedPageMaxAgeSeconds);
    }
    const excess = body?.excess();
    if (excess) {
      await response.body?.cancel();
      return sendBodyTooLarge(request, reply, excess);
    }
    const html = response.headers.get('content-type')?.startsWith('text/html');
    if (html && response.status === 200) {
      response.headers.set('surrogate-key', surrogateKeyHeader(loadContext.surrogateKeys));
    }
    if ((html || isDataRequest(request)) && mayHideOutage(response.status)) {
      const dependency = platformUnavailable
        ? 'commerce platform'
        : contentFailedSince(renderStartedAt)
          ? 'content service'
          : await options.outages.unreachable();
      if (dependency) {
        request.log.warn(
          { status: response.status, dependency },
          `the ${dependency} is unreachable: the page answers 503`,
        );
        await response.body?.cancel();
        return sendUnavailable(request, reply, 'outage');
      }
    }
    if (!html) return sendWebResponse(reply, response);
    // Vite's development pages add scripts and a websocket of their own; the app-wide
    // `default-src 'none'` meant for JSON would blank them.
    if (options.mode !== 'production') reply.removeHeader('content-security-policy');
    const page = await finishedPage(response, request.url);
    // React Router answers HEAD without a body: only a GET's page is worth keeping.
    const stored =
      cacheKey && sharing === 'shared' && request.method === 'GET' ? options.pageCache.remember(cacheKey, page) : null;
    if (stored) return sendStoredPage(reply, await stored.answer(storedEncodingFor(request)));
    setStatusAndHeaders(reply, page.status, page.headers);
    return reply.send(page.html);
  }

  /**
   * The page whole, with the policy allowing exactly its inline scripts: a page is read to its
   * end before it is sent (entry.server.tsx renders it whole), since the header names them.
   */
  async function finishedPage(response: Response, url: string): Promise<FinishedPage> {
    const html = await response.text();
    const headers = [...response.headers];
    if (options.mode === 'production') headers.push(['content-security-policy', pagePolicy(html, url)]);
    return { status: response.status, headers, html };
  }
};

/** A preview page: for the one person holding the link, and never for search engines. */
function privatePreview(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set('cache-control', 'private, no-store');
  headers.set('x-robots-tag', 'noindex, nofollow');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** The encoding a stored page goes out in: the visitor's choice of brotli and gzip, else none. */
const storedEncodingFor = (request: FastifyRequest): PageEncoding =>
  (negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip']) as PageEncoding | null) ?? 'identity';

/** Sends a stored page's answer: its bytes are already in the encoding the visitor takes. */
function sendStoredPage(reply: FastifyReply, answer: PageAnswer): FastifyReply {
  setStatusAndHeaders(reply, answer.status, answer.headers);
  if (answer.encoding !== 'identity') reply.header('content-encoding', answer.encoding);
  // Whatever the encoding, the URL's answer depends on the header: caches in between must key on it.
  const vary = String(reply.getHeader('vary') ?? '');
  if (!/\baccept-encoding\b/i.test(vary)) reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
  return reply.send(answer.body);
}
