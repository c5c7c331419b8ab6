import type { BooleanFilter, FieldFilter, FilterValue, RangeFilterValue, SearchFilter } from '../app-search-types';
import { timestampOf, type ColumnSource } from './columns';
import { fieldKind } from './schema';

/** Whether the document in a slot of one locale index passes a filter. */
export type SlotPredicate = (slot: number) => boolean;

const acceptAll: SlotPredicate = () => true;
const acceptNone: SlotPredicate = () => false;

/**
 * Turns a validated filter into one predicate over a locale index's columns, once per request,
 * so each document costs a few array reads. App Search semantics: a field filter's values match
 * if any does; text matches exactly (an array field if any element does); ranges are `from` ≤
 * value < `to`; a document without the field matches no value or range.
 */
export function compileFilter(filter: SearchFilter | undefined, columns: ColumnSource): SlotPredicate {
  return filter === undefined ? acceptAll : compile(filter, columns);
}

function compile(filter: SearchFilter, columns: ColumnSource): SlotPredicate {
  if (isBooleanFilter(filter)) return compileBoolean(filter, columns);
  const [field, value] = Object.entries(filter)[0] ?? [];
  if (field === undefined || value === undefined) return acceptAll;
  const values = Array.isArray(value) ? value : [value];
  const kind = fieldKind(field);
  return kind === 'number' || kind === 'date'
    ? compileNumberFilter(columns.numberColumn(field).values, values, kind === 'date' ? timestampOf : Number)
    : compileValueFilter(field, values, columns);
}

function compileBoolean(filter: BooleanFilter, columns: ColumnSource): SlotPredicate {
  const all = (filter.all ?? []).map((child) => compile(child, columns)).filter((child) => child !== acceptAll);
  const any = (filter.any ?? []).map((child) => compile(child, columns));
  const none = (filter.none ?? []).map((child) => compile(child, columns));
  if (any.length === 0 && none.length === 0) {
    if (all.length === 0) return acceptAll;
    if (all.length === 1) return all[0] as SlotPredicate;
  }
  return (slot) => {
    for (const predicate of all) if (!predicate(slot)) return false;
    for (const predicate of none) if (predicate(slot)) return false;
    if (any.length === 0) return true;
    for (const predicate of any) if (predicate(slot)) return true;
    return false;
  };
}

function isBooleanFilter(filter: SearchFilter): filter is BooleanFilter {
  return Object.hasOwn(filter, 'all') || Object.hasOwn(filter, 'any') || Object.hasOwn(filter, 'none');
}

/**
 * Exact values against the field's value codes: a value no document has cannot match, and a
 * filter accepting every value of a single-valued field (the locale of the index it runs on,
 * 'product' in an index of products) needs no test at all.
 */
function compileValueFilter(field: string, values: readonly FilterValue[], columns: ColumnSource): SlotPredicate {
  const column = columns.valueColumn(field);
  const accepted = new Uint8Array(column.values.length);
  let acceptedCount = 0;
  for (const value of values) {
    const code = typeof value === 'object' ? undefined : column.codeOf(value);
    if (code !== undefined && !accepted[code]) {
      accepted[code] = 1;
      acceptedCount += 1;
    }
  }
  if (acceptedCount === 0) return acceptNone;
  if (acceptedCount === column.values.length && fieldKind(field) === 'text') return acceptAll;
  const { starts, codes } = column;
  return (slot) => {
    const end = starts[slot + 1] as number;
    for (let index = starts[slot] as number; index < end; index++) {
      if (accepted[codes[index] as number]) return true;
    }
    return false;
  };
}

function compileNumberFilter(
  columnValues: readonly number[],
  values: readonly FilterValue[],
  toNumber: (bound: unknown) => number,
): SlotPredicate {
  const tests = values.map((value) =>
    typeof value === 'object' ? rangeTest(value, toNumber) : equalityTest(toNumber(value)),
  );
  // NaN, a missing value, fails every comparison.
  return (slot) => {
    const actual = columnValues[slot] as number;
    for (const test of tests) if (test(actual)) return true;
    return false;
  };
}

function equalityTest(expected: number): (actual: number) => boolean {
  return (actual) => actual === expected;
}

function rangeTest(range: RangeFilterValue, toNumber: (bound: unknown) => number): (actual: number) => boolean {
  const from = range.from === undefined ? -Infinity : toNumber(range.from);
  const to = range.to === undefined ? Infinity : toNumber(range.to);
  return (actual) => actual >= from && actual < to;
}

/**
 * The content locales a filter restricts the search to: a `locale` value filter at the top
 * level or directly in its `all`, which is how the storefront always sends it. Null when the
 * filter leaves every locale possible.
 */
export function localesOf(filter: SearchFilter | undefined): string[] | null {
  if (filter === undefined) return null;
  if (!isBooleanFilter(filter)) return localeValues(filter);
  for (const child of filter.all ?? []) {
    const locales = isBooleanFilter(child) ? null : localeValues(child);
    if (locales) return locales;
  }
  return null;
}

function localeValues(filter: FieldFilter): string[] | null {
  if (!Object.hasOwn(filter, 'locale')) return null;
  const value = filter.locale;
  const values = Array.isArray(value) ? value : [value];
  return values.filter((locale) => typeof locale === 'string');
}
