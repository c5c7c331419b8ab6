import type { OrderDto } from '@piste/commerce';
import type { CurrencyFormatView } from '../../lib/money';

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
  subtotal: number;
  shipping: number;
  tax: number;
  taxIncluded: boolean;
  total: number;
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
