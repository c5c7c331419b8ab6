import type { PriceListRegion, RangeFacetRequest, RangeFilterValue } from '@piste/search';

/**
 * A price band of the search page's price facet, in whole currency units as the URL keeps
 * them (`min`, `max`): `max` includes its whole unit, so 50–99 is [50.00, 100.00).
 */
export interface PriceRange {
  min: number | null;
  max: number | null;
}

/**
 * Where the bands split, per price list, in whole units: the catalogue's prices spread from
 * tens to hundreds, and a Canadian dollar buys less than a US dollar or a euro.
 */
const BAND_EDGES: Record<PriceListRegion, readonly number[]> = {
  us: [50, 100, 150, 200, 300],
  ca: [75, 150, 200, 300, 400],
  eu_region_1: [50, 100, 150, 200, 300],
};

/** The bands of a price list: under the first edge, between edges, and the last edge and up. */
export function priceRangesFor(priceListRegion: PriceListRegion): PriceRange[] {
  const edges = BAND_EDGES[priceListRegion];
  return [null, ...edges].map((min, index) => {
    const next = edges[index];
    return { min, max: next === undefined ? null : next - 1 };
  });
}

/** The engine's filter for a range: minor units, `to` exclusive (App Search range semantics). */
export function priceFilterValue(range: PriceRange, decimalPlaces: number): RangeFilterValue {
  const unit = 10 ** decimalPlaces;
  const value: RangeFilterValue = {};
  if (range.min !== null) value.from = range.min * unit;
  if (range.max !== null) value.to = (range.max + 1) * unit;
  return value;
}

/** A stable name for a band, to match the engine's facet answer back to it. */
export function priceRangeKey(range: PriceRange): string {
  return `${range.min ?? ''}-${range.max ?? ''}`;
}

/** The price facet the engine counts: one range per band, named by its key. */
export function priceFacetRequest(ranges: readonly PriceRange[], decimalPlaces: number): RangeFacetRequest {
  return {
    type: 'range',
    ranges: ranges.map((range) => ({ ...priceFilterValue(range, decimalPlaces), name: priceRangeKey(range) })),
  };
}

export function isSameRange(a: PriceRange, b: PriceRange): boolean {
  return a.min === b.min && a.max === b.max;
}
