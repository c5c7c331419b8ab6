import { describe, expect, it } from 'vitest';
import { COUPON_REFUSALS } from '@piste/commerce';
import { DomainError } from '@piste/core';
import type { CurrencyFormatView } from '../../lib/money';
import { couponInputProblem, couponRefusal } from './coupon-actions.server';

const EUR_DE: CurrencyFormatView = {
  token: '€',
  decimal_token: ',',
  thousands_token: '.',
  decimal_places: 2,
  token_location: 'right',
  currency_code: 'EUR',
  locale: 'de-de',
};

describe('couponRefusal', () => {
  it('words every refusal reason of the promotions service, naming the code as typed (trimmed)', () => {
    const messages = COUPON_REFUSALS.map((reason) => {
      const answer = couponRefusal(new DomainError('CONFLICT', 'refused', reason), '  welcome10 ', EUR_DE);
      expect(answer).toMatchObject({ form: 'coupon', ok: false, typed: '  welcome10 ' });
      expect(answer?.values?.code).toBe('welcome10');
      return answer?.message;
    });
    // One message per reason: a shopper can tell an expired code from one used up or from elsewhere.
    expect(new Set(messages).size).toBe(COUPON_REFUSALS.length);
  });

  it('writes the minimum of a code in the cart’s currency and locale', () => {
    const error = new DomainError('INVALID_DATA', 'below', 'COUPON_BELOW_MINIMUM', {
      code: 'FREESHIP-EU',
      minimum: 50,
    });
    const answer = couponRefusal(error, 'FREESHIP-EU', EUR_DE);
    expect(answer?.message).toBe('The code {code} needs an order of at least {amount}.');
    expect(answer?.values?.amount).toMatch(/^50,00\s€$/);
  });

  it('reads a reason given beside the code, and leaves other errors to the page', () => {
    const error = Object.assign(new DomainError('NOT_FOUND', 'unknown', 'NOT_FOUND'), { reason: 'COUPON_UNKNOWN' });
    expect(couponRefusal(error, 'NOPE', EUR_DE)?.message).toBe('The code {code} is not a valid discount code.');
    expect(couponRefusal(new DomainError('NOT_FOUND', 'Cart x does not exist.'), 'NOPE', EUR_DE)).toBeNull();
    expect(couponRefusal(new Error('boom'), 'NOPE', EUR_DE)).toBeNull();
  });
});

describe('couponInputProblem', () => {
  it('asks for a code when the field is empty or blank', () => {
    expect(couponInputProblem('   ')?.message).toBe('Enter a discount code.');
  });

  it('refuses a code longer than 64 characters or holding control characters, keeping what was typed', () => {
    expect(couponInputProblem('A'.repeat(65))).toMatchObject({ ok: false, typed: 'A'.repeat(65) });
    expect(couponInputProblem('WELCOME\u000010')?.ok).toBe(false);
    expect(couponInputProblem(` ${'A'.repeat(64)} `)).toBeNull();
  });
});
