import { z } from 'zod';
import type {
  ClickRequest,
  FacetRequest,
  FilterValue,
  MultiSearchRequest,
  QuerySuggestionRequest,
  RangeFacetRequest,
  ResultFieldRequest,
  SearchFilter,
  SearchRequest,
  SortDirection,
} from '../app-search-types';
import type { TextField } from '../search-document';
import { fieldKind, isSearchableField, isTextKind, SEARCHABLE_FIELDS, type FieldKind } from './schema';
import { SearchRequestError } from './search-request-error';

/** App Search's own bounds where it has them (query, page, facets, multi search, suggestions), ours elsewhere. */
export const SEARCH_REQUEST_LIMITS = {
  queryLength: 128,
  pageSize: 1000,
  pageCurrent: 100,
  facetValues: 250,
  facetsPerField: 10,
  rangesPerFacet: 10,
  multiSearchQueries: 10,
  suggestions: 20,
  suggestionFields: 10,
  filterDepth: 5,
  filterClauses: 32,
  valuesPerFilter: 32,
  filterValueLength: 256,
  sortClauses: 10,
  rawSize: { min: 20, max: 10_000 },
  snippetSize: { min: 20, max: 1000 },
  documentIdLength: 256,
  clickTags: 16,
  clickTagLength: 64,
  /** An invalid request lists at most this many problems. */
  errors: 20,
} as const;

/** A search request with App Search's defaults applied and each either-or shape in its list form. */
export interface ParsedSearchRequest extends SearchRequest {
  page: { size: number; current: number };
  facets?: Record<string, FacetRequest[]>;
  sort?: Record<string, SortDirection>[];
}

export interface ParsedMultiSearchRequest extends MultiSearchRequest {
  queries: ParsedSearchRequest[];
}

export interface ParsedQuerySuggestionRequest extends QuerySuggestionRequest {
  types?: { documents?: { fields?: TextField[] } };
}

export function parseSearchRequest(body: unknown): ParsedSearchRequest {
  return parseWith(searchRequestSchema, body);
}

export function parseMultiSearchRequest(body: unknown): ParsedMultiSearchRequest {
  return parseWith(multiSearchRequestSchema, body);
}

export function parseQuerySuggestionRequest(body: unknown): ParsedQuerySuggestionRequest {
  return parseWith(querySuggestionRequestSchema, body);
}

export function parseClickRequest(body: unknown): ClickRequest {
  return parseWith(clickRequestSchema, body);
}

// --- Reporting ------------------------------------------------------------------------------

type Path = readonly PropertyKey[];
/** Records a problem; returns undefined so a validator can `return report(…)`. */
type Report = (path: Path, message: string) => undefined;

function parseWith<Output>(schema: z.ZodType<Output>, body: unknown): Output {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const messages = result.error.issues.map((issue) => `${describePath(issue.path)} ${issue.message}`);
  throw new SearchRequestError([...new Set(messages)].slice(0, SEARCH_REQUEST_LIMITS.errors));
}

/** `['filters', 'all', 0, 'price_us']` → 'filters.all[0].price_us'; the body itself is 'Request'. */
function describePath(path: Path): string {
  let description = '';
  for (const segment of path) {
    if (typeof segment === 'number') description += `[${segment}]`;
    else description += `${description ? '.' : ''}${describeKey(String(segment))}`;
  }
  return description || 'Request';
}

/** Keys come from the request: keep a hostile one from flooding the error body. */
function describeKey(key: string): string {
  return key.length > 64 ? `${key.slice(0, 64)}…` : key;
}

/**
 * A validator for what zod's shapes cannot say alone (fields checked against the schema,
 * filter nesting), reporting through zod so every problem ends up in one list.
 */
function validated<Output>(validate: (input: unknown, report: Report) => Output | undefined) {
  return z.unknown().transform((input, context) => {
    let failed = false;
    const output = validate(input, (path, message) => {
      failed = true;
      context.addIssue({ code: 'custom', message, path: [...path], input });
      return undefined;
    });
    return failed || output === undefined ? z.NEVER : output;
  });
}

