import { describe, expect, it } from 'vitest';
import { assertLineLimits, mergeRequested } from './cart-line-rules';

describe('cart line rules both engines check', () => {
  it('makes one line of a variant sent twice, and refuses a variant sent under two products', () => {
    expect(
      mergeRequested([
        { product_id: 1, variant_id: 5, quantity: 2 },
        { product_id: 1, variant_id: 5, quantity: 3 },
      ]),
    ).toEqual([{ product_id: 1, variant_id: 5, quantity: 5 }]);
    expect(() =>
      mergeRequested([
        { product_id: 1, variant_id: 5, quantity: 1 },
        { product_id: 2, variant_id: 5, quantity: 1 },
      ]),
    ).toThrow(expect.objectContaining({ code: 'UNKNOWN_VARIANT' }));
  });

  it('refuses a line past 99 naming it, and a cart past 100 lines', () => {
    expect(() => assertLineLimits([{ label: '"Sock" (S-1)', quantity: 100 }])).toThrow(
      'A cart line holds at most 99; "Sock" (S-1) would have 100.',
    );
    const lines = Array.from({ length: 101 }, () => ({ label: 'a line', quantity: 1 }));
    expect(() => assertLineLimits(lines)).toThrow(expect.objectContaining({ code: 'TOO_MANY_LINES' }));
  });
});
