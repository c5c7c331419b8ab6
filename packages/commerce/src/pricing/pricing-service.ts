import { afterPercentOff, minorToDecimal } from '../money';
import type { DiscountRule } from '../schema/customers';

/** A variant's stored prices in one region, in minor units. */
export interface StoredPrice {
  price: number;
  salePrice: number | null;
  retailPrice: number | null;
}

/**
 * The shopper's customer group and its discount rules (spec §3 'Customer state':
 * customerDiscount is the group's discount_rules). Guests and groups without rules have none.
 */
export interface PriceAdjustment {
  groupId: number;
  rules: readonly DiscountRule[];
}

/** What a discount rule is matched against. */
export interface PricedProduct {
  id: number;
  categoryIds: readonly number[];
}

/**
 * The group's percentage off for a product, 0–100: the most specific rule wins (a rule for
 * the product, else one for any of its categories — the largest —, else one for all), as
 * BigCommerce applies customer group discounts.
 */
export function groupPercentOff(adjustment: PriceAdjustment | undefined, product: PricedProduct): number {
  if (!adjustment || adjustment.rules.length === 0) return 0;
  const percent = (rule: DiscountRule) => Math.min(100, Math.max(0, Number(rule.amount) || 0));
  const forProduct = adjustment.rules.find((rule) => rule.type === 'product' && rule.product_id === product.id);
  if (forProduct) return percent(forProduct);
  const forCategories = adjustment.rules.filter(
    (rule) =>
      rule.type === 'category' && rule.category_id !== undefined && product.categoryIds.includes(rule.category_id),
  );
  if (forCategories.length > 0) return Math.max(...forCategories.map(percent));
  const forAll = adjustment.rules.find((rule) => rule.type === 'all');
  return forAll ? percent(forAll) : 0;
}

export interface ResolvedPrice {
  price: number;
  sale_price: number | null;
  retail_price: number | null;
  /** What the shopper pays: the lower of the sale price and the group price. */
  calculated_price: number;
  /** The same in minor units, for sums that must not drift. */
  calculatedMinor: number;
}

/**
 * The price a shopper sees, from region prices and their group's percentage off. The group
 * discount applies to the list price and does not stack with a sale: the shopper pays
 * whichever is lower, so a group member never pays more than a guest (docs/accounts.md). The
 * group price is rounded half up to the minor unit (money.ts).
 */
export function resolvePrice(stored: StoredPrice, percentOff = 0): ResolvedPrice {
  const onSale = stored.salePrice !== null && stored.salePrice < stored.price;
  const groupPrice = afterPercentOff(stored.price, percentOff);
  const calculatedMinor = onSale ? Math.min(stored.salePrice!, groupPrice) : groupPrice;
  return {
    price: minorToDecimal(stored.price),
    sale_price: onSale ? minorToDecimal(stored.salePrice!) : null,
    retail_price: stored.retailPrice === null ? null : minorToDecimal(stored.retailPrice),
    calculated_price: minorToDecimal(calculatedMinor),
    calculatedMinor,
  };
}
