import type { FastifyInstance, FastifyReply } from 'fastify';
import { pageOf, v2Error, v2Page } from '../fake-http';
import type { FakeState } from '../state';

/** A v2 path id: a positive integer, else BigCommerce's 404 for an unknown resource. */
function pathId(params: unknown): number | null {
  const id = Number((params as { id?: string }).id);
  return Number.isInteger(id) && id > 0 ? id : null;
}

const notFound = (reply: FastifyReply) => v2Error(reply, 404, 'The requested resource was not found.');

/**
 * The store endpoints of the fake, all v2:
 * - `GET /v2/store` (reference/store_information.v2.yml);
 * - `GET /v2/currencies`, `GET /v2/currencies/{id}` (reference/currencies.v2.yml);
 * - `GET /v2/countries`, `GET /v2/countries/{country_id}/states` (reference/geography.v2.yml), paged;
 * - `GET /v2/shipping/zones`, `/v2/shipping/zones/{id}`, `/v2/shipping/zones/{zone_id}/methods`
 *   (reference/shipping.v2.yml).
 */
export function registerStoreRoutes(app: FastifyInstance, state: FakeState): void {
  const { store } = state;

  app.get('/v2/store', async () => store.store);

  app.get('/v2/currencies', async (request, reply) => {
    const page = pageOf(request, reply, 'v2');
    return page && v2Page(reply, store.currencies, page);
  });
  app.get('/v2/currencies/:id', async (request, reply) => {
    const currency = store.currencies.find((candidate) => candidate.id === pathId(request.params));
    return currency ?? notFound(reply);
  });

  app.get('/v2/countries', async (request, reply) => {
    const page = pageOf(request, reply, 'v2');
    if (!page) return reply;
    const countries = store.countries.map((country) => ({
      ...country,
      states: {
        url: `https://api.bigcommerce.com/stores/${store.store.id}/v2/countries/${country.id}/states`,
        resource: `/countries/${country.id}/states`,
      },
    }));
    return v2Page(reply, countries, page);
  });
  app.get('/v2/countries/:id/states', async (request, reply) => {
    const countryId = pathId(request.params);
    if (!store.countries.some((country) => country.id === countryId)) return notFound(reply);
    const page = pageOf(request, reply, 'v2');
    return (
      page &&
      v2Page(
        reply,
        store.states.filter((entry) => entry.country_id === countryId),
        page,
      )
    );
  });

  app.get('/v2/shipping/zones', async (_request, reply) =>
    store.zones.length === 0 ? reply.status(204).send() : store.zones,
  );
  app.get('/v2/shipping/zones/:id', async (request, reply) => {
    const zone = store.zones.find((candidate) => candidate.id === pathId(request.params));
    return zone ?? notFound(reply);
  });
  app.get('/v2/shipping/zones/:id/methods', async (request, reply) => {
    const zoneId = pathId(request.params);
    if (!store.zones.some((zone) => zone.id === zoneId)) return notFound(reply);
    const methods = store.methods.get(zoneId!) ?? [];
    return methods.length === 0 ? reply.status(204).send() : methods;
  });
}
