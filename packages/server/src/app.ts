import { randomBytes } from 'node:crypto';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { createPreviewTokens } from '@piste/admin/server';
import { createPaymentRecovery } from '@piste/commerce/server';
import type { Database } from '@piste/db';
import { MediaService } from '@piste/media/server';
import { testPaymentsUrlOf, type Config } from './config';
import { PageCache } from './storefront/page-cache';
import { handleRouterError } from './errors';
import cardGuard from './plugins/card-guard';
import localeRouting from './plugins/locale-routing';
import { createPlatform, loggerOptions, platformHooks, requestIdGenerator } from './platform/index';
import { adminApi } from './admin/admin-api';
import { adminApp } from './admin/admin-app';
import { apiRoutes } from './routes/api';
import type { WebhookChange } from './routes/bigcommerce-webhooks';
import { graphqlRoutes } from './graphql/index';
import { healthRoutes } from './routes/health';
import { mediaRoutes } from './routes/media';
import cmsRedirects from './seo/cms-redirects';
import { seoRoutes } from './seo/seo-routes';
import { mailViewerRoutes } from './email/mail-viewer';
import { mediaMetadataFor } from './media-metadata';
import { resolveFromRoot } from './paths';
import { announceCommerceChanges, clearCachesOnChanges } from './cache-clearing';
import { connectCdn } from './cdn/index';
import { createDatabaseProbe } from './database-probe';
import { closeConnectionsWhileDraining } from './graceful-drain';
import { releaseMemoryWhenQuiet } from './memory-release-when-quiet';
import { createOutageProbe } from './outage-probe';
import { schedulePaymentRecovery } from './payment-recovery';
import { attachTestPayments } from './payments/test-payments-listener';
import { createServices, type Services } from './services';
import { closeRedis, connectRedis, createRedisProbe, logRedisOutages } from './sessions/index';
import { latestBuildRoute } from './storefront/latest-build';
import { contentPreviews } from './storefront/content-preview';
import { storefront, type StorefrontOptions } from './storefront/ssr';

export interface AppDependencies {
  config: Config;
  database: Database;
  /** The storefront to mount as the catch-all; tests of the API alone may leave it out. */
  storefront?: Omit<StorefrontOptions, 'services' | 'publicUrl' | 'outages' | 'pageCache' | 'sharedPageMaxAgeSeconds'>;
  /** The back office app's build to serve at `/admin`; tests of the API alone leave it out. */
  adminApp?: { clientBuildDir: string };
  /** Domain services; built from the database when not given. */
  services?: Services;
  logger?: FastifyServerOptions['logger'];
  /** Told of every route as it is added: the reliability suite fuzzes each one (docs/reliability.md). */
  onRoute?: (route: RouteOptions) => void;
  /**
   * Serves the `/api` reference page in development (`serveApiReference`). Only the dev entry
   * passes it, so the compiled production server never bundles its development-only package.
   */
  apiReference?: (api: FastifyInstance) => Promise<void>;
}

/**
 * The embedded search index is built from the database once the app is ready, in the
 * background: pages serve at once, `/readyz` answers 503 until the index is whole, and a search
 * meanwhile waits for it (search-api.server.ts). The sync then follows changes until the app
 * closes. A sync that cannot even start is logged, not fatal: the shop serves without search.
 * A hosted engine has no index here.
 */
function startSearchIndex(app: FastifyInstance, { sync }: Services['search']) {
  if (!sync) return;
  app.addHook('onReady', async () => {
    sync.start().catch((error: unknown) => app.log.error({ err: error }, 'the search index sync could not start'));
  });
  app.addHook('onClose', () => sync.stop());
}

