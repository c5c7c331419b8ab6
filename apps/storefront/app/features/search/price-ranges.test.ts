import { describe, expect, it } from 'vitest';
import { isSameRange, priceFacetRequest, priceFilterValue, priceRangeKey, priceRangesFor } from './price-ranges';

describe('priceRangesFor', () => {
  it('splits US prices into bands from under 50 to 300 and up', () => {
    expect(priceRangesFor('us')).toEqual([
      { min: null, max: 49 },
      { min: 50, max: 99 },
      { min: 100, max: 149 },
      { min: 150, max: 199 },
      { min: 200, max: 299 },
      { min: 300, max: null },
    ]);
  });

  it('gives Canadian dollars higher edges', () => {
    expect(priceRangesFor('ca')[0]).toEqual({ min: null, max: 74 });
    expect(priceRangesFor('ca').at(-1)).toEqual({ min: 400, max: null });
  });

  it('leaves no gap and no overlap between bands', () => {
    for (const region of ['us', 'ca', 'eu_region_1'] as const) {
      const ranges = priceRangesFor(region);
      for (let index = 1; index < ranges.length; index += 1) {
        expect(ranges[index]!.min).toBe(ranges[index - 1]!.max! + 1);
      }
    }
  });
});

describe('priceFilterValue', () => {
  it('turns whole units into minor units with an exclusive upper bound', () => {
    expect(priceFilterValue({ min: 50, max: 99 }, 2)).toEqual({ from: 5000, to: 10000 });
    expect(priceFilterValue({ min: null, max: 49 }, 2)).toEqual({ to: 5000 });
    expect(priceFilterValue({ min: 300, max: null }, 2)).toEqual({ from: 30000 });
    expect(priceFilterValue({ min: 1000, max: 1999 }, 0)).toEqual({ from: 1000, to: 2000 });
  });
});

describe('priceFacetRequest', () => {
  it('asks for one named range per band, so counts match back to bands', () => {
    const request = priceFacetRequest(priceRangesFor('us').slice(0, 2), 2);
    expect(request).toEqual({
      type: 'range',
      ranges: [
        { to: 5000, name: '-49' },
        { from: 5000, to: 10000, name: '50-99' },
      ],
    });
    expect(priceRangeKey({ min: 300, max: null })).toBe('300-');
  });
});

describe('isSameRange', () => {
  it('compares both bounds', () => {
    expect(isSameRange({ min: 50, max: 99 }, { min: 50, max: 99 })).toBe(true);
    expect(isSameRange({ min: 50, max: 99 }, { min: 50, max: null })).toBe(false);
  });
});
