import type { FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import type { BlockReason } from './blocklist';

/** The caches whose hits and misses are counted (docs/operations.md 'Metrics'). */
export type CacheName = 'catalogue' | 'content' | 'media' | 'http_etag' | 'page';

const BLOCK_REASONS: readonly BlockReason[] = ['ip', 'url', 'user-agent'];
const CACHE_NAMES: readonly CacheName[] = ['catalogue', 'content', 'media', 'http_etag', 'page'];

/** Seconds; from a cached API answer (~1 ms) to a slow server-rendered page. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** @fastify/static registers one route per file of the client build and names the file in its config. */
export function isStaticFileRoute(request: FastifyRequest): boolean {
  return (request.routeOptions.config as { file?: unknown } | undefined)?.file !== undefined;
}

/**
 * The route a request is counted under: Fastify's route pattern, never the path, so the
 * number of series stays bounded whatever URLs visitors (or scanners) ask for. Every page is
 * `storefront`, every file of the client build `static`, and a path no route matches `unmatched`.
 */
export function routeLabel(request: FastifyRequest): string {
  const route = request.routeOptions.url;
  if (route === undefined) return 'unmatched';
  if (isStaticFileRoute(request)) return 'static';
  if (route === '/*') return 'storefront';
  return route;
}

/**
 * The app's Prometheus metrics, in a registry of its own: tests build many apps in one
 * process, and prom-client's global registry refuses a second metric of the same name.
 */
export function createMetrics() {
  const registry = new Registry();
  // Memory, CPU, handles, GC and event-loop lag (nodejs_eventloop_lag_*).
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'piste_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'piste_http_request_duration_seconds',
    help: 'Time from receiving a request to sending the last byte of its answer, by route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const serverErrors = new Counter({
    name: 'piste_http_server_errors_total',
    help: 'Answers with a 5xx status, by route pattern.',
    labelNames: ['route'] as const,
    registers: [registry],
  });
  const blocked = new Counter({
    name: 'piste_blocked_requests_total',
    help: 'Requests refused by the blocklists, by the rule that matched.',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  const cacheLookups = new Counter({
    name: 'piste_cache_lookups_total',
    help: 'Cache lookups by cache and result (hit or miss); the hit ratio is hits / (hits + misses).',
    labelNames: ['cache', 'result'] as const,
    registers: [registry],
  });
  // Series that exist at zero: a rate over them works before the first event.
  for (const reason of BLOCK_REASONS) blocked.inc({ reason }, 0);
  for (const cache of CACHE_NAMES) for (const result of ['hit', 'miss']) cacheLookups.inc({ cache, result }, 0);

  return {
    registry,
    /** Counts an answered request; `route` overrides the pattern (the /metrics scrape). */
    observeResponse(request: FastifyRequest, reply: FastifyReply, route = routeLabel(request)) {
      const status = reply.statusCode;
      requests.inc({ method: request.method, route, status: String(status) });
      duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
      if (status >= 500) serverErrors.inc({ route });
    },
    blocked(reason: BlockReason) {
      blocked.inc({ reason });
    },
    cacheLookup(cache: CacheName, hit: boolean) {
      cacheLookups.inc({ cache, result: hit ? 'hit' : 'miss' });
    },
    /** The exposition, and its content type (Prometheus text format 0.0.4). */
    async render(): Promise<{ contentType: string; body: string }> {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
