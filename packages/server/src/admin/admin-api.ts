import type { FastifyPluginAsync } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createStaffSessions } from '@piste/admin/server';
import { registerOpenApi } from '../openapi/register-openapi';
import type { OutageProbe } from '../outage-probe';
import csrf from '../plugins/csrf';
import type { AdminDeps } from './admin-context';
import { adminErrorHandler } from './admin-errors';
import { auditRoutes } from './audit-routes';
import { catalogueRoutes } from './catalogue-routes';
import { contentRoutes } from './content-routes';
import { customerRoutes } from './customer-routes';
import { dashboardRoutes } from './dashboard-routes';
import { mediaRoutes } from './media-routes';
import { orderRoutes } from './order-routes';
import { proCodeRoutes } from './pro-code-routes';
import { promotionRoutes } from './promotion-routes';
import { sessionRoutes } from './session-routes';
import { settingsRoutes } from './settings-routes';
import { staffAuthentication } from './staff-auth';
import { staffRoutes } from './staff-routes';

/**
 * `/admin/api`: the back office's JSON API (docs/admin.md), used by the admin app and by
 * scripts. Every route validates its input with zod, names the permission it needs, and calls
 * the same domain services as the shop; `/admin/api/openapi.json` describes them all.
 */
export function adminApi(deps: AdminDeps, platform: { outages: OutageProbe }): FastifyPluginAsync {
  return async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.setErrorHandler(adminErrorHandler(platform.outages));
    await registerOpenApi(app, {
      title: 'Piste back office API',
      description:
        'Sign in with POST /admin/api/session; send the XSRF-TOKEN cookie back as the X-XSRF-TOKEN header on every change.',
      prefix: '/admin/api',
      documentRouteConfig: { public: true },
    });
    await app.register(csrf, { exempt: [] });
    const sessions = createStaffSessions(deps.database.db);
    staffAuthentication(app, sessions);

    await app.register(sessionRoutes(deps, sessions, deps.services.rateLimits));
    await app.register(staffRoutes(deps, sessions));
    await app.register(auditRoutes(deps));
    await app.register(dashboardRoutes(deps));
    await app.register(catalogueRoutes(deps));
    await app.register(mediaRoutes(deps));
    await app.register(orderRoutes(deps));
    await app.register(customerRoutes(deps));
    await app.register(proCodeRoutes(deps));
    await app.register(promotionRoutes(deps));
    await app.register(contentRoutes(deps));
    await app.register(settingsRoutes(deps));

    app.all('/*', { config: { public: true }, schema: { hide: true } }, async (request, reply) =>
      reply.status(404).send({
        error: {
          code: 'NOT_FOUND',
          // The address is not echoed: a hostile one would come back in our own answer.
          message: `No admin API route answers ${request.method} at this address.`,
        },
      }),
    );
  };
}
