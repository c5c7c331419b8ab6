/**
 * The provider's card element on the checkout page (docs/checkout.md 'Payments'): the card is
 * typed into the provider's own frame, so the page's code never sees it. The page asks the
 * server for a payment intent, then has the element confirm it; on success it submits the
 * order with the intent's id only.
 *
 * SKELETON (issue 28): the payment-browser work implements the test provider's element, the
 * Stripe work Stripe's Payment Element, both to this interface.
 */
export type PaymentElementResult = { status: 'authorized'; intentId: string } | { status: 'failed'; message: string };

export interface PaymentElement {
  /** Puts the provider's card form into `container`. */
  mount(container: HTMLElement): Promise<void>;
  /** Confirms the intent with what the shopper typed, including any extra authentication step. */
  confirm(intent: { id: string; clientSecret: string }): Promise<PaymentElementResult>;
  destroy(): void;
}