/** Runs a zod schema on part of a validated value, reporting its issues under `path`. */
function parsePart<Output>(schema: z.ZodType<Output>, input: unknown, path: Path, report: Report): Output | undefined {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  for (const issue of result.error.issues) report([...path, ...issue.path], issue.message);
  return undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isDefined<Value>(value: Value | undefined): value is Value {
  return value !== undefined;
}

// --- Shared shapes ----------------------------------------------------------------------------

function strictObject<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `contains invalid key: ${issue.keys.map(describeKey).join(', ')}`
        : 'must be an object',
  });
}

function integerBetween(min: number, max: number) {
  const message = `must be an integer between ${min} and ${max}`;
  return z.int({ error: message }).min(min, { error: message }).max(max, { error: message });
}

function stringUpTo(maxLength: number, { required = false, minLength = 0 } = {}) {
  const typeMessage = (issue: { input?: unknown }) =>
    required && issue.input === undefined ? 'is required' : 'must be a string';
  const lengthMessage =
    minLength > 0
      ? `must be between ${minLength} and ${maxLength} characters long`
      : `must be at most ${maxLength} characters long`;
  return z
    .string({ error: typeMessage })
    .min(minLength, { error: lengthMessage })
    .max(maxLength, { error: lengthMessage });
}

const querySchema = stringUpTo(SEARCH_REQUEST_LIMITS.queryLength, { required: true });
const directionSchema = z.enum(['asc', 'desc'], { error: 'must be "asc" or "desc"' });
const numberSchema = z.number({ error: 'must be a number' });

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const dateSchema = z
  .string({ error: 'must be an ISO 8601 date string' })
  .regex(ISO_DATE, { error: 'must be an ISO 8601 date string' })
  // Only a well-formed date can be an impossible one ('2025-13-45').
  .refine((value) => !ISO_DATE.test(value) || !Number.isNaN(Date.parse(value)), { error: 'must be a valid date' });

/** A range's bounds for a number or date field: `from` inclusive, `to` exclusive, at least one. */
function rangeSchema(kind: 'number' | 'date', extra: z.ZodRawShape = {}) {
  const bound = kind === 'number' ? numberSchema : dateSchema;
  return strictObject({ from: bound.optional(), to: bound.optional(), ...extra }).refine(
    (range) => range.from !== undefined || range.to !== undefined,
    { error: 'must contain from or to' },
  );
}

const rangeSchemas = { number: rangeSchema('number'), date: rangeSchema('date') };

/** The list-or-single form App Search accepts in filters, facets and sort. */
function listOf(input: unknown): { items: unknown[]; isList: boolean } {
  return Array.isArray(input) ? { items: input, isList: true } : { items: [input], isList: false };
}

function checkListLength(items: readonly unknown[], max: number, what: string, path: Path, report: Report): boolean {
  if (items.length === 0) report(path, `must not be an empty list`);
  else if (items.length > max) report(path, `must contain at most ${max} ${what}`);
  else return true;
  return false;
}

/** Checks a key names a schema field, reporting it otherwise. */
function schemaFieldKind(field: string, path: Path, report: Report): FieldKind | undefined {
  const kind = fieldKind(field);
  if (kind === undefined) report(path, `contains unknown field: ${describeKey(field)}`);
  return kind;
}

// --- Filters ------------------------------------------------------------------------------------

const BOOLEAN_FILTER_KEYS = ['all', 'any', 'none'] as const;
type BooleanFilterKey = (typeof BOOLEAN_FILTER_KEYS)[number];

function isBooleanFilterKey(key: string): key is BooleanFilterKey {
  return (BOOLEAN_FILTER_KEYS as readonly string[]).includes(key);
}

const filtersSchema = validated((input, report) => validateFilter(input, [], 1, report));

/**
 * App Search's rule: a filter object holds either exactly one field or any of all/any/none,
 * whose lists (or single objects) nest further filters, here up to five levels deep.
 */
