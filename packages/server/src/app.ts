import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Database } from '@piste/db';
import type { Config } from './config';
import localeRouting from './plugins/locale-routing';
import { apiRoutes } from './routes/api';
import { healthRoutes } from './routes/health';
import { storefront, type StorefrontOptions } from './storefront/ssr';

export interface AppDependencies {
  config: Config;
  database: Database;
  /** The storefront to mount as the catch-all; tests of the API alone may leave it out. */
  storefront?: StorefrontOptions;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the one Fastify app: infrastructure plugins, then /api and health, then SSR. */
export async function buildApp({ config, database, storefront: storefrontOptions, logger }: AppDependencies) {
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
    hsts: config.NODE_ENV === 'production',
  });
  await app.register(fastifyCompress, { threshold: 1024 });

  await app.register(healthRoutes(database));
  await app.register(apiRoutes, { prefix: '/api' });

  if (storefrontOptions) {
    await app.register(async (pages) => {
      await pages.register(localeRouting, { geoCountryHeaders: config.GEO_COUNTRY_HEADERS });
      await pages.register(storefront, storefrontOptions);
    });
  }
  return app;
}
