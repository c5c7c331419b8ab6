import type { FieldMessage } from '../../components/form/form-kit';
import type { CurrencyFormatView } from '../../lib/money';
import type { CartView } from '../cart/cart-view';
import type { EcommerceEvent } from './checkout-analytics';
import type { AddressValues, CheckoutValues, FieldErrors, FieldName } from './checkout-fields';
import type { PaymentElementSetup } from './payment/payment-element';

export interface PlaceOption {
  /** ISO code: `US`, `UT`. */
  code: string;
  name: string;
}

/** Where the checkout ships and bills to, and the states of the countries that have them. */
export interface DestinationsView {
  shippingCountries: PlaceOption[];
  billingCountries: PlaceOption[];
  states: Record<string, PlaceOption[]>;
}

/** Shipping options and totals for a destination; amounts are decimals of the cart's currency. */
export interface QuoteView {
  options: { id: number; name: string; cost: number }[];
  /** The option the totals include. */
  selectedId: number | null;
  subtotal: number;
  shipping: number;
  tax: number;
  /** EU VAT is contained in the prices; US and Canadian sales tax is added to them. */
  taxIncluded: boolean;
  total: number;
}

export interface SummaryLineView {
  id: string;
  name: string;
  /** The option values as the commerce platform writes them (`Stealth Black`, `One Size`); pages word them with `t`. */
  options: string[];
  quantity: number;
  imageUrl: string;
  total: number;
}

/** What the order summary shows of promotions: the lines' total before them, each saving, the codes. */
export type CheckoutPromotionsView = Pick<CartView, 'itemsTotal' | 'coupons' | 'discounts' | 'freeShipping'>;

/** A signed-in customer's saved address the checkout offers: one in a country the region ships to. */
export interface SavedAddressView {
  id: string;
  /** As on a parcel: name, street, town, country. */
  lines: string[];
  isDefault: boolean;
  values: AddressValues;
}

export interface CheckoutPageData {
  lines: SummaryLineView[];
  /** The address book, for a signed-in customer; empty for a guest. */
  savedAddresses: SavedAddressView[];
  subtotal: number;
  /** The cart's codes and savings, for the order summary's discount code and totals. */
  promotions: CheckoutPromotionsView;
  currency: CurrencyFormatView | null;
  destinations: DestinationsView;
  values: CheckoutValues;
  /** The quote for the default destination, when it needs no state. */
  quote: QuoteView | null;
  /** One per page load: a double submit places one order (docs/checkout.md). */
  idempotencyKey: string;
  /** The payment provider's element to mount; null when no provider takes payments here. */
  payment: PaymentElementSetup | null;
  /** The test provider's card numbers, for the note beside its element (docs/checkout.md 'Test cards'). */
  testCards: { authorises: string; declines: string; insufficientFunds: string; needsAuthentication: string };
  beginCheckout: EcommerceEvent;
}

/**
 * The answer to `intent=pay` when the form is fine: the payment intent the provider's element
 * confirms. Its client secret is for the provider only; the card never comes here.
 */
export interface PaymentAnswer {
  intent: 'pay';
  answeredAt: number;
  payment: { intentId: string; clientSecret: string };
}

/** What the action answers for a quote or a failed order. */
export interface CheckoutAnswer {
  intent: 'quote' | 'pay' | 'place';
  /** Server time of the answer: the page shows the newer of its form's and its fetcher's answers. */
  answeredAt: number;
  values: CheckoutValues;
  quote: QuoteView | null;
  errors: FieldErrors;
  /** A display-text title for the top of the form, with its values when it quotes amounts. */
  message: string | FieldMessage | null;
  cartLink: boolean;
  /** The payment was refused or released: the provider's element starts afresh, for the shopper to pay again. */
  paymentFailed: boolean;
}

/** The newer of two answers (the form's last submission and the quote fetcher's). */
export function newestAnswer(
  submitted: CheckoutAnswer | undefined,
  fetched: CheckoutAnswer | undefined,
): CheckoutAnswer | undefined {
  if (!submitted || !fetched) return submitted ?? fetched;
  return fetched.answeredAt > submitted.answeredAt ? fetched : submitted;
}

const DESTINATION_FIELDS: ReadonlySet<FieldName> = new Set([
  'shipping.country_iso2',
  'shipping.state',
  'shipping_method_id',
]);

/**
 * The field errors to show: the last submission's, except that a newer quote (the shopper
 * changed the destination or the method since) replaces what it knows about, the destination.
 */
export function currentFieldErrors(
  submitted: CheckoutAnswer | undefined,
  fetched: CheckoutAnswer | undefined,
): FieldErrors {
  const errors = submitted?.errors ?? {};
  if (!fetched || newestAnswer(submitted, fetched) !== fetched) return errors;
  const kept = Object.entries(errors).filter(([field]) => !DESTINATION_FIELDS.has(field as FieldName));
  return { ...Object.fromEntries(kept), ...fetched.errors };
}