function validateFilter(input: unknown, path: Path, depth: number, report: Report): SearchFilter | undefined {
  if (!isPlainObject(input)) return report(path, 'must be an object');
  const keys = Object.keys(input);
  if (keys.length === 0) return report(path, 'must contain one field, or all/any/none');
  const booleanKeys = keys.filter(isBooleanFilterKey);
  if (booleanKeys.length === 0) {
    if (keys.length > 1) return report(path, `must contain only one field, or all/any/none (got ${keys.length})`);
    return validateFieldFilter(keys[0] ?? '', input, path, report);
  }
  const stray = keys.find((key) => !isBooleanFilterKey(key));
  if (stray !== undefined) {
    return report(path, `contains invalid key: ${describeKey(stray)} (a filter holds one field, or all/any/none)`);
  }
  if (depth > SEARCH_REQUEST_LIMITS.filterDepth) {
    return report(path, `nests all/any/none more than ${SEARCH_REQUEST_LIMITS.filterDepth} levels deep`);
  }
  const filter: Partial<Record<BooleanFilterKey, SearchFilter[]>> = {};
  for (const key of booleanKeys) {
    const { items, isList } = listOf(input[key]);
    if (!checkListLength(items, SEARCH_REQUEST_LIMITS.filterClauses, 'filters', [...path, key], report)) continue;
    const children = items.map((child, index) =>
      validateFilter(child, isList ? [...path, key, index] : [...path, key], depth + 1, report),
    );
    if (children.every(isDefined)) filter[key] = children;
  }
  return filter;
}

function validateFieldFilter(
  field: string,
  input: Record<string, unknown>,
  path: Path,
  report: Report,
): SearchFilter | undefined {
  const kind = schemaFieldKind(field, path, report);
  if (kind === undefined) return undefined;
  const valuePath = [...path, field];
  const { items, isList } = listOf(input[field]);
  if (isList && !checkListLength(items, SEARCH_REQUEST_LIMITS.valuesPerFilter, 'values', valuePath, report)) {
    return undefined;
  }
  const values = items.map((item, index) =>
    validateFilterValue(item, kind, isList ? [...valuePath, index] : valuePath, report),
  );
  if (!values.every(isDefined)) return undefined;
  return { [field]: isList ? values : (values[0] as FilterValue) };
}

function validateFilterValue(input: unknown, kind: FieldKind, path: Path, report: Report): FilterValue | undefined {
  if (isTextKind(kind)) {
    if (isPlainObject(input)) return report(path, 'is a text field: range filters need a number or date field');
    return parsePart(textFilterValueSchema, input, path, report);
  }
  if (isPlainObject(input))
    return parsePart(kind === 'number' ? rangeSchemas.number : rangeSchemas.date, input, path, report);
  if (kind === 'number') {
    return parsePart(
      z.number({ error: 'must be a number, a list of numbers or a range {from, to}' }),
      input,
      path,
      report,
    );
  }
  return parsePart(
    z.string({ error: 'must be a date, a list of dates or a range {from, to}' }).pipe(dateSchema),
    input,
    path,
    report,
  );
}

/** Text filters match exactly, as App Search's do; booleans are the strings 'true' and 'false'. */
const textFilterValueSchema = z
  .string({ error: 'must be a string or a list of strings' })
  .max(SEARCH_REQUEST_LIMITS.filterValueLength, {
    error: `must be at most ${SEARCH_REQUEST_LIMITS.filterValueLength} characters long`,
  });

// --- Facets -------------------------------------------------------------------------------------

const facetNameSchema = stringUpTo(100);

const valueFacetSchema = strictObject({
  type: z.literal('value'),
  name: facetNameSchema.optional(),
  size: integerBetween(1, SEARCH_REQUEST_LIMITS.facetValues).optional(),
  sort: z
    .union([strictObject({ count: directionSchema }), strictObject({ value: directionSchema })], {
      error: 'must be {"count": "asc"|"desc"} or {"value": "asc"|"desc"}',
    })
    .optional(),
});

