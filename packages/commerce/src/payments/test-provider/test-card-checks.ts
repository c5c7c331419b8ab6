import { TEST_PAYMENT_CARDS, type TestCardInput } from './test-gateway-contract';

/**
 * What the embedded test provider makes of a card or a test token (docs/checkout.md 'Test cards'):
 * real checks of a typed card (length, Luhn, expiry MM/YY, CVC), and Stripe's test numbers and
 * `pm_card_*` tokens that decline or ask for extra authentication. Any other valid card authorises.
 */
export type CardOutcome =
  | { kind: 'authorises'; brand: string; last4: string }
  | { kind: 'needs_authentication'; brand: string; last4: string }
  | { kind: 'declined'; code: string; message: string };

const DECLINED = { kind: 'declined', code: 'card_declined', message: 'Your card was declined.' } as const;
const INSUFFICIENT_FUNDS = {
  kind: 'declined',
  code: 'insufficient_funds',
  message: 'Your card has insufficient funds.',
} as const;

const digitsOf = (number: string) => number.replace(/[\s-]/g, '');

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

/** Whether MM/YY is this month or later (cards expire at the end of their month); null when not MM/YY. */
function notExpired(expiry: string, now: Date): boolean | null {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  const year = 2000 + Number(match[2]);
  return year > now.getUTCFullYear() || (year === now.getUTCFullYear() && month >= now.getUTCMonth() + 1);
}

/** How a valid test number behaves, by its digits. */
function outcomeOfNumber(digits: string): CardOutcome {
  const card = { brand: brandOf(digits), last4: digits.slice(-4) };
  if (digits === digitsOf(TEST_PAYMENT_CARDS.declines.number)) return DECLINED;
  if (digits === digitsOf(TEST_PAYMENT_CARDS.insufficientFunds.number)) return INSUFFICIENT_FUNDS;
  if (digits === digitsOf(TEST_PAYMENT_CARDS.needsAuthentication.number)) {
    return { kind: 'needs_authentication', ...card };
  }
  return { kind: 'authorises', ...card };
}

/** A typed card, checked as a provider's card form does before it tries to authorise. */
export function checkCard(card: TestCardInput, now: Date): CardOutcome {
  const digits = digitsOf(card.number);
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) {
    return { kind: 'declined', code: 'invalid_number', message: 'Check the card number.' };
  }
  const valid = notExpired(card.expiry, now);
  if (valid === null) return { kind: 'declined', code: 'invalid_expiry', message: 'Enter the expiry date as MM/YY.' };
  if (!valid) return { kind: 'declined', code: 'expired_card', message: 'Your card has expired.' };
  if (!/^\d{3,4}$/.test(card.cvc.trim())) {
    return { kind: 'declined', code: 'invalid_cvc', message: 'Check the security code.' };
  }
  return outcomeOfNumber(digits);
}

/** A test payment method token (`pm_card_visa`, …), or null when it names none. */
export function outcomeOfToken(token: string): CardOutcome | null {
  const card = Object.values(TEST_PAYMENT_CARDS).find((entry) => entry.token === token);
  return card ? outcomeOfNumber(digitsOf(card.number)) : null;
}
