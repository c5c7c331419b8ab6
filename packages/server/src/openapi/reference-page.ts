import type { FastifyInstance } from 'fastify';

/**
 * The API reference page at `{prefix}/reference` (Swagger UI over the plugin's OpenAPI document),
 * for development only. Its scripts and styles come from the package, not a CDN, and its page
 * carries its own Content-Security-Policy (`'self'` plus the hashes of its inline parts) in place
 * of the API's `default-src 'none'`. Only the dev entry (dev.ts) hands it to buildApp, so the
 * compiled production server never bundles its development-only package.
 */
export async function serveApiReference(app: FastifyInstance): Promise<void> {
  const { default: swaggerUi } = await import('@fastify/swagger-ui');
  await app.register(swaggerUi, {
    routePrefix: '/reference',
    staticCSP: true,
    uiConfig: { deepLinking: true, tryItOutEnabled: false },
  });
}