function rangeFacetSchema(kind: 'number' | 'date') {
  const rangesMessage = `must be a list of 1 to ${SEARCH_REQUEST_LIMITS.rangesPerFacet} ranges`;
  return strictObject({
    type: z.literal('range'),
    name: facetNameSchema.optional(),
    ranges: z
      .array(rangeSchema(kind, { name: facetNameSchema.optional() }), { error: rangesMessage })
      .min(1, { error: rangesMessage })
      .max(SEARCH_REQUEST_LIMITS.rangesPerFacet, { error: rangesMessage }),
  });
}

const rangeFacetSchemas = { number: rangeFacetSchema('number'), date: rangeFacetSchema('date') };

const facetsSchema = validated((input, report) => {
  if (!isPlainObject(input)) return report([], 'must be an object');
  const facets: Record<string, FacetRequest[]> = {};
  for (const field of Object.keys(input)) {
    const kind = schemaFieldKind(field, [], report);
    if (kind === undefined) continue;
    const { items, isList } = listOf(input[field]);
    if (!checkListLength(items, SEARCH_REQUEST_LIMITS.facetsPerField, 'facets', [field], report)) continue;
    const requests = items.map((item, index) => validateFacet(item, kind, isList ? [field, index] : [field], report));
    if (requests.every(isDefined)) facets[field] = requests;
  }
  return facets;
});

function validateFacet(input: unknown, kind: FieldKind, path: Path, report: Report): FacetRequest | undefined {
  const type = isPlainObject(input) ? input.type : undefined;
  if (type === 'value') return parsePart(valueFacetSchema, input, path, report);
  if (type !== 'range') {
    return report(isPlainObject(input) ? [...path, 'type'] : path, 'must be a facet {"type": "value"|"range", …}');
  }
  if (kind !== 'number' && kind !== 'date')
    return report(path, 'is a text field: range facets need a number or date field');
  return parsePart<RangeFacetRequest>(rangeFacetSchemas[kind], input, path, report);
}

// --- Sort, result fields and search fields --------------------------------------------------------

const sortSchema = validated((input, report) => {
  const { items, isList } = listOf(input);
  if (!checkListLength(items, SEARCH_REQUEST_LIMITS.sortClauses, 'sort fields', [], report)) return undefined;
  const clauses = items.map((item, index): Record<string, SortDirection> | undefined => {
    const path = isList ? [index] : [];
    if (!isPlainObject(item)) return report(path, 'must be an object such as {"price_us": "asc"}');
    const keys = Object.keys(item);
    if (keys.length !== 1) return report(path, 'must contain exactly one field, such as {"price_us": "asc"}');
    const field = keys[0] ?? '';
    if (field !== '_score' && schemaFieldKind(field, path, report) === undefined) return undefined;
    const direction = parsePart(directionSchema, item[field], [...path, field], report);
    return direction && { [field]: direction };
  });
  return clauses.every(isDefined) ? clauses : undefined;
});

const resultFieldSchema = strictObject({
  raw: strictObject({
    size: integerBetween(SEARCH_REQUEST_LIMITS.rawSize.min, SEARCH_REQUEST_LIMITS.rawSize.max).optional(),
  }).optional(),
  snippet: strictObject({
    size: integerBetween(SEARCH_REQUEST_LIMITS.snippetSize.min, SEARCH_REQUEST_LIMITS.snippetSize.max).optional(),
    fallback: z.boolean({ error: 'must be true or false' }).optional(),
  }).optional(),
}).refine((request) => request.raw !== undefined || request.snippet !== undefined, {
  error: 'must ask for raw, snippet or both',
  // Only worth saying about an otherwise valid object.
  when: (payload) => payload.issues.length === 0,
});

const resultFieldsSchema = validated((input, report) => {
  if (!isPlainObject(input)) return report([], 'must be an object');
  const resultFields: Record<string, ResultFieldRequest> = {};
  for (const field of Object.keys(input)) {
    const kind = schemaFieldKind(field, [], report);
    if (kind === undefined) continue;
    const request = parsePart(resultFieldSchema, input[field], [field], report);
    if (request?.snippet && !isTextKind(kind)) report([field, 'snippet'], 'needs a text field');
    else if (request) resultFields[field] = request;
  }
  return resultFields;
});

