import { TEXT_FIELD_WEIGHTS, type SearchDocument, type TextField } from '../search-document';

/** A field's App Search type; `text[]` is a text field holding a list (any element matches). */
export type FieldKind = 'text' | 'text[]' | 'number' | 'date';
export type SchemaField = keyof SearchDocument;

/** The engine schema: every SearchDocument field (`id` included). The mapped type keeps it complete. */
const FIELD_KINDS: { readonly [Field in SchemaField]-?: FieldKind } = {
  id: 'text',
  type: 'text',
  uid: 'text',
  stack: 'text',
  environment: 'text',
  locale: 'text',
  regions: 'text[]',
  title: 'text',
  display_title: 'text',
  tagline: 'text',
  description: 'text',
  category: 'text',
  category_path: 'text',
  colours: 'text[]',
  sizes: 'text[]',
  price_us: 'number',
  price_ca: 'number',
  price_eu_region_1: 'number',
  in_stock: 'text',
  tags: 'text[]',
  url: 'text',
  image: 'text',
  updated_at: 'date',
};

export const SCHEMA_FIELDS = Object.keys(FIELD_KINDS) as SchemaField[];
export const SEARCHABLE_FIELDS = Object.keys(TEXT_FIELD_WEIGHTS) as TextField[];

/** The field's kind, or undefined for a name outside the schema (`__proto__` included). */
export function fieldKind(name: string): FieldKind | undefined {
  return Object.hasOwn(FIELD_KINDS, name) ? FIELD_KINDS[name as SchemaField] : undefined;
}

export function isTextKind(kind: FieldKind): boolean {
  return kind === 'text' || kind === 'text[]';
}

export function isSearchableField(name: string): name is TextField {
  return Object.hasOwn(TEXT_FIELD_WEIGHTS, name);
}
