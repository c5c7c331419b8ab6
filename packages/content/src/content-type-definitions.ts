import { z } from 'zod';
import { CONTENT_TYPE_UID } from './store/identifiers';

/**
 * Our content models as Contentstack content type definitions (data/seed/content/content-types.json):
 * the embedded delivery API answers them at `content_types`, and `npm run content:create-types`
 * sends the same definitions to a stack's Management API. Field shapes follow Contentstack's
 * "JSON schema for creating a content type"
 * (https://www.contentstack.com/docs/developers/create-content-types/json-schema-for-creating-a-content-type).
 */

/** A field uid: Contentstack allows lowercase letters, digits and underscores, starting with a letter. */
const FIELD_UID = /^[a-z][a-z0-9_]{0,99}$/;

/**
 * Field uids Contentstack refuses, besides any ending in `_ids`
 * (https://www.contentstack.com/docs/developers/create-content-types/restricted-keywords-for-uids;
 * the ones a lowercase uid can spell). The reference does not limit them to the top level, so
 * they are refused at every depth.
 */
const RESTRICTED_FIELD_UIDS = new Set(
  (
    'api_key app_user_object_uid applikation_id built_io_upload created_at created_by deleted_at dimension domain ' +
    'embedded_items hook id inbuilt_class klass_id locale options org_uid publish_details save shard_account ' +
    'shard_app shard_random sys_assets sys_metadata tags tags_array taxonomies tenant_id uid update updated_at updated_by'
  ).split(' '),
);

const fieldUid = z
  .string()
  .regex(FIELD_UID, 'must be lowercase letters, digits and _, starting with a letter')
  .refine((uid) => !RESTRICTED_FIELD_UIDS.has(uid) && !uid.endsWith('_ids'), {
    error: 'is a uid Contentstack keeps for itself (or ends in _ids)',
  });

type FieldCommon = {
  uid: string;
  display_name: string;
  mandatory?: boolean;
  multiple?: boolean;
  unique?: boolean;
  /** Editor settings: description, default_value, multiline, allow_rich_text, ref_multiple, … */
  field_metadata?: Record<string, unknown>;
};

/** Single and multi-line text, HTML rich text, dropdowns (`display_type` + `enum`), numbers, … */
export type ScalarField = FieldCommon & {
  data_type: 'text' | 'number' | 'boolean' | 'isodate' | 'link' | 'file';
  display_type?: 'dropdown' | 'radio' | 'checkbox';
  enum?: { advanced: boolean; choices: Array<{ value: string }> };
};

/** A reference to entries of `reference_to` (several when `field_metadata.ref_multiple`). */
export type ReferenceField = FieldCommon & {
  data_type: 'reference';
  reference_to: string[];
};

/** A custom field holding JSON: its editor is an extension of the stack, named by `extension_uid`. */
export type JsonField = FieldCommon & {
  data_type: 'json';
  extension_uid?: string;
};

export type GroupField = FieldCommon & {
  data_type: 'group';
  schema: ContentTypeField[];
};

export type ModularBlock = {
  uid: string;
  title: string;
  schema: ContentTypeField[];
};

export type BlocksField = FieldCommon & {
  data_type: 'blocks';
  blocks: ModularBlock[];
};

export type ContentTypeField = ScalarField | ReferenceField | JsonField | GroupField | BlocksField;

export type ContentTypeOptions = {
  /** The field entries are titled by (always `title`) and the fields shown under it. */
  title?: string;
  sub_title?: string[];
  is_page: boolean;
  singleton: boolean;
  url_pattern?: string;
  url_prefix?: string;
};

export type ContentTypeDefinition = {
  uid: string;
  title: string;
  description: string;
  options: ContentTypeOptions;
  schema: ContentTypeField[];
};

/** Contentstack's 'Limitations of content types': display names and titles up to 200 characters, descriptions 255. */
const common = {
  uid: fieldUid,
  display_name: z.string().min(1).max(200),
  mandatory: z.boolean().optional(),
  multiple: z.boolean().optional(),
  unique: z.boolean().optional(),
  field_metadata: z.record(z.string(), z.unknown()).optional(),
};

const fieldsSchema: z.ZodType<ContentTypeField[]> = z.lazy(() => z.array(fieldSchema));