/** Checks a field is one the engine searches as text (the TEXT_FIELD_WEIGHTS fields). */
function searchableField(field: string, path: Path, report: Report): field is TextField {
  if (isSearchableField(field)) return true;
  if (schemaFieldKind(field, path, report) !== undefined) {
    report(path, `contains a field that is not searched: ${field} (searched: ${SEARCHABLE_FIELDS.join(', ')})`);
  }
  return false;
}

const searchFieldsSchema = validated((input, report) => {
  if (!isPlainObject(input)) return report([], 'must be an object');
  const fields = Object.keys(input);
  if (fields.length === 0) return report([], 'must contain at least one field');
  const searchFields: Record<string, { weight?: number }> = {};
  const weightMessage = 'must be a number above 0 and at most 10';
  const settingsSchema = strictObject({
    weight: z
      .number({ error: weightMessage })
      .gt(0, { error: weightMessage })
      .max(10, { error: weightMessage })
      .optional(),
  });
  for (const field of fields) {
    if (!searchableField(field, [], report)) continue;
    const settings = parsePart(settingsSchema, input[field], [field], report);
    if (settings) searchFields[field] = settings;
  }
  return searchFields;
});

// --- Requests -------------------------------------------------------------------------------------

const searchRequestSchema = strictObject({
  query: querySchema,
  page: strictObject({
    size: integerBetween(1, SEARCH_REQUEST_LIMITS.pageSize).optional(),
    current: integerBetween(1, SEARCH_REQUEST_LIMITS.pageCurrent).optional(),
  }).optional(),
  filters: filtersSchema.optional(),
  facets: facetsSchema.optional(),
  result_fields: resultFieldsSchema.optional(),
  search_fields: searchFieldsSchema.optional(),
  sort: sortSchema.optional(),
}).transform(({ page, ...request }): ParsedSearchRequest => ({
  ...request,
  page: { size: page?.size ?? 10, current: page?.current ?? 1 },
}));

const multiSearchRequestSchema = strictObject({
  queries: z
    .array(searchRequestSchema, { error: 'is required and must be a list of search requests' })
    .min(1, { error: 'must contain at least 1 query' })
    .max(SEARCH_REQUEST_LIMITS.multiSearchQueries, {
      error: `must contain at most ${SEARCH_REQUEST_LIMITS.multiSearchQueries} queries`,
    }),
});

const suggestionFieldsSchema = validated((input, report) => {
  if (!Array.isArray(input)) return report([], 'must be a list of field names');
  if (!checkListLength(input, SEARCH_REQUEST_LIMITS.suggestionFields, 'fields', [], report)) return undefined;
  const fields = input.map((field, index) => {
    if (typeof field !== 'string') return report([index], 'must be a string');
    return searchableField(field, [index], report) ? field : undefined;
  });
  return fields.every(isDefined) ? fields : undefined;
});

const querySuggestionRequestSchema = strictObject({
  query: querySchema,
  types: strictObject({
    documents: strictObject({ fields: suggestionFieldsSchema.optional() }).optional(),
  }).optional(),
  size: integerBetween(1, SEARCH_REQUEST_LIMITS.suggestions).optional(),
  filters: filtersSchema.optional(),
});

const clickRequestSchema = strictObject({
  query: stringUpTo(SEARCH_REQUEST_LIMITS.queryLength, { required: true }),
  document_id: stringUpTo(SEARCH_REQUEST_LIMITS.documentIdLength, { required: true, minLength: 1 }),
  request_id: stringUpTo(SEARCH_REQUEST_LIMITS.queryLength).optional(),
  tags: z
    .array(stringUpTo(SEARCH_REQUEST_LIMITS.clickTagLength, { minLength: 1 }), { error: 'must be a list of strings' })
    .max(SEARCH_REQUEST_LIMITS.clickTags, { error: `must contain at most ${SEARCH_REQUEST_LIMITS.clickTags} tags` })
    .optional(),
});
