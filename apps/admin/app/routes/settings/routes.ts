import { index, layout, route, type RouteConfigEntry } from '@react-router/dev/routes';

/** Settings: the area's pages, relative to /settings (app/routes.ts adds the prefix), under one tabbed frame. */
export const settingsRoutes: RouteConfigEntry[] = [
  layout('routes/settings/settings-layout.tsx', [
    index('routes/settings/settings-index.tsx'),
    route('shipping', 'routes/settings/shipping.tsx'),
    route('shipping/zones/new', 'routes/settings/zone-form.tsx', { id: 'settings-zone-new' }),
    route('shipping/zones/:zoneId', 'routes/settings/zone-form.tsx', { id: 'settings-zone-edit' }),
    route('shipping/zones/:zoneId/methods/new', 'routes/settings/method-form.tsx', { id: 'settings-method-new' }),
    route('shipping/methods/:methodId', 'routes/settings/method-form.tsx', { id: 'settings-method-edit' }),
    route('tax', 'routes/settings/tax.tsx'),
    route('tax/rates/new', 'routes/settings/tax-rate-form.tsx', { id: 'settings-tax-rate-new' }),
    route('tax/rates/:key', 'routes/settings/tax-rate-form.tsx', { id: 'settings-tax-rate-edit' }),
    route('free-shipping', 'routes/settings/free-shipping.tsx'),
    route('store', 'routes/settings/store.tsx'),
    route('content', 'routes/settings/content-settings.tsx'),
  ]),
];
