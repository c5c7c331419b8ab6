import { and, asc, eq, inArray } from 'drizzle-orm';
import { DomainError } from '@piste/core';
import type { Db } from '@piste/db';
import type { CommerceRegion } from '../commerce-region';
import { shippingMethods, shippingSettings, shippingZoneLocations, shippingZones } from '../schema/index';
import { parseInput } from '../validation';
import { quoteInputSchema, thresholdInputSchema } from './shipping-input';
import { toShippingMethodDto } from './shipping-method-dto';
import {
  isFreeShippingHidden,
  matchZone,
  parseGroupList,
  quoteMethods,
  type ShippingOption,
  type ShippingSettingsDto,
} from './shipping-rules';
import type { ShippingService, ShippingZoneDto } from './shipping-contract';

/**
 * Shipping of the embedded commerce engine (spec §3 'Shipping zone', 'Shipping method',
 * 'Shipping settings'; §5 free-shipping rule): the platform's zone and method reads, and the
 * quote the cart and checkout price shipping with. Zones and settings belong to the region's
 * price list (pro → us), whose currency their amounts are in.
 */
export function createShippingService(db: Db): ShippingService {
  async function loadZones(region: CommerceRegion, zoneId?: number): Promise<ShippingZoneDto[]> {
    const conditions = [eq(shippingZones.regionId, region.priceListRegion)];
    if (zoneId !== undefined) conditions.push(eq(shippingZones.id, zoneId));
    const zones = await db
      .select()
      .from(shippingZones)
      .where(and(...conditions))
      .orderBy(asc(shippingZones.id));
    if (zones.length === 0) return [];
    const locations = await db
      .select()
      .from(shippingZoneLocations)
      .where(
        inArray(
          shippingZoneLocations.zoneId,
          zones.map((zone) => zone.id),
        ),
      )
      .orderBy(asc(shippingZoneLocations.id));
    return zones.map((zone) => ({
      id: zone.id,
      name: zone.name,
      type: zone.type,
      locations: locations
        .filter((location) => location.zoneId === zone.id)
        .map((location) => ({
          id: location.id,
          country_iso2: location.countryIso2,
          ...(location.stateIso2 === null ? {} : { state_iso2: location.stateIso2 }),
        })),
      enabled: zone.enabled,
    }));
  }

  async function loadSettings(region: CommerceRegion): Promise<ShippingSettingsDto> {
    const [row] = await db.select().from(shippingSettings).where(eq(shippingSettings.regionId, region.priceListRegion));
    return {
      is_enabled: row?.isEnabled ?? false,
      hide_free_shipping_groups: row ? parseGroupList(row.hideFreeShippingGroups) : [],
    };
  }

  /** The enabled zones of the region with a location in the country, for matching. */
  async function enabledZonesIn(region: CommerceRegion, country?: string) {
    const zones = (await loadZones(region)).filter((zone) => zone.enabled);
    return zones
      .map((zone) => ({
        id: zone.id,
        type: zone.type,
        locations: zone.locations.map((location) => ({
          countryIso2: location.country_iso2,
          stateIso2: location.state_iso2 ?? null,
        })),
      }))
      .filter((zone) => country === undefined || zone.locations.some((location) => location.countryIso2 === country));
  }

  async function enabledMethods(zoneIds: number[]) {
    if (zoneIds.length === 0) return [];
    return db
      .select()
      .from(shippingMethods)
      .where(and(inArray(shippingMethods.zoneId, zoneIds), eq(shippingMethods.enabled, true)))
      .orderBy(asc(shippingMethods.id));
  }

  async function zoneOf(region: CommerceRegion, zoneId: number): Promise<ShippingZoneDto> {
    const [zone] = await loadZones(region, zoneId);
    if (!zone) throw new DomainError('NOT_FOUND', `Shipping zone ${zoneId} does not exist in region ${region.id}.`);
    return zone;
  }

  return {
    /** `GET shippingzones`: every zone of the region, enabled or not. */
    async listZones(region: CommerceRegion) {
      return { data: await loadZones(region), meta: {} };
    },

    /** `GET shippingzones/{id}`: a zone of another region is not found. */
    async getZone(region: CommerceRegion, zoneId: number) {
      return { data: await zoneOf(region, zoneId), meta: {} };
    },

    /** `GET shippingmethods/{zoneId}`: the zone's methods, enabled or not. */
    async listMethods(region: CommerceRegion, zoneId: number) {
      await zoneOf(region, zoneId);
      const rows = await db
        .select()
        .from(shippingMethods)
        .where(eq(shippingMethods.zoneId, zoneId))
        .orderBy(asc(shippingMethods.id));
      return { data: rows.map(toShippingMethodDto), meta: {} };
    },

    /** Spec §3 'Shipping settings'; a region without settings has them disabled. */
    shippingSettings: loadSettings,

    /**
     * The options a shopper can choose for a destination and merchandise subtotal (after
     * discounts, before shipping and added tax; VAT-inclusive in the EU), cheapest first.
     * No zone ships there → an empty list ('We do not ship to …'). Badly formed codes or
     * amounts are a 400 (INVALID_DATA).
     */
    async quote(
      region: CommerceRegion,
      input: { country: string; state?: string; subtotalMinor: number; customerGroupId?: number },
    ): Promise<ShippingOption[]> {
      const { subtotalMinor, customerGroupId: groupId, ...destination } = parseInput(quoteInputSchema, input, 'Field');
      const zone = matchZone(await enabledZonesIn(region, destination.country), destination);
      if (!zone) return [];
      const [methods, settings] = await Promise.all([enabledMethods([zone.id]), loadSettings(region)]);
      return quoteMethods(methods, { subtotalMinor, freeShippingHidden: isFreeShippingHidden(settings, groupId) });
    },

    /**
     * The smallest subtotal (minor units) that ships free, for the cart's free-shipping
     * progress: in the country's zone when a country is given (no state is known yet, so its
     * country zone), else in any zone of the region. Null when nothing ships free or free
     * shipping is hidden for the customer group (spec §5).
     */
    async freeShippingThreshold(
      region: CommerceRegion,
      input: { country?: string; customerGroupId?: number } = {},
    ): Promise<number | null> {
      const { country, customerGroupId: groupId } = parseInput(thresholdInputSchema, input, 'Field');
      if (isFreeShippingHidden(await loadSettings(region), groupId)) return null;
      const zones = await enabledZonesIn(region, country);
      const candidates =
        country === undefined ? zones : [matchZone(zones, { country })].filter((zone) => zone !== null);
      const minimums = (await enabledMethods(candidates.map((zone) => zone.id))).flatMap((method) =>
        method.settings.type === 'freeshipping' ? [method.settings.minimumSubtotalMinor] : [],
      );
      return minimums.length > 0 ? Math.min(...minimums) : null;
    },
  };
}
