import type { CustomerAddressDto } from '@piste/commerce';
import type { CurrencyFormatView } from '../../lib/money';
import { addressValuesOf } from '../checkout/checkout-fields';
import { addressLines, type OrderRowView } from '../orders/order-view';
import type { AddressBookField } from './account-fields';

/**
 * What the account pages say after a change (`?status=` on the page the action redirects to,
 * so a reload never sends the form again). Display-text titles.
 */
export const ACCOUNT_NOTICES = {
  signed_out: 'You have signed out.',
  created: 'Welcome! Your account is ready.',
  password_reset: 'Your password has been changed, and you are signed in.',
  reset_sent:
    'If an account exists for that email address, we have sent it a link to set a new password. The link works for {minutes} minutes.',
  details_saved: 'Your details have been saved.',
  email_changed: 'Your email address has been changed.',
  password_changed: 'Your password has been changed. Any other devices signed in to your account have been signed out.',
  address_added: 'The address has been added.',
  address_saved: 'The address has been saved.',
  address_deleted: 'The address has been deleted.',
  default_changed: 'Your default address has been changed.',
  account_deleted: 'Your account has been deleted.',
} as const;
export type AccountNotice = keyof typeof ACCOUNT_NOTICES;

/** A `?status=` value the page knows, or null (anything else is ignored, never shown). */
export function noticeOf(value: string | null | undefined): AccountNotice | null {
  return value && Object.hasOwn(ACCOUNT_NOTICES, value) ? (value as AccountNotice) : null;
}

/** An address-book entry, printed as on a parcel. */
export interface AddressView {
  id: number;
  lines: string[];
  phone: string;
  isDefault: boolean;
}

/** A pro customer's standing: expiry and this year's spend against the brand's limit (spec §3 'Customer state'). */
export interface ProView {
  expiresOn: string | null;
  spent: number;
  limit: number;
  /** What is left of the limit this year (spec §3 brandSpendLimit less proCurrentSpend), never below 0. */
  left: number;
  currency: CurrencyFormatView | null;
  /** Share of the limit spent, 0–100, for the meter. */
  percent: number;
}

/** How much of a spend limit is used, as a whole percentage from 0 to 100. */
export function spendPercent(spent: number, limit: number): number {
  if (!(limit > 0) || !(spent > 0)) return 0;
  return Math.min(100, Math.round((spent / limit) * 100));
}

/** An address-book entry as printed on a parcel, in the order-view's layout. */
export function customerAddressLines(address: CustomerAddressDto, countryName: string): string[] {
  return addressLines({ ...addressValuesOf(address), company: address.company, email: '' }, countryName);
}

/**
 * Where sign-in returns to: the page the visitor is on, except the home page and the account
 * pages themselves (the account overview is the natural place after those).
 */
export function signInTarget(pathname: string, search: string, locale: string): string | null {
  const local = pathname.replace(new RegExp(`^/${locale}(?=/|$)`), '') || '/';
  if (local === '/' || local === '/account' || local.startsWith('/account/')) return null;
  return pathname + search;
}

/** The page number of a list (`?page=`): a whole number from 1, anything else the first page. */
export function pageNumber(value: string | null | undefined): number {
  const text = value?.trim() ?? '';
  if (!/^\d{1,6}$/.test(text)) return 1;
  return Math.max(1, Number(text));
}

export interface OverviewView {
  firstName: string;
  lastName: string;
  email: string;
  company: string;
  isEmployee: boolean;
  pro: ProView | null;
  recentOrders: OrderRowView[];
  orderCount: number;
  defaultAddress: AddressView | null;
  addressCount: number;
}

export interface ShipmentView {
  id: number;
  carrier: string;
  trackingNumber: string;
  date: string;
  items: { name: string; quantity: number }[];
}

/** An address form's values, as typed (`is_default` is 'on' when ticked). */
export type AddressFormValues = Partial<Record<AddressBookField, string>>;
