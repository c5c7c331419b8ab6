/**
 * What the checkout says when the provider's element did not authorise a payment, by the
 * provider's reason (Stripe's codes, which the test provider shares): display-text titles, in
 * the page's language, whatever language the provider answered in.
 */
const MESSAGES: Readonly<Record<string, string>> = {
  card_declined: 'Your card was declined. Try another card.',
  insufficient_funds: 'Your card has insufficient funds. Try another card.',
  expired_card: 'Your card has expired. Try another card.',
  invalid_card: 'Check your card details in the payment section.',
  invalid_number: 'Check your card details in the payment section.',
  incorrect_number: 'Check your card details in the payment section.',
  invalid_expiry: 'Check your card details in the payment section.',
  invalid_cvc: 'Check your card details in the payment section.',
  incorrect_cvc: 'Check your card details in the payment section.',
  payment_intent_authentication_failure: 'Your bank did not confirm the payment. Try again, or use another card.',
  // The embedded test provider's name for it.
  authentication_failed: 'Your bank did not confirm the payment. Try again, or use another card.',
  provider_unreachable: 'The payment service could not be reached. Try again.',
  // Our own: the element did not load (a blocked frame, a failed chunk).
  element_missing: 'The payment form could not load. Reload the page or try again later.',
};

export const PAYMENT_FAILED_MESSAGE = 'The payment did not go through. Try again, or use another card.';

export function paymentFailureMessage(code: string | undefined): string {
  return (code && MESSAGES[code]) ?? PAYMENT_FAILED_MESSAGE;
}
