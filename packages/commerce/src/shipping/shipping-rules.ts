import type { ShippingMethodSettings } from '../schema/shipping';

/** A shipping destination, ISO codes upper-case (`US`, `CA`; state `AK`, `QC`). */
export interface Destination {
  country: string;
  state?: string;
}

export interface ZoneCandidate {
  id: number;
  type: 'country' | 'state';
  locations: { countryIso2: string; stateIso2: string | null }[];
}

/**
 * The zone that ships to a destination: a 'state' zone listing its state wins over a
 * 'country' zone (Alaska ships under 'Alaska and Hawaii', not 'United States'); among zones of
 * the same kind the lowest id wins, as the platform checks zones in order. Without a state only
 * country zones can match.
 */
export function matchZone<Zone extends ZoneCandidate>(zones: readonly Zone[], destination: Destination): Zone | null {
  const byId = [...zones].sort((a, b) => a.id - b.id);
  const inCountry = (location: ZoneCandidate['locations'][number]) => location.countryIso2 === destination.country;
  if (destination.state) {
    const stateZone = byId.find(
      (zone) =>
        zone.type === 'state' &&
        zone.locations.some((location) => inCountry(location) && location.stateIso2 === destination.state),
    );
    if (stateZone) return stateZone;
  }
  return byId.find((zone) => zone.type === 'country' && zone.locations.some(inCountry)) ?? null;
}

export interface MethodCandidate {
  id: number;
  name: string;
  settings: ShippingMethodSettings;
  handlingFeeMinor: number;
}

/** A shipping option a shopper can choose (costs in minor units of the region's currency). */
export interface ShippingOption {
  id: number;
  name: string;
  type: ShippingMethodSettings['type'];
  costMinor: number;
}

/**
 * What a method costs for a merchandise subtotal, or null when it is not offered:
 * free shipping below its minimum, or a 'total' method whose ranges do not hold the subtotal.
 * Ranges include their lower limit and exclude their upper one, so touching ranges never
 * both apply.
 */
export function methodCost(settings: ShippingMethodSettings, subtotalMinor: number): number | null {
  switch (settings.type) {
    case 'freeshipping':
      return subtotalMinor >= settings.minimumSubtotalMinor ? 0 : null;
    case 'flatrate':
      return settings.rateMinor;
    case 'total': {
      const range = settings.ranges.find(
        (candidate) =>
          subtotalMinor >= candidate.lowerMinor &&
          (candidate.upperMinor === null || subtotalMinor < candidate.upperMinor),
      );
      return range ? range.costMinor : null;
    }
  }
}

/**
 * The options of a zone's enabled methods for a subtotal, cheapest first (ties by id).
 * `freeShippingHidden` drops free shipping for the shopper's group (spec §5).
 */
export function quoteMethods(
  methods: readonly MethodCandidate[],
  { subtotalMinor, freeShippingHidden }: { subtotalMinor: number; freeShippingHidden: boolean },
): ShippingOption[] {
  const options: ShippingOption[] = [];
  for (const method of methods) {
    if (freeShippingHidden && method.settings.type === 'freeshipping') continue;
    const cost = methodCost(method.settings, subtotalMinor);
    if (cost === null) continue;
    options.push({
      id: method.id,
      name: method.name,
      type: method.settings.type,
      costMinor: cost + method.handlingFeeMinor,
    });
  }
  return options.sort((a, b) => a.costMinor - b.costMinor || a.id - b.id);
}

/** Spec §3 'Shipping settings': "hide_free_shipping_groups (a comma list turned into numbers)". */
export function parseGroupList(list: string): number[] {
  const ids = list
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^\d{1,10}$/.test(part))
    .map(Number);
  return [...new Set(ids)];
}

export interface ShippingSettingsDto {
  is_enabled: boolean;
  hide_free_shipping_groups: number[];
}

/** Spec §5: "Free shipping is hidden for customer groups in hide_free_shipping_groups when shipping settings are enabled." */
export function isFreeShippingHidden(settings: ShippingSettingsDto, customerGroupId: number | undefined): boolean {
  return (
    settings.is_enabled && customerGroupId !== undefined && settings.hide_free_shipping_groups.includes(customerGroupId)
  );
}
