import { z } from 'zod';
import { FIELD_PATH } from './identifiers';
import { compileRegex, RegexError, type RegexBudget, type SafeRegex } from './regex';

/**
 * The `query` parameter of the delivery API (docs/content.md): Contentstack's MongoDB-style
 * filters, evaluated on the entries in memory. A field path is dotted (`bc_products.us`,
 * `product_category.uid`) and walks through arrays; a field holding an array matches when
 * any element does (`{ "regions": "us" }`), as Contentstack does.
 */

export type Scalar = string | number | boolean | null;

export interface FieldCondition {
  $eq?: Scalar;
  $ne?: Scalar;
  $in?: Scalar[];
  $nin?: Scalar[];
  $exists?: boolean;
  $regex?: SafeRegex;
  $lt?: number | string;
  $lte?: number | string;
  $gt?: number | string;
  $gte?: number | string;
}

export type FilterClause =
  { kind: 'field'; path: string[]; condition: FieldCondition } | { kind: 'and' | 'or'; filters: EntryFilter[] };

/** A parsed query: its clauses all hold (an implicit `$and`). */
export type EntryFilter = FilterClause[];

const MAX_DEPTH = 8;
const MAX_LIST = 1_000;
const MAX_BRANCHES = 100;

const scalarSchema = z.union([z.string().max(10_000), z.number(), z.boolean(), z.null()]);
const boundSchema = z.union([z.number(), z.string().max(10_000)]);

const conditionSchema = z
  .strictObject({
    $eq: scalarSchema.optional(),
    $ne: scalarSchema.optional(),
    $in: z.array(scalarSchema).max(MAX_LIST).optional(),
    $nin: z.array(scalarSchema).max(MAX_LIST).optional(),
    $exists: z.boolean().optional(),
    $regex: z.string().optional(),
    $options: z.string().optional(),
    $lt: boundSchema.optional(),
    $lte: boundSchema.optional(),
    $gt: boundSchema.optional(),
    $gte: boundSchema.optional(),
  })
  .transform(({ $regex, $options, ...rest }, ctx): FieldCondition => {
    if (Object.keys(rest).length === 0 && $regex === undefined) {
      ctx.addIssue({ code: 'custom', message: 'needs an operator such as $in, $ne, $exists or $regex' });
      return z.NEVER;
    }
    if ($options !== undefined && $regex === undefined) {
      ctx.addIssue({ code: 'custom', path: ['$options'], message: 'is only allowed with $regex' });
      return z.NEVER;
    }
    if ($regex === undefined) return rest;
    try {
      return { ...rest, $regex: compileRegex($regex, $options) };
    } catch (error) {
      if (!(error instanceof RegexError)) throw error;
      ctx.addIssue({ code: 'custom', path: ['$regex'], message: `is not supported: ${error.message}` });
      return z.NEVER;
    }
  });

/** A field's value: an object of operators, or a scalar to equal. */
const equalitySchema = scalarSchema.transform((value): FieldCondition => ({ $eq: value }));

export const entryFilterSchema: z.ZodType<EntryFilter, unknown> = z.lazy(() =>
  z.record(z.string(), z.unknown()).transform((record, ctx): EntryFilter => {
    const clauses: EntryFilter = [];
    for (const [key, value] of Object.entries(record)) {
      const logical = key === '$and' || key === '$or';
      if (!logical && !FIELD_PATH.test(key)) {
        ctx.addIssue({ code: 'custom', path: [key], message: 'is not a field path, $and or $or' });
        continue;
      }
      const parsed = logical
        ? z.array(entryFilterSchema).min(1).max(MAX_BRANCHES).safeParse(value)
        : (isRecord(value) ? conditionSchema : equalitySchema).safeParse(value);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          ctx.addIssue({ code: 'custom', path: [key, ...issue.path], message: issue.message });
        }
        continue;
      }
      clauses.push(
        logical
          ? { kind: key === '$and' ? 'and' : 'or', filters: parsed.data as EntryFilter[] }
          : { kind: 'field', path: key.split('.'), condition: parsed.data as FieldCondition },
      );
    }
    return clauses;
  }),
);

/** Parses `query` as JSON text (query string) or a JSON value (POST body), refusing deep nesting before zod recurses. */
export const queryParamSchema = z
  .union([z.string().max(20_000), z.record(z.string(), z.unknown())])
  .transform((value, ctx) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'is not valid JSON' });
      return z.NEVER;
    }
  })
  .refine((value) => nestingWithin(value, MAX_DEPTH * 2 + 1), `nests $and/$or more than ${MAX_DEPTH} levels deep`)
  .pipe(entryFilterSchema);

/** Whether `value` nests objects and arrays at most `limit` deep (checked without recursion). */
function nestingWithin(value: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth >= limit) return false;
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return true;
}