/** Builds the one Fastify app: infrastructure plugins, then /api and health, then SSR. */
export async function buildApp({
  config,
  database,
  storefront: storefrontOptions,
  adminApp: adminAppOptions,
  services: givenServices,
  logger,
  onRoute,
  apiReference,
}: AppDependencies) {
  const platform = createPlatform(config);
  const app: FastifyInstance = Fastify({
    logger: loggerOptions(config.LOG_LEVEL, logger),
    trustProxy: config.TRUST_PROXY,
    genReqId: requestIdGenerator(config.TRUST_PROXY),
    requestTimeout: 30_000,
    // The API's bodies are small JSON documents; uploads do not exist.
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 500 },
    frameworkErrors: handleRouterError,
    // While a graceful shutdown drains, a request that still arrives on an open keep-alive
    // connection (a load balancer's) is served, with `Connection: close`, rather than refused
    // with Fastify's bare 503: a load balancer sends an idempotent request elsewhere after a
    // 503, but never a POST, so a checkout or sign-in would fail (docs/deployment.md).
    return503OnClosing: false,
  });
  if (onRoute) app.addHook('onRoute', onRoute);
  closeConnectionsWhileDraining(app);
  releaseMemoryWhenQuiet(app);

  // First of all: a blocked request is refused before cookies, helmet or a route do any work.
  await app.register(platformHooks, {
    ...platform,
    metricsToken: config.METRICS_TOKEN,
    hsts: config.NODE_ENV !== 'development',
  });
  // Before every route: a request holding a card number is refused unread (docs/checkout.md).
  await app.register(cardGuard);
  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, {
    // Pages get their own nonce-based policy from the storefront plugin; everything else
    // (JSON, health) may load nothing at all.
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    crossOriginEmbedderPolicy: false,
    // Not helmet's same-origin: that severs the share popups the page opens, which then read as
    // closed at once and cannot be closed or watched (spec §4 'Share popup'). Popups the page
    // does not open still cannot reach it.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // Not helmet's no-referrer: with it browsers send `Origin: null` on our own form posts, and
    // React Router refuses actions whose origin it cannot match (forms without JavaScript).
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Sent by platformHooks, and only over HTTPS: helmet would send it over plain HTTP too.
    hsts: false,
  });
  // Pages and API answers are compressed as they are sent. Brotli 2 and gzip 1 take about a
  // millisecond for a 180 KB page and leave it within a tenth of the slow levels' size; the
  // build's scripts and styles are served as compressed at build time (brotli 11, gzip 9).
  await app.register(fastifyCompress, {
    threshold: 1024,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 2 } },
    zlibOptions: { level: 1 },
  });

  // Where image URLs point: a hosted media service, or the embedded one below.
  const mediaTarget = { baseUrl: config.MEDIA_BASE_URL ?? '/media', alias: config.MEDIA_ALIAS };
  const media = await MediaService.create({
    mediaDir: resolveFromRoot(config.MEDIA_DIR),
    cacheDir: resolveFromRoot(config.MEDIA_CACHE_DIR),
    cacheMaxBytes: config.MEDIA_CACHE_MAX_MB * 1024 * 1024,
    onCacheLookup: (hit) => platform.metrics.cacheLookup('media', hit),
  });
  const redis = givenServices || !config.REDIS_URL ? null : await connectRedis(config.REDIS_URL);
  if (redis) {
    logRedisOutages(redis, app.log);
    app.addHook('onClose', () => closeRedis(redis));
  }
  const services =
    givenServices ??
    createServices(database, {
      media: mediaTarget,
      catalogueCacheTtlSeconds: config.CATALOGUE_CACHE_TTL_SECONDS,
      content: {
        apiKey: config.CONTENT_API_KEY,
        deliveryToken: config.CONTENT_DELIVERY_TOKEN,
        environment: config.CONTENT_ENVIRONMENT,
        baseUrl: config.CONTENT_BASE_URL,
        branch: config.CONTENT_BRANCH,
        cacheTtlSeconds: config.CONTENT_CACHE_TTL_SECONDS,
      },
      mediaMetadata: mediaMetadataFor(config, media, app.log),
      logger: app.log,
      publicUrl: config.PUBLIC_URL,
      redis,
      search: { engineName: config.SEARCH_ENGINE, searchKey: config.SEARCH_KEY, endpoint: config.SEARCH_ENDPOINT },
      botProtection: config,
      bigcommerce: config.bigcommerce,
      testPayments: {
        url: testPaymentsUrlOf(config),
        // Unset, the process's own: it both signs the deliveries and verifies them.
        webhookSecret: config.TEST_PAYMENTS_WEBHOOK_SECRET ?? randomBytes(32).toString('hex'),
      },
      stripe: config.stripe,
      onCacheLookup: platform.metrics.cacheLookup,
    });
  app.addHook('onClose', () => services.backgroundWork.settled());
  await attachTestPayments(app, services, config);
  startSearchIndex(app, services.search);
  const pageCache = new PageCache({
    ttlMs: config.PAGE_CACHE_TTL_SECONDS * 1000,
    onLookup: (hit) => platform.metrics.cacheLookup('page', hit),
  });
  const caches = {
    catalogue: services.catalogue,
    content: {
      clear() {
        services.content.clearCache();
        services.contentProducts.clear();
      },
    },
    pages: pageCache,
    ...(config.CDN_PURGE_URL && { cdn: connectCdn(app, config.CDN_PURGE_URL) }),
  };
  clearCachesOnChanges(app, database, caches);
  const previewTokens = createPreviewTokens({
    secret: config.PREVIEW_SECRET,
    production: config.NODE_ENV === 'production',
  });
  /** What the commerce platform's webhooks call when its catalogue or stock changes. */
  const commerceChanged = announceCommerceChanges(database, caches);
  // Payments are ours to settle only when our checkout took them (BigCommerce's checkout takes its own).
  if (services.embeddedOnly) {
    schedulePaymentRecovery(app, createPaymentRecovery(database.db, services.embeddedOnly.payments));
  }
  const databaseProbe = createDatabaseProbe(database);
  const outages = createOutageProbe({ database: databaseProbe, ...(redis && { redis: createRedisProbe(redis) }) });
  await app.register(healthRoutes(database, services.search.sync, redis));
  const bigCommerceWebhooks = config.bigcommerce && {
    secret: config.bigcommerce.webhookSecret,
    // A product named is re-read (or dropped from search when gone); a change naming none (a
    // category, a price list) clears and re-indexes everything. Carts and orders are never kept.
    onChange: ({ invalidateCatalogue, reindexProducts, removeProducts }: WebhookChange) => {
      const productIds = [...reindexProducts, ...removeProducts];
      if (productIds.length > 0 || invalidateCatalogue) return commerceChanged({ productIds });
    },
  };
  await app.register(
    apiRoutes(services, {
      geolocation: platform.geolocation,
      database: databaseProbe,
      outages,
      ...(bigCommerceWebhooks && { bigCommerceWebhooks }),
      environment: config.NODE_ENV,
      ...(apiReference && { apiReference }),
    }),
    { prefix: '/api' },
  );
  // The test provider's webhooks reach our own route in-process, through every check a delivery
  // from outside meets (signature, size, once per event); no listener or network is needed.
  services.paymentWebhooks.connect(
    async ({ body, headers }) =>
      (await app.inject({ method: 'POST', url: '/api/webhooks/payments', headers, payload: body })).statusCode,
  );
  await app.register(
    adminApi(
      {
        database,
        services,
        commerceChanged,
        publicUrl: config.PUBLIC_URL,
        previewTokens,
        media: { service: media, target: mediaTarget },
      },
      { outages },
    ),
    { prefix: '/admin/api' },
  );
  await app.register(graphqlRoutes(services));
  await app.register(mediaRoutes(media), { prefix: '/media' });
  await app.register(seoRoutes(services, { publicUrl: config.PUBLIC_URL }));
  // Shows every email, reset links included: development and test machines only (docs/email.md).
  if (config.MAIL_VIEWER) {
    if (config.NODE_ENV === 'production')
      app.log.warn('MAIL_VIEWER is on: anyone who reaches /_dev/mail reads every email');
    await app.register(mailViewerRoutes(database.db));
  }

  // Beside the pages, not inside their scope: the storefront's locale routing, page cache and
  // CSP never see `/admin`, and `/admin/*` outranks the pages' catch-all.
  if (adminAppOptions) {
    await app.register(adminApp({ ...adminAppOptions, mediaBaseUrl: config.MEDIA_BASE_URL }));
  }
  if (storefrontOptions) {
    // Outside the pages' scope: no locale routing, redirects or SSR for the build check
    // (docs/platform-client.md 'New builds').
    await app.register(latestBuildRoute(storefrontOptions.build));
    await app.register(async (pages) => {
      await pages.register(localeRouting, { geolocation: platform.geolocation });
      await pages.register(cmsRedirects, { client: services.content.client });
      await pages.register(storefront, {
        ...storefrontOptions,
        services,
        outages,
        pageCache,
        sharedPageMaxAgeSeconds: config.PAGE_SHARED_MAX_AGE_SECONDS,
        media: mediaTarget,
        mapTileUrl: config.STORE_MAP_TILE_URL ?? null,
        tagManagerId: config.TAG_MANAGER_ID ?? null,
        publicUrl: config.PUBLIC_URL,
        previews: contentPreviews(database.db, services.content, previewTokens),
      });
    });
  }
  return Object.assign(app, { services, commerceChanged });
}
