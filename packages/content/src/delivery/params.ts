import { z } from 'zod';
import { DEFAULT_LOCALE } from '@piste/core';
import { queryParamSchema } from '../store/entry-query';
import { CONTENT_TYPE_UID, ENTRY_UID, FIELD_PATH, LOCALE_CODE } from '../store/identifiers';

/**
 * The delivery API's parameters (docs/content.md), one strict schema per route. They arrive
 * as query-string text (`limit=10`, `include[]=main_nav`, `only[BASE][]=title`) or as JSON in
 * a POST body (`"limit": 10, "include": ["main_nav"], "only": { "BASE": ["title"] }`), so
 * scalars accept both spellings.
 */

/** Contentstack's page size limit (spec §9: "Content page size 100"). */
export const MAX_LIMIT = 100;

const flag = z
  .union([z.boolean(), z.enum(['true', 'false'])], { error: 'must be true or false' })
  .transform((value) => value === true || value === 'true');

const wholeNumber = (min: number, max: number) => {
  const error = `must be a whole number from ${min} to ${max}`;
  return z
    .union(
      [
        z.number(),
        z
          .string()
          .regex(/^\d{1,16}$/)
          .transform(Number),
      ],
      { error },
    )
    .pipe(z.number().int(error).min(min, error).max(max, error));
};

const fieldPath = z.string().regex(FIELD_PATH, 'must be a field path such as title or seo_meta.seo_title');

/** One path, or a list of them (`include[]=a&include[]=b`). */
const pathList = z
  .preprocess(
    (value) => (typeof value === 'string' ? [value] : value),
    z.array(fieldPath).max(100, 'names more than 100 paths'),
  )
  .transform((paths) => [...new Set(paths)]);

/** `{ BASE: [...], reference_path: [...] }` for only/except. */
const projection = z
  .record(z.string().regex(FIELD_PATH, 'must be BASE or a reference path'), pathList)
  .refine((record) => Object.keys(record).length <= 20, 'names more than 20 projections');

const locale = z.string().regex(LOCALE_CODE, 'must be a locale code such as en-us').default(DEFAULT_LOCALE);
const environment = z.string({ error: 'is required' }).min(1, 'is required').max(100);

const entryShape = {
  environment,
  locale,
  include_fallback: flag.default(false),
  include: pathList.default([]),
  only: projection.optional(),
  except: projection.optional(),
};

export const entryParamsSchema = z.strictObject(entryShape);

export const entriesParamsSchema = z
  .strictObject({
    ...entryShape,
    query: queryParamSchema.optional(),
    limit: wholeNumber(1, MAX_LIMIT).default(MAX_LIMIT),
    skip: wholeNumber(0, 1_000_000_000).default(0),
    include_count: flag.default(false),
    asc: fieldPath.optional(),
    desc: fieldPath.optional(),
  })
  .refine((params) => params.asc === undefined || params.desc === undefined, {
    path: ['desc'],
    message: 'cannot be combined with asc',
  });

export const contentTypesParamsSchema = z.strictObject({ environment, include_count: flag.default(false) });

/** Content type, asset and taxonomy reads that take nothing but the environment. */
export const environmentOnlySchema = z.strictObject({ environment });

export const assetsParamsSchema = z.strictObject({
  environment,
  query: queryParamSchema.optional(),
  limit: wholeNumber(1, MAX_LIMIT).default(MAX_LIMIT),
  skip: wholeNumber(0, 1_000_000_000).default(0),
  include_count: flag.default(false),
});

const token = z.string().min(1).max(2_000);

/** Exactly one of init, pagination_token and sync_token; filters only with init (tokens carry them). */
export const syncParamsSchema = z
  .strictObject({
    environment,
    init: z.union([z.literal(true), z.literal('true')], { error: 'must be true' }).optional(),
    pagination_token: token.optional(),
    sync_token: token.optional(),
    content_type_uid: z.string().regex(CONTENT_TYPE_UID, 'must be a content type uid').optional(),
    locale: z.string().regex(LOCALE_CODE, 'must be a locale code such as en-us').optional(),
  })
  .superRefine((params, ctx) => {
    const starts = [params.init, params.pagination_token, params.sync_token].filter((value) => value !== undefined);
    if (starts.length !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['init'],
        message: 'give exactly one of init, pagination_token and sync_token',
      });
    }
    if (params.init === undefined) {
      for (const key of ['content_type_uid', 'locale'] as const) {
        if (params[key] !== undefined)
          ctx.addIssue({ code: 'custom', path: [key], message: 'is only allowed with init' });
      }
    }
  });

/** `GET /api/interstack/references` (spec §7). */
export const referencesParamsSchema = z.strictObject({
  content_type: z.string({ error: 'is required' }).regex(CONTENT_TYPE_UID, 'must be a content type uid'),
  api_key: z.string({ error: 'is required' }),
  entry_uids: z
    .string({ error: 'is required' })
    .transform((list) => list.split(',').map((uid) => uid.trim()))
    .pipe(z.array(z.string().regex(ENTRY_UID, 'must be entry uids separated by commas')).min(1).max(MAX_LIMIT)),
  locale,
});

/**
 * Query-string parameters as the JSON a POST body would hold: `a=1` → `a: "1"`, a repeated
 * name → a list, `a[]=x` → `a: ["x"]`, `a[b][]=x` and `a[b]=x` → `a: { b: ["x"] }`. Other
 * bracket forms keep their raw name, which the strict schemas then refuse by name.
 */
export function searchParamsToObject(search: URLSearchParams): Record<string, unknown> {
  const values = new Map<string, unknown>();
  const nested = new Map<string, Map<string, string[]>>();
  const append = (name: string, value: string) => {
    const list = values.get(name);
    values.set(name, list === undefined ? [value] : [list, value].flat());
  };
  for (const [key, value] of search) {
    const match = /^([^[\]]+)(?:\[([^[\]]*)\](\[\])?)?$/.exec(key);
    const [, name, sub, push] = match ?? [];
    if (!match || name === undefined || (sub === '' && push)) {
      append(key, value);
    } else if (sub === undefined) {
      values.set(name, values.has(name) ? [values.get(name), value].flat() : value);
    } else if (sub === '') {
      append(name, value);
    } else {
      let byKey = nested.get(name);
      if (!byKey) nested.set(name, (byKey = new Map()));
      byKey.set(sub, [...(byKey.get(sub) ?? []), value]);
    }
  }
  for (const [name, byKey] of nested) values.set(name, Object.fromEntries(byKey));
  // Object.fromEntries defines own properties, so names such as __proto__ stay plain keys.
  return Object.fromEntries(values);
}

/** A zod failure as the delivery API's `errors`: `{ "limit": ["must be …"] }`. */
export function errorsOf(error: z.ZodError): Record<string, string[]> {
  const errors = new Map<string, string[]>();
  const add = (key: string, message: string) => {
    const name = key.slice(0, 200);
    errors.set(name, [...(errors.get(name) ?? []), message]);
  };
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add(key, 'is not a supported parameter');
    } else {
      add(issue.path.map(String).join('.') || 'params', issue.message);
    }
  }
  return Object.fromEntries(errors);
}
