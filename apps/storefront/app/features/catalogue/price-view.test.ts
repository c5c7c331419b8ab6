import { describe, expect, it } from 'vitest';
import { priceView, shopperGroupOf } from './price-view';

describe('shopperGroupOf', () => {
  it('names pros first, then employees, then any other discounted group; guests and plain shoppers have none', () => {
    expect(shopperGroupOf(null)).toBeNull();
    expect(shopperGroupOf({ isPro: false, isEmployee: false })).toBeNull();
    expect(shopperGroupOf({ isPro: true, isEmployee: true, priceAdjustment: {} })).toBe('pro');
    expect(shopperGroupOf({ isPro: false, isEmployee: true, priceAdjustment: {} })).toBe('employee');
    expect(shopperGroupOf({ isPro: false, isEmployee: false, priceAdjustment: { groupId: 9 } })).toBe('group');
  });
});

describe('priceView', () => {
  it('shows guests the list price, or the sale price with the list price struck through', () => {
    expect(priceView({ price: 100, salePrice: null, calculatedPrice: 100 }, null)).toEqual({
      kind: 'regular',
      amount: 100,
    });
    expect(priceView({ price: 100, salePrice: 80, calculatedPrice: 80 }, null)).toEqual({
      kind: 'sale',
      amount: 80,
      was: 100,
    });
    // A "sale" price that is not lower is no sale.
    expect(priceView({ price: 100, salePrice: 100 }, null)).toEqual({ kind: 'regular', amount: 100 });
  });

  it('never shows a pro a sale: what they pay is their pro price', () => {
    expect(priceView({ price: 100, salePrice: null, calculatedPrice: 70 }, 'pro')).toEqual({
      kind: 'group',
      amount: 70,
      label: 'Pro price',
    });
    // The sale beats the group price: still shown as their pro price, not struck through.
    expect(priceView({ price: 100, salePrice: 60, calculatedPrice: 60 }, 'pro')).toEqual({
      kind: 'group',
      amount: 60,
      label: 'Pro price',
    });
    // Without a discount (an expired group, a product excluded) the list price, plainly.
    expect(priceView({ price: 100, salePrice: 80, calculatedPrice: 100 }, 'pro')).toEqual({
      kind: 'regular',
      amount: 100,
    });
  });

  it('never shows an employee a sale, like a pro: what they pay is their employee price', () => {
    expect(priceView({ price: 100, salePrice: 80, calculatedPrice: 60 }, 'employee')).toEqual({
      kind: 'group',
      amount: 60,
      label: 'Employee price',
    });
    // The sale beats the employee price: they pay it, shown as their employee price.
    expect(priceView({ price: 100, salePrice: 50, calculatedPrice: 50 }, 'employee')).toEqual({
      kind: 'group',
      amount: 50,
      label: 'Employee price',
    });
  });

  it('shows other groups their group price when it beats the sale, and the sale otherwise', () => {
    expect(priceView({ price: 100, salePrice: 50, calculatedPrice: 50 }, 'group')).toEqual({
      kind: 'sale',
      amount: 50,
      was: 100,
    });
    expect(priceView({ price: 100, salePrice: null, calculatedPrice: 90 }, 'group')).toMatchObject({
      kind: 'group',
      label: 'Your price',
    });
  });
});
