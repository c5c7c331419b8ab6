import type { PaymentIntent } from '../payment-contract';

/** A card as the shopper types it into the test provider's card element (never sent to our server). */
export interface TestCardInput {
  number: string;
  /** MM/YY */
  expiry: string;
  cvc: string;
  holderName: string;
}

/**
 * The embedded test provider's confirmation side, which its own origin's pages call (the card
 * element and the extra-authentication page) and tests call with test payment method tokens, as
 * Stripe's test mode accepts `pm_card_visa`. Our shop's order code never calls this: it only
 * sees the PaymentProvider port. The embedded implementation is `createTestPaymentProvider`.
 */
export interface TestPaymentGateway {
  /** Confirms with a typed card: checked (Luhn, expiry, CVC), test numbers decline or ask for authentication. */
  confirmWithCard(intentId: string, clientSecret: string, card: TestCardInput): Promise<PaymentIntent>;
  /** Confirms with a test payment method token: 'pm_card_visa', 'pm_card_chargeDeclined', … */
  confirmWithToken(intentId: string, token: string): Promise<PaymentIntent>;
  /** The shopper's answer on the extra-authentication page: passed → requires_capture, failed → requires_payment_method. */
  completeAuthentication(intentId: string, clientSecret: string, passed: boolean): Promise<PaymentIntent>;
  /** The intent the browser holds a client secret for (the card element shows its amount). */
  intentForClient(intentId: string, clientSecret: string): Promise<PaymentIntent>;
}

/**
 * Test cards and tokens, as Stripe's testing docs name them (docs/checkout.md 'Test cards'):
 * any future expiry and any 3-digit CVC.
 */
export const TEST_PAYMENT_CARDS = {
  authorises: { number: '4242 4242 4242 4242', token: 'pm_card_visa' },
  declines: { number: '4000 0000 0000 0002', token: 'pm_card_chargeDeclined' },
  insufficientFunds: { number: '4000 0000 0000 9995', token: 'pm_card_chargeDeclinedInsufficientFunds' },
  needsAuthentication: { number: '4000 0027 6000 3184', token: 'pm_card_authenticationRequired' },
} as const;
