import { describe, expect, it } from 'vitest';
import { groupPercentOff, resolvePrice, type PriceAdjustment } from './pricing-service';

describe('resolvePrice', () => {
  it.each([
    [
      'regular price',
      { price: 44995, salePrice: null, retailPrice: null },
      0,
      { price: 449.95, sale_price: null, calculated_price: 449.95 },
    ],
    [
      'on sale',
      { price: 44995, salePrice: 37995, retailPrice: 49995 },
      0,
      { price: 449.95, sale_price: 379.95, retail_price: 499.95, calculated_price: 379.95 },
    ],
    [
      'a "sale" price above the price is ignored',
      { price: 10000, salePrice: 12000, retailPrice: null },
      0,
      { sale_price: null, calculated_price: 100 },
    ],
    [
      'group discount on the regular price',
      { price: 20000, salePrice: null, retailPrice: null },
      15,
      { calculated_price: 170 },
    ],
    [
      'a sale lower than the group price wins',
      { price: 20000, salePrice: 15000, retailPrice: null },
      10,
      { calculated_price: 150 },
    ],
    [
      'a group price lower than the sale wins: the discounts do not stack',
      { price: 20000, salePrice: 19000, retailPrice: null },
      30,
      { calculated_price: 140 },
    ],
    [
      'discounts round to the nearest minor unit',
      { price: 999, salePrice: null, retailPrice: null },
      33,
      { calculated_price: 6.69 },
    ],
    [
      'a discount over 100% is capped',
      { price: 5000, salePrice: null, retailPrice: null },
      150,
      { calculated_price: 0 },
    ],
  ])('%s', (_name, stored, percentOff, expected) => {
    expect(resolvePrice(stored, percentOff)).toMatchObject(expected);
  });
});

describe('groupPercentOff', () => {
  const adjustment: PriceAdjustment = {
    groupId: 3,
    rules: [
      { type: 'all', method: 'percent', amount: '20.0000' },
      { type: 'category', method: 'percent', amount: '25.0000', category_id: 7 },
      { type: 'category', method: 'percent', amount: '30.0000', category_id: 8 },
      { type: 'product', method: 'percent', amount: '10.0000', product_id: 42 },
    ],
  };

  it('gives nothing to guests and groups without rules', () => {
    expect(groupPercentOff(undefined, { id: 1, categoryIds: [] })).toBe(0);
    expect(groupPercentOff({ groupId: 1, rules: [] }, { id: 1, categoryIds: [7] })).toBe(0);
  });

  it('applies the most specific rule: product, then category (the largest), then all', () => {
    expect(groupPercentOff(adjustment, { id: 42, categoryIds: [7, 8] })).toBe(10);
    expect(groupPercentOff(adjustment, { id: 1, categoryIds: [7, 8] })).toBe(30);
    expect(groupPercentOff(adjustment, { id: 1, categoryIds: [7] })).toBe(25);
    expect(groupPercentOff(adjustment, { id: 1, categoryIds: [99] })).toBe(20);
  });

  it('reads malformed amounts as no discount and caps at 100', () => {
    expect(
      groupPercentOff(
        { groupId: 2, rules: [{ type: 'all', method: 'percent', amount: 'lots' }] },
        { id: 1, categoryIds: [] },
      ),
    ).toBe(0);
    expect(
      groupPercentOff(
        { groupId: 2, rules: [{ type: 'all', method: 'percent', amount: '250' }] },
        { id: 1, categoryIds: [] },
      ),
    ).toBe(100);
  });
});
