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

/**
 * A global field: a set of fields defined once in the stack (its uid is `reference_to`) and used
 * by content types. It holds what a group cannot, such as modular blocks.
 */
export type GlobalFieldUse = FieldCommon & {
  data_type: 'global_field';
  reference_to: string;
  /** Its fields: written out in our definitions, as Contentstack's content type answers show them; left out when sent. */
  schema?: ContentTypeField[];
};

export type ContentTypeField = ScalarField | ReferenceField | JsonField | GroupField | BlocksField | GlobalFieldUse;

/** A global field as the stack keeps it. */
export type GlobalFieldDefinition = {
  uid: string;
  title: string;
  description: string;
  schema: ContentTypeField[];
};

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
    data_type: z.literal('global_field'),
    reference_to: z.string().regex(CONTENT_TYPE_UID, 'must be a global field uid'),
    schema: fieldsSchema,
  }),
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

/**
 * Where a definition's fields break a rule of Contentstack's: "You cannot add a Modular Blocks
 * field within a Group field"
 * (https://www.contentstack.com/docs/developers/create-content-types/modular-blocks).
 */
function nestingProblems(fields: readonly ContentTypeField[], path: string, inGroup: boolean): string[] {
  return fields.flatMap((field) => {
    const at = `${path}${field.uid}`;
    if (field.data_type === 'blocks') {
      return [
        ...(inGroup ? [`${at}: a modular blocks field cannot sit in a group (use a global field)`] : []),
        ...field.blocks.flatMap((block) => nestingProblems(block.schema, `${at}.${block.uid}.`, false)),
      ];
    }
    if (field.data_type === 'group') return nestingProblems(field.schema, `${at}.`, true);
    if (field.data_type === 'global_field') return nestingProblems(field.schema ?? [], `${at}.`, false);
    return [];
  });
}

/**
 * A list of definitions: uids unique, every reference names a type of the list, modular blocks
 * outside groups, and every use of a global field with the same fields.
 */
export const contentTypeDefinitionsSchema = z.array(definitionSchema).superRefine((definitions, ctx) => {
  const uids = new Set<string>();
  const globalFields = new Map<string, string>();
  definitions.forEach((definition, index) => {
    const problem = (message: string) => ctx.addIssue({ code: 'custom', path: [index, 'schema'], message });
    if (uids.has(definition.uid)) {
      ctx.addIssue({ code: 'custom', path: [index, 'uid'], message: `'${definition.uid}' appears more than once` });
    }
    uids.add(definition.uid);
    nestingProblems(definition.schema, '', false).forEach(problem);
    for (const use of globalFieldUses(definition.schema)) {
      const fields = JSON.stringify(use.schema);
      if ((globalFields.get(use.reference_to) ?? fields) !== fields) {
        problem(`${use.uid}: global field '${use.reference_to}' has other fields where it is used before`);
      }
      globalFields.set(use.reference_to, fields);
    }
  });
  definitions.forEach((definition, index) => {
    for (const target of referencedContentTypes(definition.schema)) {
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

/** Every field, at any depth (into groups, blocks and global fields). */
function fieldsWithin(fields: readonly ContentTypeField[]): ContentTypeField[] {
  return fields.flatMap((field) => [
    field,
    ...(field.data_type === 'group' || field.data_type === 'global_field' ? fieldsWithin(field.schema ?? []) : []),
    ...(field.data_type === 'blocks' ? field.blocks.flatMap((block) => fieldsWithin(block.schema)) : []),
  ]);
}

function globalFieldUses(fields: readonly ContentTypeField[]): GlobalFieldUse[] {
  return fieldsWithin(fields).filter((field) => field.data_type === 'global_field');
}

/** The content types the fields' references point to, at any depth. */
export function referencedContentTypes(fields: readonly ContentTypeField[]): Set<string> {
  return new Set(fieldsWithin(fields).flatMap((field) => (field.data_type === 'reference' ? field.reference_to : [])));
}

/** The global fields the definitions use, each once, titled by its first use's display name. */
export function globalFieldsOf(definitions: readonly ContentTypeDefinition[]): GlobalFieldDefinition[] {
  const found = new Map<string, GlobalFieldDefinition>();
  for (const use of definitions.flatMap((definition) => globalFieldUses(definition.schema))) {
    if (!found.has(use.reference_to)) {
      found.set(use.reference_to, {
        uid: use.reference_to,
        title: use.display_name,
        description: '',
        schema: use.schema ?? [],
      });
    }
  }
  return [...found.values()];
}

/** Whether the fields hold a JSON custom field, which needs an extension of the stack. */
export function hasJsonFields(fields: readonly ContentTypeField[]): boolean {
  return fieldsWithin(fields).some((field) => field.data_type === 'json');
}

/**
 * The fields with every part changed by `change`, depth first (a global field's own fields are
 * the stack's, not the content type's, and are left alone); `change` answers the field to keep
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
