import { randomUUID } from 'node:crypto';
import { DomainError } from '@piste/core';
import type {
  AuthorisationState,
  CardPayment,
  HeldAuthorisation,
  PaymentProvider,
  PaymentResult,
} from './payment-contract';

/**
 * The embedded test payment provider: real card-number checks (length, Luhn, expiry, CVC)
 * and documented test numbers that decline, the way hosted providers' test modes behave.
 * Any other valid number authorises. Authorisations are held in memory until captured or
 * voided, as a provider's would be until it settles. docs/checkout.md lists the numbers.
 */
export const TEST_CARDS = {
  authorises: '4242 4242 4242 4242',
  declines: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
} as const;

const DECLINES: Record<string, Extract<PaymentResult, { status: 'declined' }>> = {
  '4000000000000002': { status: 'declined', reason: 'card_declined', message: 'Your card was declined.' },
  '4000000000009995': {
    status: 'declined',
    reason: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
};

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function brandOf(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  if (/^5[1-5]/.test(digits) || /^2[2-7]/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  return 'card';
}

/** Whether MM/YY is this month or later (cards expire at the end of their month). */
function notExpired(expiry: string, now: Date): boolean | null {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  const year = 2000 + Number(match[2]);
  return year > now.getUTCFullYear() || (year === now.getUTCFullYear() && month >= now.getUTCMonth() + 1);
}

/**
 * One change of an authorisation, as a ledger records it. A `refunded` entry gives back
 * `amountMinor` of a captured payment, under the provider's `refundId`; the payment stays captured.
 */
export interface PaymentLedgerEntry {
  transactionId: string;
  amountMinor: number;
  state: AuthorisationState | 'refunded';
  refundId?: string;
  /** When the change was made (ISO 8601). */
  at: string;
}

/**
 * Where the provider keeps its authorisations, so that they outlive the shop's process as a
 * real provider's do (payment-ledger-file.ts); without one they live in memory.
 */
export interface PaymentLedger {
  /** Every entry recorded so far, oldest first. */
  entries(): PaymentLedgerEntry[];
  record(entry: PaymentLedgerEntry): void;
}

export function createTestPaymentProvider(options: { now?: () => Date; ledger?: PaymentLedger } = {}): PaymentProvider {
  const now = options.now ?? (() => new Date());
  const { ledger } = options;
  const authorisations = new Map<
    string,
    { amountMinor: number; state: AuthorisationState; authorizedAt: Date; refundedMinor: number }
  >();
  for (const { transactionId, amountMinor, state, at } of ledger?.entries() ?? []) {
    const known = authorisations.get(transactionId);
    if (state === 'refunded') {
      if (known) known.refundedMinor += amountMinor;
      continue;
    }
    authorisations.set(transactionId, {
      amountMinor,
      state,
      authorizedAt: known?.authorizedAt ?? new Date(at),
      refundedMinor: known?.refundedMinor ?? 0,
    });
  }

  function settle(transactionId: string, from: AuthorisationState, to: AuthorisationState): void {
    const authorisation = authorisations.get(transactionId);
    if (!authorisation) throw new Error(`Unknown payment transaction ${transactionId}.`);
    if (authorisation.state !== from) return;
    authorisation.state = to;
    ledger?.record({ transactionId, amountMinor: authorisation.amountMinor, state: to, at: now().toISOString() });
  }

  return {
    /** Authorises a card payment of `amountMinor` (the amount is what a real provider would hold). */
    async authorize(payment: CardPayment, amountMinor: number): Promise<PaymentResult> {
      const digits = payment.cardNumber.replace(/[\s-]/g, '');
      if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits) || amountMinor <= 0) {
        return { status: 'declined', reason: 'invalid_card', message: 'Check the card number.' };
      }
      const valid = notExpired(payment.expiry, now());
      if (valid === null)
        return { status: 'declined', reason: 'invalid_card', message: 'Enter the expiry date as MM/YY.' };
      if (!valid) return { status: 'declined', reason: 'expired_card', message: 'Your card has expired.' };
      if (!/^\d{3,4}$/.test(payment.cvc.trim())) {
        return { status: 'declined', reason: 'invalid_card', message: 'Check the security code.' };
      }
      const decline = DECLINES[digits];
      if (decline) return decline;
      const transactionId = `test_${randomUUID()}`;
      const authorizedAt = now();
      authorisations.set(transactionId, { amountMinor, state: 'authorized', authorizedAt, refundedMinor: 0 });
      ledger?.record({ transactionId, amountMinor, state: 'authorized', at: authorizedAt.toISOString() });
      return { status: 'authorized', transactionId, last4: digits.slice(-4), brand: brandOf(digits) };
    },

    /** Takes the authorised amount; only once the order exists. */
    async capture(transactionId: string): Promise<void> {
      settle(transactionId, 'authorized', 'captured');
    },

    /** Releases an authorisation whose order could not be created; a captured payment stays taken. */
    async void(transactionId: string): Promise<void> {
      settle(transactionId, 'authorized', 'voided');
    },

    /** Gives back part of a captured payment; never more than is left of what was captured. */
    async refund(transactionId: string, amountMinor: number): Promise<{ refundId: string }> {
      const authorisation = authorisations.get(transactionId);
      if (!authorisation) {
        throw new DomainError('CONFLICT', `The payment provider has no payment ${transactionId}.`, 'REFUND_REFUSED');
      }
      if (authorisation.state !== 'captured') {
        throw new DomainError(
          'CONFLICT',
          `Payment ${transactionId} is ${authorisation.state}, not captured: there is nothing to refund.`,
          'REFUND_REFUSED',
        );
      }
      const left = authorisation.amountMinor - authorisation.refundedMinor;
      if (!Number.isInteger(amountMinor) || amountMinor <= 0 || amountMinor > left) {
        throw new DomainError(
          'CONFLICT',
          `A refund of payment ${transactionId} must be between 1 and ${left} (minor units).`,
          'REFUND_REFUSED',
        );
      }
      const refundId = `test_refund_${randomUUID()}`;
      authorisation.refundedMinor += amountMinor;
      ledger?.record({ transactionId, amountMinor, state: 'refunded', refundId, at: now().toISOString() });
      return { refundId };
    },

    /** Where a transaction stands (the test provider's dashboard). */
    stateOf(transactionId: string): AuthorisationState | undefined {
      return authorisations.get(transactionId)?.state;
    },

    /** Every authorisation still held, oldest first (a provider's list of uncaptured payments). */
    heldAuthorisations(): HeldAuthorisation[] {
      return [...authorisations]
        .filter(([, { state }]) => state === 'authorized')
        .map(([transactionId, { amountMinor, authorizedAt }]) => ({ transactionId, amountMinor, authorizedAt }))
        .sort((left, right) => left.authorizedAt.getTime() - right.authorizedAt.getTime());
    },
  };
}
