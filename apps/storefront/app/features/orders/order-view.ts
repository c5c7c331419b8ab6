import type { OrderDto } from '@piste/commerce';
import type { CurrencyFormatView } from '../../lib/money';
import type { DiscountRowView } from '../cart/cart-view';

/** Order numbers are positive 32-bit integers (the engine's `order_numbers` sequence). */
export function parseOrderNumber(value: string | null | undefined): number | null {
  const text = value?.trim() ?? '';
  if (!/^\d{1,10}$/.test(text)) return null;
  const number = Number(text);
  return number >= 1 && number <= 2_147_483_647 ? number : null;
}

/** The shopper's names of the engine's statuses (docs/checkout.md 'Statuses'). */
export const ORDER_STATUS_LABELS: Record<OrderDto['custom_status'], string> = {
  pending: 'Pending',
  awaiting_fulfillment: 'Being prepared',
  shipped: 'Shipped',
  completed: 'Completed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

/** Countries that write `City, ST 12345`; elsewhere (Europe) the postal code comes first. */
const CITY_STATE_ZIP_COUNTRIES: ReadonlySet<string> = new Set(['US', 'CA']);

/** A postal address as printed on a parcel, one line each, blank parts left out. */
export function addressLines(address: OrderDto['shipping_address'], countryName: string): string[] {
  const { first_name, last_name, company, street_1, street_2, city, state, zip, country_iso2 } = address;
  const locality = CITY_STATE_ZIP_COUNTRIES.has(country_iso2)
    ? `${city}${state ? `, ${state}` : ''} ${zip}`
    : `${zip} ${city}`;
  return [`${first_name} ${last_name}`, company, street_1, street_2, locality, countryName]
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

export interface OrderLineView {
  id: number;
  name: string;
  /** The option values as the order records them; pages word them with `t` (One Size → Einheitsgröße). */
  options: string[];
  quantity: number;
  total: number;
}

/** A placed order as its confirmation shows it; amounts are decimals of its currency. */
export interface OrderView {
  id: number;
  email: string;
  date: string;
  lines: OrderLineView[];
  shippingAddress: string[];
  shippingMethod: string;
  payment: string;
  /** What the lines cost before promotions. */
  itemsTotal: number;
  /** The promotions' savings, shown negative under the items' total. */
  discounts: DiscountRowView[];
  /** After promotions. */
  subtotal: number;
  shipping: number;
  tax: number;
  taxIncluded: boolean;
  total: number;
}

type OrderWithCoupons = Pick<OrderDto, 'products' | 'subtotal_inc_tax' | 'coupons'>;

const cents = (amount: number) => Math.round(amount * 100) / 100;

/**
 * An order's promotion savings (issue 28 'Promotions'): its lines are recorded at their price
 * before promotions and its subtotal after them, so the difference is what promotions took off.
 * Each coupon shows under its code; what automatic promotions took shows as one 'Promotions' row
 * (the order keeps their snapshot, not one row each).
 */
export function orderSavings(order: OrderWithCoupons): { itemsTotal: number; discounts: DiscountRowView[] } {
  const itemsTotal = cents(order.products.reduce((sum, line) => sum + line.total_inc_tax, 0));
  const coupons: DiscountRowView[] = order.coupons
    .filter((coupon) => coupon.discount > 0)
    .map((coupon) => ({ key: `coupon-${coupon.id}`, code: coupon.code, name: coupon.name, amount: coupon.discount }));
  const automatic = cents(
    itemsTotal - order.subtotal_inc_tax - coupons.reduce((sum, coupon) => sum + coupon.amount, 0),
  );
  const discounts =
    automatic > 0 ? [...coupons, { key: 'promotions', code: null, name: 'Promotions', amount: automatic }] : coupons;
  return { itemsTotal, discounts };
}

/** One order in the account's list. */
export interface OrderRowView {
  id: number;
  date: string;
  /** A display-text title (ORDER_STATUS_LABELS). */
  status: string;
  itemCount: number;
  total: number;
  currency: CurrencyFormatView | null;
}
