import { describe, expect, it } from 'vitest';
import { resolvePrice } from './pricing-service';

describe('resolvePrice', () => {
  it.each([
    [
      'regular price',
      { price: 44995, salePrice: null, retailPrice: null },
      undefined,
      { price: 449.95, sale_price: null, calculated_price: 449.95 },
    ],
    [
      'on sale',
      { price: 44995, salePrice: 37995, retailPrice: 49995 },
      undefined,
      { price: 449.95, sale_price: 379.95, retail_price: 499.95, calculated_price: 379.95 },
    ],
    [
      'a "sale" price above the price is ignored',
      { price: 10000, salePrice: 12000, retailPrice: null },
      undefined,
      { sale_price: null, calculated_price: 100 },
    ],
    [
      'group discount on the regular price',
      { price: 20000, salePrice: null, retailPrice: null },
      { percentOff: 15 },
      { calculated_price: 170 },
    ],
    [
      'group discount on the sale price',
      { price: 20000, salePrice: 15000, retailPrice: null },
      { percentOff: 10 },
      { calculated_price: 135 },
    ],
    [
      'discounts round to the nearest minor unit',
      { price: 999, salePrice: null, retailPrice: null },
      { percentOff: 33 },
      { calculated_price: 6.69 },
    ],
    [
      'a discount over 100% is capped',
      { price: 5000, salePrice: null, retailPrice: null },
      { percentOff: 150 },
      { calculated_price: 0 },
    ],
  ])('%s', (_name, stored, adjustment, expected) => {
    expect(resolvePrice(stored, adjustment)).toMatchObject(expected);
  });
});