const fieldSchema: z.ZodType<ContentTypeField> = z.discriminatedUnion('data_type', [
  z.strictObject({
    ...common,
    data_type: z.enum(['text', 'number', 'boolean', 'isodate', 'link', 'file']),
    display_type: z.enum(['dropdown', 'radio', 'checkbox']).optional(),
    enum: z
      .strictObject({ advanced: z.boolean(), choices: z.array(z.strictObject({ value: z.string() })).min(1) })
      .optional(),
  }),
  z.strictObject({
    ...common,
    data_type: z.literal('reference'),
    reference_to: z.array(z.string().regex(CONTENT_TYPE_UID, 'must be a content type uid')).min(1),
  }),
  z.strictObject({ ...common, data_type: z.literal('json'), extension_uid: z.string().min(1).optional() }),
  z.strictObject({ ...common, data_type: z.literal('group'), schema: fieldsSchema }),
  z.strictObject({
    ...common,
    data_type: z.literal('blocks'),
    blocks: z.array(z.strictObject({ uid: fieldUid, title: z.string().min(1).max(200), schema: fieldsSchema })).min(1),
  }),
]);

const definitionSchema = z.strictObject({
  uid: z.string().regex(CONTENT_TYPE_UID, 'must be lowercase letters, digits and _, starting with a letter'),
  title: z.string().min(1).max(200),
  description: z.string().max(255).default(''),
  options: z
    .strictObject({
      title: z.string().optional(),
      sub_title: z.array(z.string()).optional(),
      is_page: z.boolean().default(false),
      singleton: z.boolean().default(false),
      url_pattern: z.string().optional(),
      url_prefix: z.string().optional(),
    })
    .prefault({}),
  schema: fieldsSchema,
});

/** A list of definitions: uids unique, and every reference names a type of the list. */
export const contentTypeDefinitionsSchema = z.array(definitionSchema).superRefine((definitions, ctx) => {
  const uids = new Set<string>();
  definitions.forEach((definition, index) => {
    if (uids.has(definition.uid)) {
      ctx.addIssue({ code: 'custom', path: [index, 'uid'], message: `'${definition.uid}' appears more than once` });
    }
    uids.add(definition.uid);
  });
  definitions.forEach((definition, index) => {
    for (const target of referencedContentTypes(definition)) {
      if (!uids.has(target)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'schema'],
          message: `refers to '${target}', which is not defined`,
        });
      }
    }
  });
});

function fieldsWithin(fields: readonly ContentTypeField[]): ContentTypeField[] {
  return fields.flatMap((field) => [
    field,
    ...(field.data_type === 'group' ? fieldsWithin(field.schema) : []),
    ...(field.data_type === 'blocks' ? field.blocks.flatMap((block) => fieldsWithin(block.schema)) : []),
  ]);
}

/** The content types a definition's reference fields point to, at any depth. */
export function referencedContentTypes(definition: ContentTypeDefinition): Set<string> {
  return new Set(
    fieldsWithin(definition.schema).flatMap((field) => (field.data_type === 'reference' ? field.reference_to : [])),
  );
}

/** Whether the definition has a JSON custom field, which needs an extension of the stack. */
export function hasJsonFields(definition: ContentTypeDefinition): boolean {
  return fieldsWithin(definition.schema).some((field) => field.data_type === 'json');
}

/**
 * The fields with every part changed by `change`, depth first; `change` answers the field to keep
 * (itself, or a changed copy) or undefined to drop it. Groups and blocks left empty are dropped.
 */
export function mapFields(
  fields: readonly ContentTypeField[],
  change: (field: ContentTypeField) => ContentTypeField | undefined,
): ContentTypeField[] {
  return fields.flatMap((field): ContentTypeField[] => {
    if (field.data_type === 'group') {
      const schema = mapFields(field.schema, change);
      return schema.length === 0 ? [] : [change({ ...field, schema }) ?? []].flat();
    }
    if (field.data_type === 'blocks') {
      const blocks = field.blocks
        .map((block) => ({ ...block, schema: mapFields(block.schema, change) }))
        .filter((block) => block.schema.length > 0);
      return blocks.length === 0 ? [] : [change({ ...field, blocks }) ?? []].flat();
    }
    return [change(field) ?? []].flat();
  });
}
