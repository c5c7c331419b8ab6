import { DomainError } from '@piste/core';
import {
  isFreeShippingHidden,
  matchZone,
  parseInput,
  quoteInputSchema,
  quoteMethods,
  thresholdInputSchema,
  toShippingMethodDto,
  type CommerceRegion,
  type ShippingOption,
  type ShippingService,
} from '@piste/commerce';
import type { BigCommerceProviderDeps } from '../provider-deps';
import { orNotFound } from './not-found';
import {
  freeShippingMethod,
  mapMethod,
  zoneBelongsTo,
  zoneCandidate,
  zoneDto,
  type MappedMethod,
} from './shipping-mapping';
import { readShippingSettings } from './shipping-settings';
import { shippingMethodSchema, shippingZoneSchema, type WireShippingZone } from './store-wire';

/**
 * Shipping over BigCommerce's v2 shipping zones and methods (reference/shipping.v2.yml), with the
 * embedded engine's rules for quotes and the free-shipping threshold. Zones and methods are
 * reference data: cached in deps.cache, which webhooks clear.
 */
export function createBigCommerceShipping({ client, cache, db }: BigCommerceProviderDeps): ShippingService {
  function allZones(): Promise<WireShippingZone[]> {
    return cache.remember('bigcommerce:shipping-zones', async () => {
      const call = 'GET /v2/shipping/zones';
      return client.parse(call, shippingZoneSchema.array(), (await client.v2('/shipping/zones')) ?? []);
    });
  }

  async function regionZones(region: CommerceRegion): Promise<WireShippingZone[]> {
    return (await allZones()).filter((zone) => zoneBelongsTo(zone, region)).sort((a, b) => a.id - b.id);
  }

  async function zoneOf(region: CommerceRegion, zoneId: number): Promise<WireShippingZone> {
    const message = `Shipping zone ${zoneId} does not exist in region ${region.id}.`;
    const zone = await cache.remember(`bigcommerce:shipping-zone:${zoneId}`, () =>
      orNotFound(async () => {
        const call = 'GET /v2/shipping/zones/{id}';
        return client.parse(call, shippingZoneSchema, await client.v2(`/shipping/zones/${zoneId}`));
      }, message),
    );
    if (!zoneBelongsTo(zone, region)) throw new DomainError('NOT_FOUND', message);
    return zone;
  }

  /** The zone's methods as ours: its free shipping first, then BigCommerce's methods by id. */
  function zoneMethods(zone: WireShippingZone): Promise<MappedMethod[]> {
    return cache.remember(`bigcommerce:shipping-methods:${zone.id}`, async () => {
      const call = 'GET /v2/shipping/zones/{zone_id}/methods';
      const wire = client.parse(
        call,
        shippingMethodSchema.array(),
        (await client.v2(`/shipping/zones/${zone.id}/methods`)) ?? [],
      );
      const methods = wire
        .sort((a, b) => a.id - b.id)
        .map(mapMethod)
        .filter((method) => method !== null);
      const free = freeShippingMethod(zone);
      return free ? [free, ...methods] : methods;
    });
  }

  async function enabledZonesIn(region: CommerceRegion, country?: string) {
    return (await regionZones(region))
      .filter((zone) => zone.enabled)
      .filter(
        (zone) =>
          country === undefined || zone.locations.some((location) => location.country_iso2?.toUpperCase() === country),
      );
  }

  return {
    async listZones(region) {
      return { data: (await regionZones(region)).map(zoneDto), meta: {} };
    },

    async getZone(region, zoneId) {
      return { data: zoneDto(await zoneOf(region, zoneId)), meta: {} };
    },

    async listMethods(region, zoneId) {
      const zone = await zoneOf(region, zoneId);
      return { data: (await zoneMethods(zone)).map(toShippingMethodDto), meta: {} };
    },

    shippingSettings: (region) => readShippingSettings(db, region),

    async quote(region, input): Promise<ShippingOption[]> {
      const { subtotalMinor, customerGroupId, ...destination } = parseInput(quoteInputSchema, input, 'Field');
      const zones = await enabledZonesIn(region, destination.country);
      const match = matchZone(zones.map(zoneCandidate), destination);
      const zone = zones.find((candidate) => candidate.id === match?.id);
      if (!zone) return [];
      const [methods, settings] = await Promise.all([zoneMethods(zone), readShippingSettings(db, region)]);
      return quoteMethods(
        methods.filter((method) => method.enabled),
        { subtotalMinor, freeShippingHidden: isFreeShippingHidden(settings, customerGroupId) },
      );
    },

    async freeShippingThreshold(region, input = {}) {
      const { country, customerGroupId } = parseInput(thresholdInputSchema, input, 'Field');
      if (isFreeShippingHidden(await readShippingSettings(db, region), customerGroupId)) return null;
      const zones = await enabledZonesIn(region, country);
      const matched = country === undefined ? null : matchZone(zones.map(zoneCandidate), { country });
      const candidates = country === undefined ? zones : zones.filter((zone) => zone.id === matched?.id);
      const minimums = candidates.flatMap((zone) => {
        const free = freeShippingMethod(zone);
        return free?.settings.type === 'freeshipping' ? [free.settings.minimumSubtotalMinor] : [];
      });
      return minimums.length > 0 ? Math.min(...minimums) : null;
    },
  };
}
