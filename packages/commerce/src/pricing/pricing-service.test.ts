import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadSeedCatalogue, readSeedJson } from '../seed/load-source';
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
      'a half cent rounds up: $219.95 at 30 % off is $153.965',
      { price: 21995, salePrice: null, retailPrice: null },
      30,
      { calculated_price: 153.97 },
    ],
    [
      'the same rule for every half cent: $169.95 at 30 % off is $118.965',
      { price: 16995, salePrice: null, retailPrice: null },
      30,
      { calculated_price: 118.97 },
    ],
    [
      'fractional percentages are exact too: $100.01 at 12.5 % off is $87.50875',
      { price: 10001, salePrice: null, retailPrice: null },
      12.5,
      { calculated_price: 87.51 },
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

describe('group prices of the demo catalogue', () => {
  const groups = readSeedJson(
    'commerce/customers.json',
    z.object({
      groups: z.array(
        z.object({ name: z.string(), discount_rules: z.array(z.object({ type: z.string(), amount: z.string() })) }),
      ),
    }),
  ).groups;
  const percentages = [...new Set(groups.flatMap((group) => group.discount_rules.map((rule) => rule.amount)))];
  const { products } = loadSeedCatalogue();
  const prices = products.flatMap((product) =>
    Object.entries(product.prices).flatMap(([currency, stored]) =>
      [stored.price, stored.sale_price].flatMap((minor) =>
        minor === undefined ? [] : [{ label: `${product.uid} ${currency} ${minor}`, minor }],
      ),
    ),
  );

  /**
   * The exact price after `amount` percent off, rounded half up, worked out from the rule's own
   * decimal string: minor × (100 − amount) / 100 with the amount scaled to an integer.
   */
  function exactHalfUp(minor: number, amount: string): number {
    const [whole, fraction = ''] = amount.split('.');
    const scale = 10n ** BigInt(fraction.length);
    const amountScaled = BigInt(whole! + fraction);
    const numerator = BigInt(minor) * (100n * scale - amountScaled);
    const denominator = 100n * scale;
    return Number((2n * numerator + denominator) / (2n * denominator));
  }

  it('has demo prices and group discounts to walk', () => {
    expect(prices.length).toBeGreaterThan(180);
    expect(percentages).toEqual(expect.arrayContaining(['30.0000', '40.0000']));
  });

  it('rounds every demo price at every group discount half up, to the minor unit', () => {
    const wrong: string[] = [];
    for (const amount of percentages) {
      for (const { label, minor } of prices) {
        const expected = exactHalfUp(minor, amount);
        const seen = resolvePrice({ price: minor, salePrice: null, retailPrice: null }, Number(amount)).calculatedMinor;
        if (seen !== expected) wrong.push(`${label} at ${amount} %: ${seen}, expected ${expected}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
