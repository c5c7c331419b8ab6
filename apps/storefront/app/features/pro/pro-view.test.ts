import { describe, expect, it } from 'vitest';
import { expiresSoon, groupDiscountPercent } from './pro-view';

describe('groupDiscountPercent', () => {
  it("takes the group's rule for everything, else its largest percentage", () => {
    expect(groupDiscountPercent([{ type: 'all', method: 'percent', amount: '30.0000' }])).toBe(30);
    expect(
      groupDiscountPercent([
        { type: 'category', method: 'percent', amount: '50' },
        { type: 'all', method: 'percent', amount: '40.0000' },
      ]),
    ).toBe(40);
    expect(
      groupDiscountPercent([
        { type: 'product', method: 'percent', amount: '12.5' },
        { type: 'category', method: 'percent', amount: '20' },
      ]),
    ).toBe(20);
  });

  it('is null without a usable percentage rule', () => {
    expect(groupDiscountPercent([])).toBeNull();
    expect(groupDiscountPercent(undefined)).toBeNull();
    expect(groupDiscountPercent([{ type: 'all', method: 'percent', amount: 'x' }])).toBeNull();
    expect(groupDiscountPercent([{ type: 'all', method: 'fixed', amount: '10' }])).toBeNull();
  });
});

describe('expiresSoon', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  it('is true within the 30 days before expiry only', () => {
    expect(expiresSoon(new Date('2026-03-20T00:00:00Z'), now)).toBe(true);
    expect(expiresSoon(new Date('2026-03-31T12:00:00Z'), now)).toBe(true);
    expect(expiresSoon(new Date('2026-04-15T00:00:00Z'), now)).toBe(false);
    expect(expiresSoon(new Date('2026-02-28T00:00:00Z'), now)).toBe(false);
    expect(expiresSoon(null, now)).toBe(false);
  });
});
