import { DomainError } from '@piste/core';
import Stripe from 'stripe';

/** What the shopper or the back office reads when Stripe cannot be reached or fails. */
export const STRIPE_UNAVAILABLE_MESSAGE = 'The payment service is not answering. Please try again in a moment.';

/** Which call failed: refunds name their own refusal (the port's CONFLICT REFUND_REFUSED). */
export type StripeCall = 'intent' | 'refund';

/**
 * Turns what the Stripe client throws into the one error type domains throw (docs/providers/stripe.md
 * 'Errors'), after Stripe's error types (https://docs.stripe.com/api/errors): a card error (402) is
 * a decline the shopper can act on, with Stripe's message; an unknown intent is NOT_FOUND; a refund
 * Stripe refuses (more than remains, already refunded) is CONFLICT REFUND_REFUSED; Stripe's own
 * failures, timeouts, rate limits and a key it does not accept are UNAVAILABLE (503, try again):
 * the shopper's request was fine. Anything else is returned as is.
 */
export function toDomainError(error: unknown, call: StripeCall): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  switch (error.type) {
    case 'StripeCardError':
      return new DomainError('CONFLICT', error.message, 'PAYMENT_DECLINED', declineValues(error));
    case 'StripeInvalidRequestError':
      return invalidRequest(error, call);
    case 'StripeIdempotencyError':
      return new DomainError(
        'CONFLICT',
        'This payment was already started with different details. Please reload the page and pay again.',
        'PAYMENT_IDEMPOTENCY_CONFLICT',
      );
    default:
      // StripeAPIError (5xx), StripeConnectionError, StripeRateLimitError, StripeAuthenticationError,
      // StripePermissionError: nothing the shopper can change.
      return new DomainError('UNAVAILABLE', STRIPE_UNAVAILABLE_MESSAGE, 'PAYMENT_PROVIDER_UNAVAILABLE');
  }
}

/**
 * What the operator's log gets when Stripe fails on its side or refuses our key: Stripe's error
 * type, code, status and request id (to quote to Stripe's support), and its message (which
 * masks keys). The shopper only reads STRIPE_UNAVAILABLE_MESSAGE.
 */
export function failureDetails(error: unknown): Record<string, unknown> {
  if (!(error instanceof Stripe.errors.StripeError)) return { error: String(error) };
  return {
    type: error.type,
    code: error.code,
    statusCode: error.statusCode,
    requestId: error.requestId,
    message: error.message,
  };
}

function invalidRequest(error: Stripe.errors.StripeError, call: StripeCall): DomainError {
  if (error.code === 'resource_missing') {
    return new DomainError('NOT_FOUND', 'No such payment.', 'PAYMENT_NOT_FOUND');
  }
  if (call === 'refund') return new DomainError('CONFLICT', error.message, 'REFUND_REFUSED');
  if (error.code === 'amount_too_small' || error.code === 'amount_too_large') {
    return new DomainError('INVALID_DATA', error.message, 'PAYMENT_AMOUNT_REFUSED');
  }
  return new DomainError('CONFLICT', error.message, 'PAYMENT_REFUSED');
}

function declineValues(error: Stripe.errors.StripeError): Record<string, string> | undefined {
  const reason = error.decline_code ?? error.code;
  return reason ? { reason } : undefined;
}
