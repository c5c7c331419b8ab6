import type { FastifyPluginAsync } from 'fastify';
import type { Geolocation } from './geolocation';

/**
 * `GET /api/geolocation` → `{ "country": "de" }`, or `{ "country": null }` when the visitor's
 * country is unknown or its lookup failed (docs/api.md). The answer is the visitor's own.
 */
export function geolocationRoutes(geolocation: Geolocation): FastifyPluginAsync {
  return async (app) => {
    app.get(
      '/geolocation',
      {
        schema: {
          response: {
            200: {
              type: 'object',
              properties: { country: { type: ['string', 'null'], pattern: '^[a-z]{2}$' } },
              required: ['country'],
              additionalProperties: false,
            },
          },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return { country: geolocation.countryOf(request) };
      },
    );
  };
}
