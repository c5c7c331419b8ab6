import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SHOPPING_REGIONS } from '@piste/core';
import { idParamSchema, resolveCommerceRegion, type ShippingService } from '@piste/commerce';
import { errorAnswers, noQuery } from '../../openapi/api-schemas';
import { shippingMethod, shippingMethodSettings, shippingZone } from '../../openapi/shipping-answers';
import { cacheCatalogueReads } from './http-cache';

const idParams = z.strictObject({ id: idParamSchema });
const settingsQuery = z.strictObject({
  bcRegion: z
    .string()
    .max(40, { error: 'is too long' })
    .transform((region) => region.trim().toLowerCase())
    .pipe(z.enum(SHOPPING_REGIONS, { error: `must be one of ${SHOPPING_REGIONS.join(', ')}` })),
});
const answer = <Data extends z.ZodType>(data: Data) => z.object({ data, meta: z.object({}) });
const tags = ['shipping'];

const regionOf = (request: FastifyRequest) => resolveCommerceRegion(request.headers['x-bc-region']);

/**
 * The shipping calls of spec §7 in BigCommerce's v2 shapes, and the pro shipping-settings
 * endpoint (docs/api.md 'Shipping'). Shipping configuration changes as rarely as the
 * catalogue, so it is cached like it.
 */
export function shippingRoutes(services: { shipping: ShippingService }): FastifyPluginAsyncZod {
  const { shipping } = services;
  return async (app) => {
    await cacheCatalogueReads(app);

    app.get(
      '/shippingzones',
      {
        schema: { tags, querystring: noQuery, response: { 200: answer(z.array(shippingZone)), ...errorAnswers(400) } },
      },
      (request) => shipping.listZones(regionOf(request)),
    );
    app.get(
      '/shippingzones/:id',
      {
        schema: {
          tags,
          params: idParams,
          querystring: noQuery,
          response: { 200: answer(shippingZone), ...errorAnswers(400, 404) },
        },
      },
      (request) => shipping.getZone(regionOf(request), request.params.id),
    );
    app.get(
      '/shippingmethods/:id',
      {
        schema: {
          tags,
          params: idParams,
          querystring: noQuery,
          response: { 200: answer(z.array(shippingMethod)), ...errorAnswers(400, 404) },
        },
      },
      (request) => shipping.listMethods(regionOf(request), request.params.id),
    );

    // Spec §7: "GET /api/pro/shipping_method_settings, query bcRegion. Response field:
    // hide_free_shipping_groups." The list is the one in force: empty when the settings are
    // disabled, since spec §5 only hides free shipping when they are enabled.
    app.get(
      '/pro/shipping_method_settings',
      { schema: { tags, querystring: settingsQuery, response: { 200: shippingMethodSettings, ...errorAnswers(400) } } },
      async (request) => {
        const settings = await shipping.shippingSettings(resolveCommerceRegion(request.query.bcRegion));
        return { hide_free_shipping_groups: settings.is_enabled ? settings.hide_free_shipping_groups : [] };
      },
    );
  };
}
