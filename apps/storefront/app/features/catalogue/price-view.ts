/**
 * Whose group prices a shopper sees (docs/accounts.md 'Customer groups and prices'): pros and
 * employees by their group, any other customer group with a discount as a plain "your price". Null
 * for guests and shoppers who pay list or sale prices.
 */
export type ShopperGroup = 'pro' | 'employee' | 'group';

/** The customer state pricing presentation needs (spec §3 'Customer state'). */
export interface ShopperGroupSource {
  isPro: boolean;
  isEmployee: boolean;
  priceAdjustment?: unknown;
}

/** The shopper's group for price presentation; expired pros are no longer pro (the server says so). */
export function shopperGroupOf(customer: ShopperGroupSource | null | undefined): ShopperGroup | null {
  if (!customer) return null;
  if (customer.isPro) return 'pro';
  if (customer.isEmployee) return 'employee';
  return customer.priceAdjustment ? 'group' : null;
}

/** The label shown next to a group price, as a display-text title. */
export const GROUP_PRICE_LABELS: Record<ShopperGroup, string> = {
  pro: 'Pro price',
  employee: 'Employee price',
  group: 'Your price',
};

export type PriceView =
  | { kind: 'regular'; amount: number }
  | { kind: 'sale'; amount: number; was: number }
  | { kind: 'group'; amount: number; label: string };

export interface PriceInput {
  price: number;
  salePrice: number | null;
  /** What the shopper pays (the engine's calculated_price: the lower of sale and group price). */
  calculatedPrice?: number | null;
}

/**
 * Whether the shopper is shown sales as sales. Pros are not (spec §4 'Tags': "Pro customers never
 * see the sale tag"), and neither are employees: the spec is silent on them, but what they pay
 * is their employee price (the lower of it and the sale), and a sale tag or a struck-through
 * price beside "Employee price" would contradict it (docs/accounts.md 'Employees and sales').
 */
export function seesSales(group: ShopperGroup | null): boolean {
  return group !== 'pro' && group !== 'employee';
}

/**
 * How a price is presented. Pros and employees never see a sale as a sale (seesSales): they see
 * what they pay as their own price, never struck through. Other group members see their group
 * price when it beats the sale, and a sale otherwise. Everyone else sees the list price, or the
 * sale price with the list price struck through.
 */
export function priceView(input: PriceInput, group: ShopperGroup | null): PriceView {
  const { price } = input;
  const salePrice = input.salePrice !== null && input.salePrice < price ? input.salePrice : null;
  const pays = input.calculatedPrice ?? salePrice ?? price;
  if (group !== null && !seesSales(group)) {
    return pays < price
      ? { kind: 'group', amount: pays, label: GROUP_PRICE_LABELS[group] }
      : { kind: 'regular', amount: price };
  }
  if (group !== null && pays < (salePrice ?? price)) {
    return { kind: 'group', amount: pays, label: GROUP_PRICE_LABELS[group] };
  }
  return salePrice === null ? { kind: 'regular', amount: price } : { kind: 'sale', amount: salePrice, was: price };
}
