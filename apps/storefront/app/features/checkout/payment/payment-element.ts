/**
 * The provider's card element on the checkout page (docs/checkout.md 'Payments'): the card is
 * typed into the provider's own frame, so the page's code never sees it. The page asks the
 * server for a payment intent, then has the element confirm it; on success it submits the
 * order with the intent's id only. Implementations: test-payment-element.ts (the embedded test
 * provider) and the Stripe Payment Element, picked by `setup.provider` (payment-elements.ts).
 */
export type PaymentElementResult =
  | { status: 'authorized'; intentId: string }
  /** `code`: the provider's reason, with Stripe's names (`card_declined`, `insufficient_funds`, …). */
  | { status: 'failed'; message: string; code?: string };

export interface PaymentElement {
  /** Puts the provider's card form into `container`. */
  mount(container: HTMLElement): Promise<void>;
  /** Confirms the intent with what the shopper typed, including any extra authentication step. */
  confirm(intent: { id: string; clientSecret: string }): Promise<PaymentElementResult>;
  /** Follows a changed total (Stripe's element shows it in wallets); elements that never show it leave it out. */
  updateTotal?(amountMinor: number): Promise<void>;
  destroy(): void;
}

/** The checkout's total as the element sees it: minor units of an ISO 4217 currency. */
export interface PaymentElementTotal {
  amountMinor: number;
  currency: string;
}

/**
 * What the page's data says of the provider (the browser part of the port's
 * `PaymentBrowserSetup`; its CSP sources stay on the server).
 */
export interface PaymentElementSetup {
  provider: 'test' | 'stripe';
  /** Test provider: the card element's page on the provider's own origin. */
  elementUrl?: string;
  /** Stripe: the publishable key for Stripe.js. */
  publishableKey?: string;
}

/** What the checkout page tells any element. */
export interface PaymentElementOptions {
  /** The shopper's locale (`de-de`): the element speaks it. */
  locale: string;
  /** The frame's accessible name, in the page's language. */
  title: string;
  /** The shopper pressed Enter inside the element: the page submits its form, as Enter in a field of its own would. */
  onSubmit: () => void;
  /** The total when the element mounts (Stripe's deferred intent needs it before the intent exists). */
  total: PaymentElementTotal;
  /** Where a payment method that leaves the page (a bank's own page) brings the shopper back. */
  returnUrl: string;
  /** The page's display texts. */
  t: (title: string) => string;
}
