import { describe, expect, it } from 'vitest';
import { COUPON_REFUSALS } from '@piste/commerce';
import { DomainError } from '@piste/core';
import { couponInputProblem, couponRefusal } from './coupon-actions.server';

describe('couponRefusal', () => {
  it('words every refusal reason of the promotions service, naming the code as typed (trimmed)', () => {
    const messages = COUPON_REFUSALS.map((reason) => {
      const answer = couponRefusal(new DomainError('CONFLICT', 'refused', reason), '  welcome10 ');
      expect(answer).toMatchObject({ form: 'coupon', ok: false, typed: '  welcome10 ' });
      expect(answer?.values?.code).toBe('welcome10');
      return answer?.message;
    });
    // One message per reason: a shopper can tell an expired code from one used up or from elsewhere.
    expect(new Set(messages).size).toBe(COUPON_REFUSALS.length);
  });

  it('quotes the minimum of a code as the service wrote it in the cart’s currency', () => {
    const error = new DomainError('UNPROCESSABLE', 'below', 'COUPON_BELOW_MINIMUM', {
      code: 'FREESHIP-EU',
      minimum: '75,00 €',
    });
    const answer = couponRefusal(error, 'freeship-eu');
    expect(answer?.message).toBe('The code {code} needs an order of at least {amount}.');
    expect(answer?.values).toEqual({ code: 'freeship-eu', amount: '75,00 €' });
  });

  it('leaves other errors to the page', () => {
    expect(couponRefusal(new DomainError('NOT_FOUND', 'Cart x does not exist.'), 'NOPE')).toBeNull();
    expect(couponRefusal(new Error('boom'), 'NOPE')).toBeNull();
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
