import { describe, expect, it } from 'vitest';
import { initialValues } from './checkout-fields';
import { currentFieldErrors, newestAnswer, type CheckoutAnswer } from './checkout-view';

function answer(
  answeredAt: number,
  intent: CheckoutAnswer['intent'],
  errors: CheckoutAnswer['errors'],
): CheckoutAnswer {
  return {
    intent,
    answeredAt,
    values: initialValues('US'),
    quote: null,
    errors,
    message: null,
    cartLink: false,
    paymentFailed: false,
  };
}

describe('newestAnswer', () => {
  it('takes whichever of the submission and the fetcher answered last', () => {
    const submitted = answer(10, 'place', {});
    const fetched = answer(20, 'quote', {});
    expect(newestAnswer(submitted, fetched)).toBe(fetched);
    expect(newestAnswer(answer(30, 'place', {}), fetched)?.answeredAt).toBe(30);
    expect(newestAnswer(undefined, fetched)).toBe(fetched);
    expect(newestAnswer(undefined, undefined)).toBeUndefined();
  });
});

describe('currentFieldErrors', () => {
  const placed = answer(10, 'place', {
    'shipping.state': { message: 'Choose a state or province.' },
    email: { message: 'This field is required.' },
  });

  it('keeps the submission’s errors until a newer quote settles the destination', () => {
    expect(currentFieldErrors(placed, undefined)).toBe(placed.errors);
    expect(currentFieldErrors(placed, answer(20, 'quote', {}))).toEqual({
      email: { message: 'This field is required.' },
    });
    expect(currentFieldErrors(placed, answer(5, 'quote', {}))).toBe(placed.errors);
  });

  it('shows a quote’s own errors', () => {
    const fetched = answer(20, 'quote', { 'shipping.state': { message: 'Choose a state or province.' } });
    expect(currentFieldErrors(undefined, fetched)).toEqual(fetched.errors);
  });
});
