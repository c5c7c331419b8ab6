import Fastify, { type FastifyInstance } from 'fastify';
import { registerCartsRoutes } from './carts/carts-routes';
import { registerCatalogRoutes } from './catalog/catalog-routes';
import { registerCustomersRoutes } from './customers/customers-routes';
import { v3Error } from './fake-http';
import { createFaultInjector, type FaultInjector } from './faults';
import { registerHostedPages } from './hosted/hosted-pages';
import { registerOrdersRoutes } from './orders/orders-routes';
import { seedFakeState, type FakeState } from './state';
import { registerStoreRoutes } from './store/store-routes';
import { registerWebhooksRoutes } from './webhooks/webhooks-routes';

/**
 * A BigCommerce stand-in (a contract double, not a product): the subset of the REST Management
 * API the provider calls, under `/stores/{hash}/v2|v3/…`, with `X-Auth-Token` checked and
 * BigCommerce's rate-limit headers on every answer
 * (developer.bigcommerce.com/docs/start/best-practices/api-rate-limits).
 */
export interface BigCommerceFakeOptions {
  storeHash: string;
  accessToken: string;
  state?: FakeState;
  /** Requests per window before 429 (BigCommerce's Standard plan: 150 per 30 s). */
  rateLimit?: { quota: number; windowMs: number };
  /** The storefront origin the fake's hosted pages (login token, checkout) are reached at. */
  storefrontUrl?: string;
}

export interface BigCommerceFake {
  app: FastifyInstance;
  state: FakeState;
  faults: FaultInjector;
  /** Every API request, `GET /v3/catalog/products?…`, in order: tests read what the provider sent. */
  requests: Array<{ method: string; path: string; url: string; body: unknown }>;
}

const DEFAULT_RATE_LIMIT = { quota: 150, windowMs: 30_000 };

export function createBigCommerceFake(options: BigCommerceFakeOptions): BigCommerceFake {
  // A Customer Login JWT is one long path segment (`/login/token/{jwt}`).
  const app = Fastify({ logger: false, maxParamLength: 4096 });
  const state = options.state ?? seedFakeState();
  const faults = createFaultInjector();
  const requests: BigCommerceFake['requests'] = [];
  const rateLimit = options.rateLimit ?? DEFAULT_RATE_LIMIT;
  let windowStartedAt = Date.now();
  let usedInWindow = 0;

  app.addHook('onRequest', async (request, reply) => {
    const match = /^\/stores\/([^/]+)(\/v[23]\/[^?]*)/.exec(request.url);
    if (!match) return;
    const [, hash, path] = match;
    if (hash !== options.storeHash) return v3Error(reply, 404, 'Store not found');
    if (request.headers['x-auth-token'] !== options.accessToken) {
      return v3Error(reply, 401, 'The access token is missing or not valid for this store.');
    }
    const now = Date.now();
    if (now - windowStartedAt >= rateLimit.windowMs) {
      windowStartedAt = now;
      usedInWindow = 0;
    }
    usedInWindow += 1;
    const resetMs = Math.max(1, rateLimit.windowMs - (now - windowStartedAt));
    reply.headers({
      'x-rate-limit-requests-quota': String(rateLimit.quota),
      'x-rate-limit-requests-left': String(Math.max(0, rateLimit.quota - usedInWindow)),
      'x-rate-limit-time-reset-ms': String(resetMs),
      'x-rate-limit-time-window-ms': String(rateLimit.windowMs),
    });
    if (usedInWindow > rateLimit.quota) {
      return v3Error(reply, 429, 'Too many requests: the rate limit for this window is used up.');
    }
    const fault = faults.take(request.method, path!);
    if (fault?.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
    if (fault?.status) {
      reply.headers(fault.headers ?? {});
      return reply.status(fault.status).send(fault.body ?? { status: fault.status, title: 'Injected failure' });
    }
  });
  app.addHook('preHandler', async (request) => {
    const match = /^\/stores\/[^/]+(\/v[23]\/[^?]*)/.exec(request.url);
    if (match) requests.push({ method: request.method, path: match[1]!, url: request.url, body: request.body });
  });

  const fake: BigCommerceFake = { app, state, faults, requests };
  app.register(
    async (store) => {
      registerCatalogRoutes(store, state);
      registerCartsRoutes(store, state);
      registerCustomersRoutes(store, state);
      registerOrdersRoutes(store, state);
      registerStoreRoutes(store, state);
      registerWebhooksRoutes(store, state);
    },
    { prefix: `/stores/${options.storeHash}` },
  );
  registerHostedPages(app, state, options.storeHash);
  return fake;
}
