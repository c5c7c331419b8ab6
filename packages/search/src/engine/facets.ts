import type { FacetRequest, FacetResult, RangeFacetRequest, ValueFacetRequest } from '../app-search-types';
import { timestampOf } from './columns';
import type { MatchList } from './match-list';
import { fieldKind } from './schema';

const DEFAULT_FACET_SIZE = 10;

/**
 * Facet counts over every match (not just the page). Each facet is one tight pass over the
 * matches' slots in its field's column; the response lists each field's facets in the order
 * they were asked for.
 */
export function computeFacets(
  matches: MatchList,
  requests: Readonly<Record<string, readonly FacetRequest[]>>,
): Record<string, FacetResult[]> {
  return Object.fromEntries(
    Object.entries(requests).map(([field, fieldRequests]) => [
      field,
      fieldRequests.map((request) =>
        request.type === 'value' ? valueFacet(field, request, matches) : rangeFacet(field, request, matches),
      ),
    ]),
  );
}

/** Each distinct value once per document; '' (no category, no image…) is not a value. */
function valueFacet(field: string, request: ValueFacetRequest, matches: MatchList): FacetResult {
  const totals = new Map<string | number, number>();
  for (const { index, start, end } of matches.segments) {
    const { values, starts, codes } = index.valueColumn(field);
    const counts = new Uint32Array(values.length);
    for (let position = start; position < end; position++) {
      const slot = matches.slots[position] as number;
      const last = starts[slot + 1] as number;
      for (let at = starts[slot] as number; at < last; at++) {
        const code = codes[at] as number;
        counts[code] = (counts[code] as number) + 1;
      }
    }
    counts.forEach((count, code) => {
      const value = values[code];
      if (count > 0 && value !== undefined && value !== '') totals.set(value, (totals.get(value) ?? 0) + count);
    });
  }
  const data = [...totals].map(([value, count]) => ({ value, count })).sort(facetOrder(request.sort));
  return {
    type: 'value',
    ...(request.name !== undefined && { name: request.name }),
    data: data.slice(0, request.size ?? DEFAULT_FACET_SIZE),
  };
}

type FacetValueCount = { value: string | number; count: number };

/** App Search's default is the most frequent first; ties (and value sorts) go by value. */
function facetOrder(sort: ValueFacetRequest['sort']): (a: FacetValueCount, b: FacetValueCount) => number {
  if (sort && 'value' in sort) {
    const sign = sort.value === 'asc' ? 1 : -1;
    return (a, b) => sign * compareValues(a.value, b.value);
  }
  const sign = sort?.count === 'asc' ? 1 : -1;
  return (a, b) => sign * (a.count - b.count) || compareValues(a.value, b.value);
}

function compareValues(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const aText = String(a);
  const bText = String(b);
  return aText < bText ? -1 : aText > bText ? 1 : 0;
}

/** Documents per range (`from` ≤ value < `to`); every range is listed, empty ones too. */
function rangeFacet(field: string, request: RangeFacetRequest, matches: MatchList): FacetResult {
  const toNumber = fieldKind(field) === 'date' ? timestampOf : Number;
  const bounds = request.ranges.map((range) => ({
    from: range.from === undefined ? -Infinity : toNumber(range.from),
    to: range.to === undefined ? Infinity : toNumber(range.to),
  }));
  const counts = bounds.map(() => 0);
  for (const { index, start, end } of matches.segments) {
    const { values } = index.numberColumn(field);
    for (let position = start; position < end; position++) {
      const value = values[matches.slots[position] as number] as number;
      for (let range = 0; range < bounds.length; range++) {
        const { from, to } = bounds[range] as { from: number; to: number };
        if (value >= from && value < to) counts[range] = (counts[range] ?? 0) + 1;
      }
    }
  }
  return {
    type: 'range',
    ...(request.name !== undefined && { name: request.name }),
    data: request.ranges.map((range, index) => ({ ...range, count: counts[index] ?? 0 })),
  };
}
