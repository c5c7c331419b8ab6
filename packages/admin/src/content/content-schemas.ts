import { z } from 'zod';

/**
 * The content area's request and answer shapes (`/admin/api/content/*`), shared by the API and
 * the admin app. Client-safe: no database, no Node imports.
 */

/** Content type uids, as Contentstack allows them. */
export const contentTypeUid = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,99}$/, 'A content type is named by lowercase letters, digits and _.');

/** Entry uids: letters, digits, `-` and `_` (the seed's readable slugs or Contentstack's `blt…`). */
export const entryUid = z
  .string()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9_-]{0,199}$/,
    'Use letters, digits, - and _ (at most 200), starting with a letter or digit.',
  );

/** A content locale (`en-us`, `de`) or a shop locale (`de-de`), which reads its language's entries. */
export const contentLocaleParam = z
  .string()
  .regex(/^[a-z]{2,3}(-[a-z0-9]{2,8})?$/, 'Name a locale such as en-us, de or de-de.')
  .default('en-us');

/** A Contentstack field definition, as the content type's schema holds it (see content-types.json). */
export interface ContentField {
  uid: string;
  data_type: string;
  display_name: string;
  mandatory?: boolean;
  multiple?: boolean;
  field_metadata?: Record<string, unknown>;
  display_type?: string;
  enum?: { choices: Array<{ value: string }> };
  reference_to?: string[] | string;
  schema?: ContentField[];
  blocks?: Array<{ uid: string; title: string; schema: ContentField[] }>;
}

export const contentTypeSummary = z.object({
  uid: z.string(),
  title: z.string(),
  description: z.string(),
  singleton: z.boolean(),
  isPage: z.boolean(),
  urlPrefix: z.string().nullable(),
  entryCount: z.number(),
});
export type ContentTypeSummary = z.infer<typeof contentTypeSummary>;

export const contentTypeView = contentTypeSummary.extend({
  schema: z.array(z.record(z.string(), z.unknown())),
});
export type ContentTypeView = z.infer<typeof contentTypeView>;

export const entryListQuery = z.object({
  locale: contentLocaleParam,
  q: z.string().trim().max(200, 'Search with at most 200 characters.').optional(),
  page: z.coerce.number().int('Pages are whole numbers.').min(1, 'Pages start at 1.').max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1, 'Show at least 1 entry.').max(100, 'Show at most 100 entries.').default(50),
});

export const entryListItem = z.object({
  uid: z.string(),
  title: z.string(),
  locales: z.array(z.string()),
  /** The published version in the asked locale; null when the locale shows the en-us fallback or nothing. */
  publishedVersion: z.number().nullable(),
  draft: z.object({ version: z.number(), actor: z.string(), updatedAt: z.string() }).nullable(),
  updatedAt: z.string().nullable(),
});
export type EntryListItem = z.infer<typeof entryListItem>;

export const entryList = z.object({
  items: z.array(entryListItem),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  locale: z.string(),
});
export type EntryList = z.infer<typeof entryList>;

export const entryParams = z.object({ type: contentTypeUid, uid: entryUid });
export const entryQuery = z.object({ locale: contentLocaleParam });

const document = z.record(z.string(), z.unknown());

export const draftView = z.object({
  document,
  version: z.number(),
  baseVersion: z.number(),
  actor: z.string(),
  updatedAt: z.string(),
});
export type DraftView = z.infer<typeof draftView>;

export const versionSummary = z.object({
  version: z.number(),
  actor: z.string(),
  publishedAt: z.string(),
  title: z.string(),
});
export type VersionSummary = z.infer<typeof versionSummary>;

export const entryView = z.object({
  type: z.string(),
  uid: z.string(),
  /** The content locale the entry is read in (`de` for `de-de`). */
  locale: z.string(),
  /** The published document in `locale`, or the fallback's when the locale has none. */
  published: z.object({ document, version: z.number(), updatedAt: z.string() }).nullable(),
  /** Set when `published` is the en-us entry shown because `locale` has no row of its own. */
  fallbackFrom: z.string().nullable(),
  draft: draftView.nullable(),
  versions: z.array(versionSummary),
  locales: z.array(z.string()),
});
export type EntryView = z.infer<typeof entryView>;

export const saveDraftBody = z.object({
  document,
  /** The draft version the editor loaded; omitted when starting a draft. */
  version: z.number().int().min(1).max(2_147_483_647).optional(),
});

export const discardDraftQuery = entryQuery.extend({
  version: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});

export const publishBody = z.object({
  draftVersion: z.number().int().min(1, 'Name the draft version to publish.').max(2_147_483_647),
});

export const rollbackBody = z.object({
  version: z.number().int().min(1, 'Name the version to publish again.').max(2_147_483_647),
});

export const createEntryBody = z.object({
  /** Generated from the title when omitted. */
  uid: entryUid.optional(),
  document,
});

export const createdEntry = z.object({ uid: z.string(), locale: z.string(), draft: draftView });

export const previewBody = z.object({
  /** The shop locale the preview opens in (`de-at`); defaults to the content locale's first shop locale. */
  shopLocale: z
    .string()
    .regex(/^[a-z]{2}-[a-z]{2}$/, 'Name a shop locale such as de-de.')
    .optional(),
});
export const previewAnswer = z.object({ url: z.string(), expiresAt: z.string() });

export const versionParams = entryParams.extend({ version: z.coerce.number().int().min(1).max(2_147_483_647) });
export const versionView = z.object({ version: z.number(), document, actor: z.string(), publishedAt: z.string() });

export const referencesQuery = z.object({
  types: z
    .string()
    .min(1, 'Name at least one content type.')
    .max(500)
    .transform((value) => value.split(',').map((type) => type.trim()))
    .pipe(z.array(contentTypeUid).max(10, 'Name at most 10 content types.')),
  q: z.string().trim().max(200).optional(),
});
export const referenceOption = z.object({ uid: z.string(), title: z.string(), type: z.string() });
export const referenceList = z.object({ items: z.array(referenceOption) });
export type ReferenceOption = z.infer<typeof referenceOption>;
