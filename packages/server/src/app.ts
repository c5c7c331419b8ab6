import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Database } from '@piste/db';
import { MediaService } from '@piste/media/server';
import type { Config } from './config';
import localeRouting from './plugins/locale-routing';
import { apiRoutes } from './routes/api';
import { graphqlRoutes } from './graphql/index';
import { healthRoutes } from './routes/health';
import { mediaRoutes } from './routes/media';
import { mailViewerRoutes } from './email/mail-viewer';
import { createMediaMetadata } from './media-metadata';
import { resolveFromRoot } from './paths';
import { createServices, type Services } from './services';
import { connectRedis } from './sessions/index';
import { storefront, type StorefrontOptions } from './storefront/ssr';

export interface AppDependencies {
  config: Config;
  database: Database;
  /** The storefront to mount as the catch-all; tests of the API alone may leave it out. */
  storefront?: Omit<StorefrontOptions, 'services'>;
  /** Domain services; built from the database when not given. */
  services?: Services;
  logger?: FastifyServerOptions['logger'];
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
  services: givenServices,
  logger,
}: AppDependencies) {
  const app: FastifyInstance = Fastify({
    logger: logger ?? { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    requestTimeout: 30_000,
    // The API's bodies are small JSON documents; uploads do not exist.
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 500 },
  });

  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, {
    // Pages get their own nonce-based policy from the storefront plugin; everything else
    // (JSON, health) may load nothing at all.
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    crossOriginEmbedderPolicy: false,
    // Not helmet's no-referrer: with it browsers send `Origin: null` on our own form posts, and
    // React Router refuses actions whose origin it cannot match (forms without JavaScript).
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: config.NODE_ENV === 'production',
  });
  await app.register(fastifyCompress, { threshold: 1024 });

  // Where image URLs point: a hosted media service, or the embedded one below.
  const mediaTarget = { baseUrl: config.MEDIA_BASE_URL ?? '/media', alias: config.MEDIA_ALIAS };
  const media = await MediaService.create({
    mediaDir: resolveFromRoot(config.MEDIA_DIR),
    cacheDir: resolveFromRoot(config.MEDIA_CACHE_DIR),
    cacheMaxBytes: config.MEDIA_CACHE_MAX_MB * 1024 * 1024,
  });
  const redis = givenServices || !config.REDIS_URL ? null : await connectRedis(config.REDIS_URL);
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
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
        cacheTtlSeconds: config.CONTENT_CACHE_TTL_SECONDS,
      },
      mediaMetadata: createMediaMetadata(media, config.MEDIA_ALIAS),
      logger: app.log,
      publicUrl: config.PUBLIC_URL,
      redis,
      search: { engineName: config.SEARCH_ENGINE, searchKey: config.SEARCH_KEY, endpoint: config.SEARCH_ENDPOINT },
    });
  startSearchIndex(app, services.search);
  await app.register(healthRoutes(database, services.search.sync));
  await app.register(apiRoutes(services), { prefix: '/api' });
  await app.register(graphqlRoutes(services));
  await app.register(mediaRoutes(media), { prefix: '/media' });
  // Shows every email, reset links included: development and test machines only (docs/email.md).
  if (config.MAIL_VIEWER) {
    if (config.NODE_ENV === 'production')
      app.log.warn('MAIL_VIEWER is on: anyone who reaches /_dev/mail reads every email');
    await app.register(mailViewerRoutes(database.db));
  }

  if (storefrontOptions) {
    await app.register(async (pages) => {
      await pages.register(localeRouting, { geoCountryHeaders: config.GEO_COUNTRY_HEADERS });
      await pages.register(storefront, {
        ...storefrontOptions,
        services,
        media: mediaTarget,
        mapTileUrl: config.STORE_MAP_TILE_URL ?? null,
        tagManagerId: config.TAG_MANAGER_ID ?? null,
      });
    });
  }
  return Object.assign(app, { services });
}
