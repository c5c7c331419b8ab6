import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody } from '../errors';
import type { Blocklist } from './blocklist';
import { isStaticFileRoute, type Metrics } from './metrics';
import { REQUEST_ID_HEADER } from './request-id';

export interface PlatformHooksOptions {
  blocklist: Blocklist;
  metrics: Metrics;
  /** METRICS_TOKEN: lets a scraper outside the internal addresses read /metrics. */
  metricsToken?: string;
  /** HSTS over HTTPS; off in development, where a browser would pin https on localhost. */
  hsts: boolean;
}

/** A year, subdomains included: helmet's default, which this replaces (helmet sent it over plain HTTP too). */
const HSTS = 'max-age=31536000; includeSubDomains';

function bearerMatches(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || !header.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice('Bearer '.length));
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Cross-cutting hooks that run before every other plugin (docs/operations.md): the request id
 * and HSTS headers, the spec §6 blocklists, the /metrics scrape, and counting every answer.
 */
const platformHooks: FastifyPluginAsync<PlatformHooksOptions> = async (
  app,
  { blocklist, metrics, metricsToken, hsts },
) => {
  /**
   * An internal address that reached us directly (no proxy header: behind a proxy the socket
   * address is the proxy's, whoever the visitor is), or the bearer token when one is set.
   */
  const mayScrape = (request: FastifyRequest) =>
    (metricsToken !== undefined && bearerMatches(request, metricsToken)) ||
    (request.headers['x-forwarded-for'] === undefined &&
      request.headers.forwarded === undefined &&
      blocklist.isInternal(request.socket.remoteAddress ?? ''));
  const scrapes = new WeakSet<FastifyRequest>();

  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    if (hsts && request.protocol === 'https') reply.header('strict-transport-security', HSTS);

    const reason = blocklist.reasonToBlock({
      ip: request.ip,
      url: request.url,
      userAgent: request.headers['user-agent'],
      // Hashed build file names are random base64url, which spells `-wp` now and then.
      skipUrl: isStaticFileRoute(request),
    });
    if (reason) {
      // Refused before @fastify/cookie parses anything; the route's onSend hooks (http-cache.ts) still read the jar.
      request.cookies = {};
      metrics.blocked(reason);
      request.log.info({ reason }, 'request blocked');
      return reply
        .code(403)
        .header('cache-control', 'no-store')
        .send(errorBody('FORBIDDEN', 'This request is not allowed.'));
    }

    // Not a route: refused, /metrics must answer exactly as an unknown path does.
    if (request.method === 'GET' && request.url.split('?', 1)[0] === '/metrics' && mayScrape(request)) {
      scrapes.add(request);
      const { contentType, body } = await metrics.render();
      return reply.header('content-type', contentType).header('cache-control', 'no-store').send(body);
    }
  });

  app.addHook('onResponse', async (request, reply) => {
    metrics.observeResponse(request, reply, scrapes.has(request) ? 'metrics' : undefined);
    // Catalogue reads carry ETags (routes/commerce/http-cache.ts): a 304 means the client's copy was still good.
    if (request.url.startsWith('/api/') && reply.getHeader('etag') !== undefined) {
      if (reply.statusCode === 304) metrics.cacheLookup('http_etag', true);
      else if (reply.statusCode === 200) metrics.cacheLookup('http_etag', false);
    }
  });
};

export default fp(platformHooks, { name: 'platform-hooks' });
