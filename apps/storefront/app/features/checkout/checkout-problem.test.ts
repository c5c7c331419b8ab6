import { describe, expect, it } from 'vitest';
import { DomainError } from '@piste/core';
import { checkoutProblem, fieldOfEngineMessage } from './checkout-problem';

describe('fieldOfEngineMessage', () => {
  it.each([
    ['Field `shipping_address.zip` is required.', 'shipping.zip'],
    ['Field `billing_address.city` must be at most 80 characters.', 'billing.city'],
    ['Field `email` must be an email address.', 'email'],
    ['Field `payment.intent_id` is required.', null],
    ['Field `country_iso2` must be a two-letter country code.', 'shipping.country_iso2'],
    ['Field `shipping_address.company` must not contain control characters.', null],
    ['Field `billing_address.nope` is not supported.', null],
    ['Header `Idempotency-Key` must be a UUID, such as crypto.randomUUID() makes.', null],
  ])('%s → %s', (message, field) => {
    expect(fieldOfEngineMessage(message)).toBe(field);
  });
});

describe('checkoutProblem', () => {
  it('sends a shopper whose cart is gone or empty back to the cart', () => {
    expect(checkoutProblem(new DomainError('NOT_FOUND', 'Cart x does not exist.'))).toEqual({ kind: 'cart-gone' });
    expect(checkoutProblem(new DomainError('INVALID_DATA', 'The cart is empty.', 'EMPTY_CART'))).toEqual({
      kind: 'cart-gone',
    });
  });

  it('names a coupon code that ran out while the shopper checked out, with the way back to the cart', () => {
    const error = new DomainError('CONFLICT', 'The code WELCOME10 has been used up.', 'COUPON_USED_UP', {
      code: 'WELCOME10',
    });
    expect(checkoutProblem(error)).toMatchObject({
      kind: 'form',
      status: 409,
      message: { message: 'The code {code} can no longer be used.', values: { code: 'WELCOME10' } },
      cartLink: true,
    });
  });

  it('asks to pay again when the payment an order names was refused or released, saying why a changed total did it', () => {
    expect(checkoutProblem(new DomainError('CONFLICT', 'Your card was declined.', 'PAYMENT_DECLINED'))).toEqual({
      kind: 'form',
      status: 409,
      errors: {},
      message: 'The payment did not go through. Try again, or use another card.',
      cartLink: false,
      paymentFailed: true,
    });
    expect(
      checkoutProblem(
        new DomainError('INVALID_DATA', 'payment.intent_id names no payment: pay again.', 'PAYMENT_NOT_FOUND'),
      ),
    ).toMatchObject({ status: 400, paymentFailed: true });
    expect(checkoutProblem(new DomainError('CONFLICT', 'engine wording', 'PAYMENT_AMOUNT_CHANGED'))).toMatchObject({
      status: 409,
      message: expect.stringMatching(/^Your order total changed while you paid/),
      paymentFailed: true,
    });
  });

  it('links to the cart when stock ran out', () => {
    expect(
      checkoutProblem(new DomainError('CONFLICT', 'Sorry, there is not enough X in stock any more.', 'OUT_OF_STOCK')),
    ).toMatchObject({ status: 409, cartLink: true, paymentFailed: false });
  });

  it('shows a pro the spend limit and what is left, in words the page can translate, with a link to the cart', () => {
    const values = { limit: '$3,000.00', left: '$120.00' };
    const error = new DomainError('NOT_ALLOWED', 'engine wording', 'SPEND_LIMIT_EXCEEDED', values);
    expect(checkoutProblem(error)).toEqual({
      kind: 'form',
      status: 403,
      errors: {},
      message: {
        message:
          'This order would take you past your pro spend limit of {limit} for this year: {left} is left. Remove some items, or contact us to raise your limit.',
        values,
      },
      cartLink: true,
      paymentFailed: false,
    });
  });

  it('tells a pro ordering outside their home currency where their pro orders go, instead of failing the page', () => {
    const values = { currency: 'USD', orderCurrency: 'CAD' };
    const error = new DomainError('NOT_ALLOWED', 'engine wording', 'PRO_CURRENCY', values);
    expect(checkoutProblem(error)).toEqual({
      kind: 'form',
      status: 403,
      errors: {},
      message: {
        message:
          'Your pro account buys in {currency}, not {orderCurrency}: pro orders and your spend limit are in the shop of your pro region. Switch to it to place this order.',
        values,
      },
      cartLink: false,
      paymentFailed: false,
    });
  });

  it('maps engine validation to the field it names, and anything else to a general message', () => {
    expect(
      checkoutProblem(
        new DomainError('INVALID_DATA', 'Field `shipping_address.zip` is required.', 'INVALID_PARAMETER'),
      ),
    ).toMatchObject({ status: 400, errors: { 'shipping.zip': { message: 'Check this field.' } }, message: null });
    expect(
      checkoutProblem(new DomainError('INVALID_DATA', 'Header `Idempotency-Key` is required.', 'INVALID_PARAMETER')),
    ).toMatchObject({ status: 400, errors: {}, message: expect.stringContaining('We could not place your order') });
    expect(checkoutProblem(new DomainError('INVALID_DATA', 'x', 'INVALID_STATE'))).toMatchObject({
      errors: { 'shipping.state': { message: 'Choose a state or province.' } },
    });
    expect(checkoutProblem(new DomainError('INVALID_DATA', 'x', 'INVALID_SHIPPING_METHOD'))).toMatchObject({
      errors: { shipping_method_id: {} },
    });
  });

  it('leaves real failures alone', () => {
    expect(checkoutProblem(new Error('connection lost'))).toBeNull();
    expect(checkoutProblem(new DomainError('RATE_LIMITED', 'Slow down.'))).toBeNull();
  });
});
