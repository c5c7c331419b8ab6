import { z } from 'zod';
import { DEFAULT_LOCALE, isSupportedLocale } from '@piste/core';
import { contentTypeDefinitionsSchema, type ContentTypeDefinition } from '../content-type-definitions';
import { CONTENT_TYPE_UID, ENTRY_UID } from '../store/identifiers';

/** The seed files of data/seed/content/ (docs/content.md 'Seed files'). */

const uid = z.string().regex(ENTRY_UID, 'must be letters, digits, - or _ (at most 200)');

export const contentTypeUidSchema = z
  .string()
  .regex(CONTENT_TYPE_UID, 'must be lowercase letters, digits and _, starting with a letter');

/** content-types.json: our models as Contentstack content type definitions. */
export const contentTypesFileSchema = contentTypeDefinitionsSchema;
export type SeedContentType = ContentTypeDefinition;

/** Fields the store sets itself; an entry may not carry them. */
const SYSTEM_FIELDS = ['locale', 'created_at', 'updated_at', '_version', 'publish_details', '_content_type_uid'];

function refuseSystemFields(fields: Record<string, unknown>, ctx: z.RefinementCtx) {
  for (const key of Object.keys(fields)) {
    if (SYSTEM_FIELDS.includes(key)) ctx.addIssue({ code: 'custom', path: [key], message: 'is a system field' });
  }
}

/** A translation replaces whole top-level fields of the en-us entry in one locale. */
const translationSchema = z.record(z.string(), z.unknown()).superRefine((fields, ctx) => {
  refuseSystemFields(fields, ctx);
  for (const key of ['uid', 'translations']) {
    if (key in fields) ctx.addIssue({ code: 'custom', path: [key], message: 'cannot be translated' });
  }
});

/** An en-us entry with its translations (entries/{content_type_uid}.json, or a generated entry). */
export const seedEntrySchema = z
  .looseObject({
    uid,
    title: z.string().min(1),
    tags: z.array(z.string()).optional(),
    translations: z
      .record(z.string(), translationSchema)
      .superRefine((translations, ctx) => {
        for (const locale of Object.keys(translations)) {
          if (locale === DEFAULT_LOCALE || !isSupportedLocale(locale)) {
            ctx.addIssue({
              code: 'custom',
              path: [locale],
              message: 'must be a supported locale other than en-us, e.g. de-de',
            });
          }
        }
      })
      .optional(),
  })
  .superRefine(refuseSystemFields);
export type SeedEntry = z.output<typeof seedEntrySchema>;

export const entriesFileSchema = z.array(seedEntrySchema);

export const assetsFileSchema = z.array(
  z.looseObject({
    uid,
    title: z.string().min(1),
    filename: z.string().min(1),
    content_type: z.string().min(1),
    url: z.string().min(1),
    description: z.string().optional(),
  }),
);

export const taxonomiesFileSchema = z.array(
  z.looseObject({
    uid,
    name: z.string().min(1),
    description: z.string().default(''),
    terms: z.array(z.looseObject({ uid, name: z.string().min(1) })),
  }),
);
