/**
 * The payment provider contract (docs/checkout.md 'Test payment provider'): the checkout authorises
 * a card before the order's transaction and captures or voids afterwards; the payment recovery
 * settles what a crash left held; the back office refunds what was captured. The embedded implementation is `createTestPaymentProvider`.
 */

/** What the checkout sends for a card payment; the card data is never stored. */
export interface CardPayment {
  cardNumber: string;
  /** MM/YY */
  expiry: string;
  cvc: string;
  holderName: string;
}

export type PaymentResult =
  | { status: 'authorized'; transactionId: string; last4: string; brand: string }
  | {
      status: 'declined';
      reason: 'card_declined' | 'insufficient_funds' | 'expired_card' | 'invalid_card';
      message: string;
    };

/** Where an authorisation stands: held, taken (captured) or released (voided). */
export type AuthorisationState = 'authorized' | 'captured' | 'voided';

/** An authorisation neither captured nor voided yet. */
export interface HeldAuthorisation {
  transactionId: string;
  amountMinor: number;
  authorizedAt: Date;
}

export interface PaymentProvider {
  /** Authorises a card payment of `amountMinor` (the amount is what a real provider would hold). */
  authorize(payment: CardPayment, amountMinor: number): Promise<PaymentResult>;
  /** Takes the authorised amount; only once the order exists. */
  capture(transactionId: string): Promise<void>;
  /** Releases an authorisation whose order could not be created; a captured payment stays taken. */
  void(transactionId: string): Promise<void>;
  /**
   * Gives back `amountMinor` of a captured payment (a return, a cancelled order). Refunds of a
   * transaction never add up to more than was captured; a refused refund throws CONFLICT.
   */
  refund(transactionId: string, amountMinor: number): Promise<{ refundId: string }>;
  /** Where a transaction stands (the provider's dashboard). */
  stateOf(transactionId: string): AuthorisationState | undefined;
  /** Every authorisation still held, oldest first (a provider's list of uncaptured payments). */
  heldAuthorisations(): HeldAuthorisation[];
}
