import { REGION_MAP } from '@piste/core';
import type { CommerceRegion, MethodCandidate, ShippingZoneDto } from '@piste/commerce';
import type { WireShippingMethod, WireShippingZone } from './store-wire';

/**
 * How BigCommerce's store-wide shipping zones and methods become our per-region ones
 * (docs/providers/bigcommerce.md 'Store, currencies, countries and shipping').
 */

/** BigCommerce amounts are decimals of the currency; ours are minor units (two decimals in every demo currency). */
const toMinor = (amount: number) => Math.round(amount * 100);

/**
 * A zone belongs to the price-list region whose countries (spec §9 region map) hold every one of
 * its locations; zones spanning regions, `global` zones and `zip` zones belong to none, since our
 * shipping contract matches by country and state only.
 */
export function zoneBelongsTo(zone: WireShippingZone, region: CommerceRegion): boolean {
  if (zone.type !== 'country' && zone.type !== 'state') return false;
  const countries = REGION_MAP[region.priceListRegion];
  return (
    zone.locations.length > 0 &&
    zone.locations.every((location) => countries.includes((location.country_iso2 ?? '').toLowerCase()))
  );
}

export function zoneDto(zone: WireShippingZone): ShippingZoneDto {
  return {
    id: zone.id,
    name: zone.name,
    type: zone.type === 'state' ? 'state' : 'country',
    locations: zone.locations.map((location) => ({
      id: location.id,
      country_iso2: location.country_iso2 ?? '',
      ...(zone.type === 'state' && location.state_iso2 ? { state_iso2: location.state_iso2 } : {}),
    })),
    enabled: zone.enabled,
  };
}

/** For matchZone: upper-case codes, a state only on state zones. */
export function zoneCandidate(zone: WireShippingZone) {
  return {
    id: zone.id,
    type: zone.type === 'state' ? ('state' as const) : ('country' as const),
    locations: zone.locations.map((location) => ({
      countryIso2: (location.country_iso2 ?? '').toUpperCase(),
      stateIso2: zone.type === 'state' ? (location.state_iso2 ?? '').toUpperCase() : null,
    })),
  };
}

/** Our method: the DTO settings' source and whether it is enabled. */
export interface MappedMethod extends MethodCandidate {
  enabled: boolean;
}

/**
 * Free shipping is a zone setting on BigCommerce (`free_shipping.minimum_sub_total`), not a method:
 * it is shown as the zone's first method, with the zone's id negated as its id so it can never
 * collide with a BigCommerce method id.
 */
export function freeShippingMethod(zone: WireShippingZone): MappedMethod | null {
  if (!zone.free_shipping?.enabled) return null;
  return {
    id: -zone.id,
    name: 'Free shipping',
    settings: { type: 'freeshipping', minimumSubtotalMinor: toMinor(zone.free_shipping.minimum_sub_total ?? 0) },
    handlingFeeMinor: 0,
    enabled: true,
  };
}

/**
 * `perorder` is our flat rate; `total` keeps its ranges, and a fixed `default_cost` (charged for a
 * total outside every range) becomes an open-ended last range from the highest upper limit. Other
 * kinds (per item, by weight, carriers' live rates, a percentage default or handling fee) cannot be
 * priced from a subtotal alone and are left out.
 */
export function mapMethod(method: WireShippingMethod): MappedMethod | null {
  if (method.handling_fees?.percentage_surcharge) return null;
  const base = {
    id: method.id,
    name: method.name,
    enabled: method.enabled,
    handlingFeeMinor: toMinor(method.handling_fees?.fixed_surcharge ?? 0),
  };
  const { settings } = method;
  if (method.type === 'perorder' && settings.rate !== undefined) {
    return { ...base, settings: { type: 'flatrate', rateMinor: toMinor(settings.rate) } };
  }
  if (method.type !== 'total') return null;
  const hasDefault = settings.default_cost !== null && settings.default_cost !== undefined;
  if (hasDefault && settings.default_cost_type !== 'fixed_amount') return null;
  const ranges = [...(settings.range ?? [])]
    .sort((a, b) => a.lower_limit - b.lower_limit)
    .map((range) => ({
      lowerMinor: toMinor(range.lower_limit),
      upperMinor: toMinor(range.upper_limit) as number | null,
      costMinor: toMinor(range.shipping_cost),
    }));
  if (hasDefault) {
    const from = Math.max(0, ...ranges.map((range) => range.upperMinor ?? 0));
    ranges.push({ lowerMinor: from, upperMinor: null, costMinor: toMinor(settings.default_cost!) });
  }
  if (ranges.length === 0) return null;
  return { ...base, settings: { type: 'total', ranges } };
}
