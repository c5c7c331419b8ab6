import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers } from '../openapi/api-schemas';
import type { Geolocation } from './geolocation';

const geolocationAnswer = z.strictObject({
  country: z
    .string()
    .regex(/^[a-z]{2}$/)
    .nullable()
    .describe('The visitor’s country (ISO 3166-1 alpha-2, lower case), or null when unknown.'),
});

/**
 * `GET /api/geolocation` → `{ "country": "de" }`, or `{ "country": null }` when the visitor's
 * country is unknown or its lookup failed (docs/api.md). The answer is the visitor's own.
 */
export function geolocationRoutes(geolocation: Geolocation): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/geolocation',
      { schema: { tags: ['geolocation'], response: { 200: geolocationAnswer, ...errorAnswers() } } },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return { country: geolocation.countryOf(request) };
      },
    );
  };
}