/** The values at a dotted path, walking through arrays; `present` tells a missing field from an empty list. */
export function valuesAt(root: unknown, path: readonly string[]): { present: boolean; values: unknown[] } {
  let current: unknown[] = [root];
  for (const key of path) {
    const next: unknown[] = [];
    for (const value of current) {
      for (const item of Array.isArray(value) ? value : [value]) {
        if (isRecord(item) && Object.hasOwn(item, key)) next.push(item[key]);
      }
    }
    current = next;
  }
  return { present: current.length > 0, values: current.flatMap((value) => (Array.isArray(value) ? value : [value])) };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function equalsAny(found: { present: boolean; values: unknown[] }, wanted: readonly Scalar[]): boolean {
  // As in MongoDB, null also matches a missing field.
  if (wanted.includes(null) && !found.present) return true;
  return found.values.some((value) => wanted.includes(value as Scalar));
}

function compareWith(values: unknown[], bound: number | string, accept: (order: number) => boolean): boolean {
  return values.some((value) => typeof value === typeof bound && accept(value! < bound ? -1 : value! > bound ? 1 : 0));
}

function matchesCondition(entry: unknown, path: string[], condition: FieldCondition, budget: RegexBudget): boolean {
  const found = valuesAt(entry, path);
  const { values } = found;
  if (condition.$eq !== undefined && !equalsAny(found, [condition.$eq])) return false;
  if (condition.$ne !== undefined && equalsAny(found, [condition.$ne])) return false;
  if (condition.$in !== undefined && !equalsAny(found, condition.$in)) return false;
  if (condition.$nin !== undefined && equalsAny(found, condition.$nin)) return false;
  if (condition.$exists !== undefined && found.present !== condition.$exists) return false;
  if (condition.$lt !== undefined && !compareWith(values, condition.$lt, (order) => order < 0)) return false;
  if (condition.$lte !== undefined && !compareWith(values, condition.$lte, (order) => order <= 0)) return false;
  if (condition.$gt !== undefined && !compareWith(values, condition.$gt, (order) => order > 0)) return false;
  if (condition.$gte !== undefined && !compareWith(values, condition.$gte, (order) => order >= 0)) return false;
  const regex = condition.$regex;
  if (regex && !values.some((value) => typeof value === 'string' && regex.test(value, budget))) return false;
  return true;
}

/** Whether an entry matches; `$regex` work is charged to `budget` (RegexBudgetExceeded when spent). */
export function matchesFilter(entry: unknown, filter: EntryFilter, budget: RegexBudget): boolean {
  return filter.every((clause) => {
    switch (clause.kind) {
      case 'field':
        return matchesCondition(entry, clause.path, clause.condition, budget);
      case 'and':
        return clause.filters.every((inner) => matchesFilter(entry, inner, budget));
      case 'or':
        return clause.filters.some((inner) => matchesFilter(entry, inner, budget));
    }
  });
}

/**
 * Equality terms every match must satisfy (`{ "url": "/x" }`, `{ "uid": { "$in": [...] } }`,
 * also inside a top-level `$and`), for looking candidates up in an index instead of scanning.
 */
export function requiredEqualities(filter: EntryFilter): Array<{ path: string; values: Scalar[] }> {
  return filter.flatMap((clause) => {
    if (clause.kind === 'and') return clause.filters.flatMap(requiredEqualities);
    if (clause.kind !== 'field') return [];
    const { $eq, $in } = clause.condition;
    const wanted = $in ?? ($eq === undefined ? undefined : [$eq]);
    // null also matches a missing field, which an index of values cannot find.
    if (!wanted || wanted.includes(null)) return [];
    return [{ path: clause.path.join('.'), values: wanted }];
  });
}

/** Key of a scalar in an equality index: `1` and `"1"` stay apart. */
export function scalarKey(value: unknown): string | undefined {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return `${typeof value}:${String(value)}`;
  }
  return undefined;
}

const TYPE_RANK: Record<string, number> = { number: 0, string: 1, boolean: 2 };

/**
 * Orders entries by the first value at `path`: numbers, then strings, then booleans (each in
 * their natural order, strings by code unit as Contentstack does); entries without a value last.
 */
export function compareByField(path: readonly string[], direction: 'asc' | 'desc') {
  const sign = direction === 'asc' ? 1 : -1;
  const keyOf = (entry: unknown) =>
    valuesAt(entry, path).values.find((value) => (typeof value) in TYPE_RANK) as number | string | boolean | undefined;
  return (left: unknown, right: unknown): number => {
    const a = keyOf(left);
    const b = keyOf(right);
    if (a === undefined || b === undefined) return a === b ? 0 : a === undefined ? 1 : -1;
    const rank = TYPE_RANK[typeof a]! - TYPE_RANK[typeof b]!;
    if (rank !== 0) return sign * rank;
    return sign * (a < b ? -1 : a > b ? 1 : 0);
  };
}
