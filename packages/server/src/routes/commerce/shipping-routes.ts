import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SHOPPING_REGIONS } from '@piste/core';
import { idParamSchema, parseInput, resolveCommerceRegion, type ShippingService } from '@piste/commerce';
import { cacheCatalogueReads } from './http-cache';

const idParams = z.strictObject({ id: idParamSchema });
const noQuery = z.strictObject({});
const settingsQuery = z.strictObject({
  bcRegion: z
    .string()
    .max(40, { error: 'is too long' })
    .transform((region) => region.trim().toLowerCase())
    .pipe(z.enum(SHOPPING_REGIONS, { error: `must be one of ${SHOPPING_REGIONS.join(', ')}` })),
});

const query = <Schema extends z.ZodType>(schema: Schema, request: FastifyRequest) =>
  parseInput(schema, request.query, 'Query parameter');
const zoneId = (request: FastifyRequest) => parseInput(idParams, request.params, 'Path parameter').id;
const regionOf = (request: FastifyRequest) => resolveCommerceRegion(request.headers['x-bc-region']);

/**
 * The shipping calls of spec §7 in BigCommerce's v2 shapes, and the pro shipping-settings
 * endpoint (docs/api.md 'Shipping'). Shipping configuration changes as rarely as the
 * catalogue, so it is cached like it.
 */
export function shippingRoutes(services: { shipping: ShippingService }): FastifyPluginAsync {
  const { shipping } = services;
  return async (app) => {
    await cacheCatalogueReads(app);

    app.get('/shippingzones', (request) => {
      query(noQuery, request);
      return shipping.listZones(regionOf(request));
    });
    app.get('/shippingzones/:id', (request) => {
      query(noQuery, request);
      return shipping.getZone(regionOf(request), zoneId(request));
    });
    app.get('/shippingmethods/:id', (request) => {
      query(noQuery, request);
      return shipping.listMethods(regionOf(request), zoneId(request));
    });

    // Spec §7: "GET /api/pro/shipping_method_settings, query bcRegion. Response field:
    // hide_free_shipping_groups." The list is the one in force: empty when the settings are
    // disabled, since spec §5 only hides free shipping when they are enabled.
    app.get('/pro/shipping_method_settings', async (request) => {
      const { bcRegion } = query(settingsQuery, request);
      const settings = await shipping.shippingSettings(resolveCommerceRegion(bcRegion));
      return { hide_free_shipping_groups: settings.is_enabled ? settings.hide_free_shipping_groups : [] };
    });
  };
}
