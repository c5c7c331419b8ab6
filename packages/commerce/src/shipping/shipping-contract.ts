import type { CommerceRegion } from '../commerce-region';
import type { ShippingMethodSettings } from '../schema/shipping';
import type { ShippingOption, ShippingSettingsDto } from './shipping-rules';

/**
 * The shipping contract (spec §3 'Shipping zone', 'Shipping method', 'Shipping settings'): zones,
 * methods and quotes per region. The embedded implementation is `createShippingService`.
 */

/** BigCommerce v2 shipping zone (`GET shippingzones`). */
export interface ShippingZoneDto {
  id: number;
  name: string;
  type: 'country' | 'state';
  locations: { id: number; country_iso2: string; state_iso2?: string }[];
  enabled: boolean;
}

/** BigCommerce v2 method settings, amounts as decimals of the zone's currency (spec §3 'Shipping method'). */
export type ShippingMethodSettingsDto =
  | { carrier_options: { minimum_sub_total: number } }
  | { range: { lower_limit: number; upper_limit: number | null; shipping_cost: number }[] }
  | { rate: number };

/** BigCommerce v2 shipping method (`GET shippingmethods/{zoneId}`). */
export interface ShippingMethodDto {
  id: number;
  name: string;
  type: ShippingMethodSettings['type'];
  settings: ShippingMethodSettingsDto;
  enabled: boolean;
  handling_fees: { fixed_surcharge: number };
}

type Answer<Data> = { data: Data; meta: Record<string, never> };

export interface ShippingService {
  /** `GET shippingzones`: every zone of the region, enabled or not. */
  listZones(region: CommerceRegion): Promise<Answer<ShippingZoneDto[]>>;
  /** `GET shippingzones/{id}`: a zone of another region is not found. */
  getZone(region: CommerceRegion, zoneId: number): Promise<Answer<ShippingZoneDto>>;
  /** `GET shippingmethods/{zoneId}`: the zone's methods, enabled or not. */
  listMethods(region: CommerceRegion, zoneId: number): Promise<Answer<ShippingMethodDto[]>>;
  /** Spec §3 'Shipping settings'; a region without settings has them disabled. */
  shippingSettings(region: CommerceRegion): Promise<ShippingSettingsDto>;
  /**
   * The options a shopper can choose for a destination and merchandise subtotal (minor units),
   * cheapest first; an empty list when no zone ships there.
   */
  quote(
    region: CommerceRegion,
    input: { country: string; state?: string; subtotalMinor: number; customerGroupId?: number },
  ): Promise<ShippingOption[]>;
  /** The smallest subtotal (minor units) that ships free; null when nothing ships free or it is hidden for the group. */
  freeShippingThreshold(
    region: CommerceRegion,
    input?: { country?: string; customerGroupId?: number },
  ): Promise<number | null>;
}
