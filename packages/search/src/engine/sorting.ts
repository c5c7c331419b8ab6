import type { SortDirection } from '../app-search-types';
import { numericValueOf } from './document-entry';
import type { MatchList } from './match-list';
import { fieldKind, type SchemaField } from './schema';
import { foldText } from './text-analysis';

export interface SortClause {
  readonly field: SchemaField | '_score';
  readonly direction: SortDirection;
}

type SortValue = string | number | undefined;

export function sortClausesOf(sort: readonly Record<string, SortDirection>[]): SortClause[] {
  return sort.flatMap((clause) =>
    Object.entries(clause).map(([field, direction]) => ({ field: field as SortClause['field'], direction })),
  );
}

/**
 * The positions of the first `count` matches in the requested order. Each match's sort values
 * are read once (dates as numbers, text folded); a match missing a field sorts after those that
 * have it, either direction; ties go by score, then id.
 */
export function orderMatches(matches: MatchList, clauses: readonly SortClause[], count: number): number[] {
  const { scores } = matches;
  const positions: number[] = [];
  for (let position = 0; position < matches.size; position++) positions.push(position);
  const byRelevance = (a: number, b: number) =>
    (scores[b] as number) - (scores[a] as number) || matches.compareIds(a, b);
  if (clauses.length === 0) return selectFirst(positions, count, byRelevance);
  const columns = clauses.map(({ field }) => positions.map((position) => sortValueOf(matches, position, field)));
  return selectFirst(positions, count, (a, b) => {
    for (let index = 0; index < clauses.length; index++) {
      const values = columns[index] ?? [];
      const order = compareSortValues(values[a], values[b], clauses[index]?.direction ?? 'asc');
      if (order !== 0) return order;
    }
    return byRelevance(a, b);
  });
}

function sortValueOf(matches: MatchList, position: number, field: SortClause['field']): SortValue {
  if (field === '_score') return matches.scores[position];
  const entry = matches.entryAt(position);
  const kind = fieldKind(field);
  if (kind === 'number' || kind === 'date') return numericValueOf(entry, field);
  const value: unknown = entry.document[field];
  const text = Array.isArray(value) ? value[0] : value;
  return typeof text === 'string' ? foldText(text) : undefined;
}

function compareSortValues(a: SortValue, b: SortValue, direction: SortDirection): number {
  if (a === undefined || b === undefined) return a === b ? 0 : a === undefined ? 1 : -1;
  const order = a < b ? -1 : a > b ? 1 : 0;
  return direction === 'asc' ? order : -order;
}

/**
 * The `count` first items by `compare`, in order. A page is usually a few dozen documents out
 * of thousands of matches, so a bounded heap (n log count) beats sorting them all.
 */
export function selectFirst<Item>(
  items: readonly Item[],
  count: number,
  compare: (a: Item, b: Item) => number,
): Item[] {
  if (count <= 0) return [];
  if (count * 4 >= items.length) return [...items].sort(compare).slice(0, count);
  // A max-heap of the best `count` so far: its root is the worst of them.
  const heap: Item[] = [];
  const worse = (i: number, j: number) => compare(heap[i] as Item, heap[j] as Item) > 0;
  const swap = (i: number, j: number) => {
    [heap[i], heap[j]] = [heap[j] as Item, heap[i] as Item];
  };
  for (const item of items) {
    if (heap.length < count) {
      heap.push(item);
      for (let child = heap.length - 1; child > 0;) {
        const parent = (child - 1) >> 1;
        if (!worse(child, parent)) break;
        swap(child, parent);
        child = parent;
      }
    } else if (compare(item, heap[0] as Item) < 0) {
      heap[0] = item;
      for (let parent = 0; ;) {
        const left = 2 * parent + 1;
        const right = left + 1;
        let largest = parent;
        if (left < heap.length && worse(left, largest)) largest = left;
        if (right < heap.length && worse(right, largest)) largest = right;
        if (largest === parent) break;
        swap(parent, largest);
        parent = largest;
      }
    }
  }
  return heap.sort(compare);
}
