import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { DatabaseProbe } from '../database-probe';
import { apiErrorHandler, errorBody } from '../errors';
import { registerOpenApi } from '../openapi/register-openapi';
import { applyZodSchemas } from '../openapi/zod-compilers';
import type { OutageProbe } from '../outage-probe';
import csrf from '../plugins/csrf';
import { geolocationRoutes, type Geolocation } from '../platform/index';
import type { Services } from '../services';
import { cartRoutes } from './commerce/cart-routes';
import { catalogueRoutes } from './commerce/catalogue-routes';
import { customerRoutes } from './commerce/customer-routes';
import { orderRoutes } from './commerce/order-routes';
import { shippingRoutes } from './commerce/shipping-routes';
import { contentRoutes } from './content';
import { searchRoutes } from './search';
import { shopperRoutes } from './shopper';
import { botProtectionRoutes } from './bot-protection';
import { bigCommerceWebhookRoutes, type BigCommerceWebhookOptions } from './bigcommerce-webhooks';
import { paymentWebhookRoutes } from './payment-webhooks';

/**
 * `/api`: the commerce proxy, the embedded content and search services, and the
 * product-specific endpoints of spec §7. Domain routers register here as they land; every
 * answer, including errors, is JSON.
 */
export function apiRoutes(
  services: Services,
  platform: {
    geolocation: Geolocation;
    database: DatabaseProbe;
    outages: OutageProbe;
    /** BigCommerce's deliveries (COMMERCE_PROVIDER=bigcommerce): `POST /api/webhooks/bigcommerce`. */
    bigCommerceWebhooks?: BigCommerceWebhookOptions;
    /** Tests check every answer against its route's response schema; development serves the reference page (docs/api.md). */
    environment: 'development' | 'production' | 'test';
    /** Serves the reference page; used only when the environment is development. */
    apiReference?: (api: FastifyInstance) => Promise<void>;
  },
): FastifyPluginAsync {
  return async (app) => {
    app.setErrorHandler(apiErrorHandler(platform.outages));
    const checkResponses = platform.environment === 'test';
    applyZodSchemas(app, { checkResponses });
    await registerOpenApi(app, {
      title: 'Piste storefront API',
      description:
        "The shop's JSON API (docs/api.md). Changes (POST, PUT, PATCH, DELETE) send the XSRF-TOKEN cookie back as the X-XSRF-TOKEN header; `x-bc-region` picks the region.",
      prefix: '/api',
    });
    if (platform.environment === 'development' && platform.apiReference) await platform.apiReference(app);
    // Server-to-server calls, authorised by their own keys rather than a browser session.
    await app.register(csrf, { exempt: ['/api/content/', '/api/interstack/', '/api/search/', '/api/webhooks/'] });
    await app.register(catalogueRoutes(services));
    await app.register(cartRoutes(services));
    await app.register(shippingRoutes(services));
    await app.register(orderRoutes(services));
    await app.register(customerRoutes(services));
    await app.register(shopperRoutes(services));
    await app.register(contentRoutes(services.content.deliveryApi, platform.database));
    if (services.search.api) await app.register(searchRoutes(services.search.api, platform.database));
    await app.register(geolocationRoutes(platform.geolocation));
    if (platform.bigCommerceWebhooks) {
      await app.register(bigCommerceWebhookRoutes({ ...platform.bigCommerceWebhooks, checkResponses }));
    }
    if (services.embeddedOnly) await app.register(paymentWebhookRoutes(services.embeddedOnly, { checkResponses }));
    if (services.botProtection.altcha) await app.register(botProtectionRoutes(services.botProtection.altcha));

    // Explicit catch-alls, more specific than the storefront's `/*`, keep unknown API paths JSON.
    const unknownRoute = (request: FastifyRequest, reply: FastifyReply) =>
      reply.status(404).send(errorBody('NOT_FOUND', `No API route for ${request.method} ${request.url.split('?')[0]}`));
    app.all('/', { schema: { hide: true } }, unknownRoute);
    app.all('/*', { schema: { hide: true } }, unknownRoute);
  };
}
