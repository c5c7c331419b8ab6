import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import type { ContentField } from '@piste/admin';

/** What the editor's form is built from: a JSON Schema for rjsf and its uiSchema. */
export interface EntryForm {
  schema: RJSFSchema;
  uiSchema: UiSchema;
}

/** The options the custom reference field reads from its uiSchema. */
export interface ReferenceOptions {
  types: string[];
  multiple: boolean;
}

const referenceTargets = (field: ContentField) =>
  Array.isArray(field.reference_to) ? field.reference_to : field.reference_to ? [field.reference_to] : [];

/** A banner's background JSON holds its hotspots (spec §3 'Hotspot'): edited by clicking on the image. */
const isHotspotField = (field: ContentField, parent: string | null) =>
  field.data_type === 'json' && field.uid === 'content' && parent === 'background';

/** One value of a field (an item, when the field is multiple). */
function valueSchema(field: ContentField, parent: string | null): EntryForm {
  const metadata = field.field_metadata ?? {};
  const description =
    typeof metadata.description === 'string' && metadata.description ? metadata.description : undefined;
  switch (field.data_type) {
    case 'text': {
      const choices = field.enum?.choices.map((choice) => choice.value);
      if (choices)
        return { schema: { type: 'string', enum: ['', ...choices] }, uiSchema: { 'ui:enumNames': ['—', ...choices] } };
      if (metadata.allow_rich_text === true) {
        return { schema: { type: 'string' }, uiSchema: { 'ui:widget': 'richText', 'ui:description': description } };
      }
      return {
        schema: { type: 'string' },
        uiSchema: metadata.multiline === true ? { 'ui:widget': 'textarea', 'ui:options': { rows: 4 } } : {},
      };
    }
    case 'isodate':
      return { schema: { type: 'string' }, uiSchema: { 'ui:placeholder': 'YYYY-MM-DD or 2026-03-01T08:00:00.000Z' } };
    case 'number':
      return { schema: { type: 'number' }, uiSchema: {} };
    case 'boolean':
      return { schema: { type: 'boolean' }, uiSchema: {} };
    case 'reference': {
      const options: ReferenceOptions = {
        types: referenceTargets(field),
        multiple: metadata.ref_multiple === true || field.multiple === true,
      };
      return {
        schema: {
          type: 'array',
          items: {
            type: 'object',
            properties: { uid: { type: 'string' }, _content_type_uid: { type: 'string' } },
          },
        },
        uiSchema: { 'ui:field': 'reference', 'ui:options': { ...options } },
      };
    }
    case 'group':
    case 'global_field': {
      const group = objectSchema(field.schema ?? [], field.uid);
      return group;
    }
    default:
      // JSON fields, modular blocks: edited as JSON text (or, for a banner, by clicking hotspots).
      return {
        // A JSON field may hold an object or a list.
        schema: field.data_type === 'blocks' ? { type: 'array' } : {},
        uiSchema: { 'ui:field': isHotspotField(field, parent) ? 'hotspots' : 'json' },
      };
  }
}

/** What one item of a list is called, for its "Add …" button: "Regions" gives "region". */
export function itemNameOf(title: string): string {
  const name = title.toLowerCase();
  if (name.endsWith('ies')) return `${name.slice(0, -3)}y`;
  if (name.endsWith('s') && !name.endsWith('ss')) return name.slice(0, -1);
  return name;
}

function fieldSchema(field: ContentField, parent: string | null): EntryForm {
  const one = valueSchema(field, parent);
  const title = field.display_name;
  // References and modular blocks are lists whatever `multiple` says.
  if (field.multiple && field.data_type !== 'reference' && field.data_type !== 'blocks') {
    return {
      schema: { type: 'array', title, items: one.schema },
      uiSchema: { items: one.uiSchema, 'ui:options': { orderable: true, itemName: itemNameOf(title) } },
    };
  }
  return { schema: { ...one.schema, title }, uiSchema: one.uiSchema };
}

function objectSchema(fields: readonly ContentField[], parent: string | null): EntryForm {
  const properties: Record<string, RJSFSchema> = {};
  const uiSchema: UiSchema = { 'ui:order': [...fields.map((field) => field.uid), '*'] };
  for (const field of fields) {
    const converted = fieldSchema(field, parent);
    properties[field.uid] = converted.schema;
    uiSchema[field.uid] = converted.uiSchema;
  }
  return {
    schema: {
      type: 'object',
      properties,
      // Top-level text only, as the server checks it (nested mandatory fields are not enforced on published entries).
      required:
        parent === null
          ? fields.filter((field) => field.mandatory && field.data_type === 'text').map((field) => field.uid)
          : [],
    },
    uiSchema,
  };
}

/**
 * The editor of a content type, from its Contentstack field schema: text (single line,
 * multi-line, dropdown), numbers, yes/no, dates, rich text (a textarea with a preview),
 * references (picked from a list), groups and multiple fields (lists), JSON and modular blocks
 * (JSON text), and a banner's hotspots (placed by clicking on the image). The server checks
 * everything again: its messages show at the fields.
 */
export function entryForm(fields: readonly ContentField[]): EntryForm {
  const form = objectSchema(fields, null);
  const properties = { ...form.schema.properties };
  const uiSchema: UiSchema = { ...form.uiSchema };
  // Every entry may carry tags, a system field no content type declares: a list of words.
  if (!fields.some((field) => field.uid === 'tags')) {
    properties.tags = { type: 'array', title: 'Tags', items: { type: 'string' } };
    uiSchema.tags = { 'ui:options': { orderable: false, itemName: 'tag' } };
  }
  // Other system fields of a delivered entry ride along untouched, and none are added here.
  return {
    schema: { ...form.schema, properties, additionalProperties: true },
    uiSchema: { ...uiSchema, 'ui:options': { expandable: false } },
  };
}

/** The server's `document.a.0.b` messages as rjsf's error schema (`{ a: { 0: { b: { __errors } } } }`). */
export function errorSchemaOf(fields: Record<string, string> | undefined): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(fields ?? {})) {
    const parts = path
      .replace(/^document\.?/, '')
      .split('.')
      .filter(Boolean);
    let node = root;
    for (const part of parts) node = (node[part] ??= {}) as Record<string, unknown>;
    ((node.__errors ??= []) as string[]).push(message);
  }
  return root as ErrorSchema;
}
