import { DomainError, SHOPPING_REGIONS, type ShoppingRegion } from '@piste/core';
import type { PriceListRegionId } from './commerce-port';

export const DEFAULT_COMMERCE_REGION: ShoppingRegion = 'us';

/**
 * The region whose price list a commerce region uses (spec §4 'Billing region'): pro regions
 * buy at their home region's list (pro → us, pro_ca → ca, pro_eu_region_1 → eu_region_1);
 * customer-group discounts then apply on top.
 */
export const PRICE_LIST_REGION: Readonly<Record<ShoppingRegion, PriceListRegionId>> = {
  us: 'us',
  ca: 'ca',
  eu_region_1: 'eu_region_1',
  pro: 'us',
  pro_ca: 'ca',
  pro_eu_region_1: 'eu_region_1',
};

export interface CommerceRegion {
  id: ShoppingRegion;
  /** The region whose prices and currency this region uses. */
  priceListRegion: PriceListRegionId;
}

/**
 * Reads the `x-bc-region` header (spec §7): absent means us; a region that cannot shop is
 * refused rather than silently priced in another currency.
 */
export function resolveCommerceRegion(header: string | string[] | undefined): CommerceRegion {
  if (Array.isArray(header)) throw invalidRegion(header.join(','));
  const value = header?.trim().toLowerCase() || DEFAULT_COMMERCE_REGION;
  if (!(SHOPPING_REGIONS as readonly string[]).includes(value)) throw invalidRegion(value);
  const id = value as ShoppingRegion;
  return { id, priceListRegion: PRICE_LIST_REGION[id] };
}

function invalidRegion(value: string): DomainError {
  return new DomainError(
    'INVALID_DATA',
    `Unknown region "${value.slice(0, 40)}" in x-bc-region; expected one of ${SHOPPING_REGIONS.join(', ')}.`,
    'INVALID_REGION',
  );
}
