import { z } from 'zod';
import {
  createShippingMethodBody,
  createShippingZoneBody,
  createTaxRateBody,
  freeShippingView,
  priceListRegionSchema,
  settingsOverview,
  shippingMethodView,
  shippingZoneView,
  storeSettingsView,
  taxRateKeySchema,
  taxRateView,
  taxSettingsView,
  updateFreeShippingBody,
  updateShippingMethodBody,
  updateShippingZoneBody,
  updateStoreSettingsBody,
  updateTaxRateBody,
  updateTaxSettingsBody,
  versionField,
} from '@piste/admin';
import {
  createShippingMethod,
  createShippingZone,
  createTaxRate,
  deleteShippingMethod,
  deleteShippingZone,
  deleteTaxRate,
  getStoreSettings,
  listFreeShippingSettings,
  listShippingZones,
  listTaxRates,
  listTaxSettings,
  settingsChoices,
  updateFreeShippingSettings,
  updateShippingMethod,
  updateShippingZone,
  updateStoreSettings,
  updateTaxRate,
  updateTaxSettings,
} from '@piste/admin/server';
import { staffOf, type AdminApp, type AdminDeps } from './admin-context';

const READ = { permission: 'settings:read' } as const;
const WRITE = { permission: 'settings:write' } as const;
const tags = ['settings'];

const idParams = z.object({
  id: z.coerce
    .number({ error: 'Must be a number.' })
    .int({ error: 'Must be a whole number.' })
    .positive({ error: 'Must be positive.' })
    .max(2_147_483_647, { error: 'Is too large.' }),
});
const regionParams = z.object({ regionId: priceListRegionSchema });
const rateParams = z.object({ key: taxRateKeySchema });
/** A delete names the version it was decided on, like an edit. */
const deleteQuery = z.object({ version: versionField });
const zonesQuery = z.object({ regionId: priceListRegionSchema.optional() });
const deleted = { 204: z.null().describe('Deleted') };

/**
 * The settings area of the admin API (issue 27 'Settings'): shipping zones and methods, tax
 * rates and whether prices include tax, the customer groups free shipping is hidden from
 * (spec §5), and the store settings. All of it is the embedded engine's: with BigCommerce its
 * control panel keeps them, and only the overview answers. Brand settings, display texts and
 * redirects are content entries, edited in the content area.
 */
export function settingsRoutes(deps: AdminDeps) {
  const { db } = deps.database;
  const commerceSettings = deps.services.embeddedOnly !== null;

  return async (app: AdminApp) => {
    app.get('/settings', { config: READ, schema: { tags, response: { 200: settingsOverview } } }, async () => ({
      commerceSettings,
      ...(commerceSettings ? await settingsChoices(db) : { regions: [], groups: [] }),
    }));
    if (!commerceSettings) return;

    app.get(
      '/settings/shipping-zones',
      {
        config: READ,
        schema: { tags, querystring: zonesQuery, response: { 200: z.object({ zones: z.array(shippingZoneView) }) } },
      },
      async (request) => ({ zones: await listShippingZones(db, request.query.regionId) }),
    );
    app.post(
      '/settings/shipping-zones',
      { config: WRITE, schema: { tags, body: createShippingZoneBody, response: { 201: shippingZoneView } } },
      async (request, reply) =>
        reply.status(201).send(await createShippingZone(db, staffOf(request), request.body, request.id)),
    );
    app.put(
      '/settings/shipping-zones/:id',
      {
        config: WRITE,
        schema: { tags, params: idParams, body: updateShippingZoneBody, response: { 200: shippingZoneView } },
      },
      async (request) => updateShippingZone(db, staffOf(request), request.params.id, request.body, request.id),
    );
    app.delete(
      '/settings/shipping-zones/:id',
      { config: WRITE, schema: { tags, params: idParams, querystring: deleteQuery, response: deleted } },
      async (request, reply) => {
        await deleteShippingZone(db, staffOf(request), request.params.id, request.query.version, request.id);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/settings/shipping-zones/:id/methods',
      {
        config: WRITE,
        schema: { tags, params: idParams, body: createShippingMethodBody, response: { 201: shippingMethodView } },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await createShippingMethod(db, staffOf(request), request.params.id, request.body, request.id)),
    );
    app.put(
      '/settings/shipping-methods/:id',
      {
        config: WRITE,
        schema: { tags, params: idParams, body: updateShippingMethodBody, response: { 200: shippingMethodView } },
      },
      async (request) => updateShippingMethod(db, staffOf(request), request.params.id, request.body, request.id),
    );
    app.delete(
      '/settings/shipping-methods/:id',
      { config: WRITE, schema: { tags, params: idParams, querystring: deleteQuery, response: deleted } },
      async (request, reply) => {
        await deleteShippingMethod(db, staffOf(request), request.params.id, request.query.version, request.id);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/settings/tax-rates',
      { config: READ, schema: { tags, response: { 200: z.object({ rates: z.array(taxRateView) }) } } },
      async () => ({ rates: await listTaxRates(db) }),
    );
    app.post(
      '/settings/tax-rates',
      { config: WRITE, schema: { tags, body: createTaxRateBody, response: { 201: taxRateView } } },
      async (request, reply) =>
        reply.status(201).send(await createTaxRate(db, staffOf(request), request.body, request.id)),
    );
    app.put(
      '/settings/tax-rates/:key',
      { config: WRITE, schema: { tags, params: rateParams, body: updateTaxRateBody, response: { 200: taxRateView } } },
      async (request) => updateTaxRate(db, staffOf(request), request.params.key, request.body, request.id),
    );
    app.delete(
      '/settings/tax-rates/:key',
      { config: WRITE, schema: { tags, params: rateParams, querystring: deleteQuery, response: deleted } },
      async (request, reply) => {
        await deleteTaxRate(db, staffOf(request), request.params.key, request.query.version, request.id);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/settings/tax-settings',
      { config: READ, schema: { tags, response: { 200: z.object({ regions: z.array(taxSettingsView) }) } } },
      async () => ({ regions: await listTaxSettings(db) }),
    );
    app.put(
      '/settings/tax-settings/:regionId',
      {
        config: WRITE,
        schema: { tags, params: regionParams, body: updateTaxSettingsBody, response: { 200: taxSettingsView } },
      },
      async (request) => updateTaxSettings(db, staffOf(request), request.params.regionId, request.body, request.id),
    );

    app.get(
      '/settings/free-shipping',
      { config: READ, schema: { tags, response: { 200: z.object({ regions: z.array(freeShippingView) }) } } },
      async () => ({ regions: await listFreeShippingSettings(db) }),
    );
    app.put(
      '/settings/free-shipping/:regionId',
      {
        config: WRITE,
        schema: { tags, params: regionParams, body: updateFreeShippingBody, response: { 200: freeShippingView } },
      },
      async (request) =>
        updateFreeShippingSettings(db, staffOf(request), request.params.regionId, request.body, request.id),
    );

    app.get('/settings/store', { config: READ, schema: { tags, response: { 200: storeSettingsView } } }, async () =>
      getStoreSettings(db),
    );
    app.put(
      '/settings/store',
      { config: WRITE, schema: { tags, body: updateStoreSettingsBody, response: { 200: storeSettingsView } } },
      async (request) => updateStoreSettings(db, staffOf(request), request.body, request.id),
    );
  };
}
