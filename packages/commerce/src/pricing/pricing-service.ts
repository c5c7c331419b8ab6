import { minorToDecimal } from '../money';

/** A variant's stored prices in one region, in minor units. */
export interface StoredPrice {
  price: number;
  salePrice: number | null;
  retailPrice: number | null;
}

/**
 * A customer group's discount (its discount_rules, spec §3 'Customer state'). The accounts
 * issue supplies real groups; until then every shopper is in the guest group with none.
 */
export interface PriceAdjustment {
  /** Percentage off the shopper's price, 0–100. */
  percentOff: number;
}

export interface ResolvedPrice {
  price: number;
  sale_price: number | null;
  retail_price: number | null;
  /** What the shopper pays: the sale price when lower, then the group discount. */
  calculated_price: number;
  /** The same in minor units, for sums that must not drift. */
  calculatedMinor: number;
}

/** The price a shopper sees, from region prices and their customer group. */
export function resolvePrice(stored: StoredPrice, adjustment?: PriceAdjustment): ResolvedPrice {
  const onSale = stored.salePrice !== null && stored.salePrice < stored.price;
  const base = onSale ? stored.salePrice! : stored.price;
  const percentOff = Math.min(100, Math.max(0, adjustment?.percentOff ?? 0));
  const calculatedMinor = Math.round(base * (1 - percentOff / 100));
  return {
    price: minorToDecimal(stored.price),
    sale_price: onSale ? minorToDecimal(stored.salePrice!) : null,
    retail_price: stored.retailPrice === null ? null : minorToDecimal(stored.retailPrice),
    calculated_price: minorToDecimal(calculatedMinor),
    calculatedMinor,
  };
}
