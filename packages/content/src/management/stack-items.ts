import {
  globalFieldsOf,
  type ContentTypeDefinition,
  type ContentTypeField,
  type GlobalFieldDefinition,
} from '../content-type-definitions';

/**
 * What the command puts in a stack: our content types and the global fields they use, each
 * named `kind:uid` by what it needs to exist first.
 */
export type StackItem =
  | { kind: 'content_type'; definition: ContentTypeDefinition }
  | { kind: 'global_field'; definition: GlobalFieldDefinition };

export type StackItemKind = StackItem['kind'];

export const itemKey = (kind: StackItemKind, uid: string) => `${kind}:${uid}`;

/** `content_type:product` → `content type product`, for the command's report. */
export const itemLabel = (key: string) => key.replace('_', ' ').replace(':', ' ');

/**
 * The content types a schema's references name and the global fields it uses, as item keys. A
 * global field's own fields are its needs, not those of the types that use it.
 */
export function needsOf(fields: readonly ContentTypeField[]): Set<string> {
  const needs = new Set<string>();
  const walk = (list: readonly ContentTypeField[]) => {
    for (const field of list) {
      if (field.data_type === 'reference') field.reference_to.forEach((uid) => needs.add(itemKey('content_type', uid)));
      else if (field.data_type === 'global_field') needs.add(itemKey('global_field', field.reference_to));
      else if (field.data_type === 'group') walk(field.schema);
      else if (field.data_type === 'blocks') field.blocks.forEach((block) => walk(block.schema));
    }
  };
  walk(fields);
  return needs;
}

/**
 * Our items in an order a stack can take them: each after what it needs, so its references name
 * types that exist (header after top alerts and navigation, the landing page modules after
 * banners and products). An item in a cycle (such as `product`, whose related products are
 * products) comes after the rest of its cycle; the command sends it first without what it
 * cannot name yet and adds that afterwards.
 */
export function stackItemsInOrder(definitions: readonly ContentTypeDefinition[]): StackItem[] {
  const items: StackItem[] = [
    ...globalFieldsOf(definitions).map((definition) => ({ kind: 'global_field' as const, definition })),
    ...definitions.map((definition) => ({ kind: 'content_type' as const, definition })),
  ];
  const byKey = new Map(items.map((item) => [itemKey(item.kind, item.definition.uid), item]));
  const seen = new Set<string>();
  const order: StackItem[] = [];

  function visit(item: StackItem) {
    const key = itemKey(item.kind, item.definition.uid);
    if (seen.has(key)) return;
    seen.add(key);
    for (const need of needsOf(item.definition.schema)) {
      const needed = byKey.get(need);
      if (needed) visit(needed);
    }
    order.push(item);
  }

  for (const item of items) visit(item);
  return order;
}
