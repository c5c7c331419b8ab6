import { referencedContentTypes, type ContentTypeDefinition } from '../content-type-definitions';

/**
 * The definitions in the order a stack can take them: each after the types it refers to, so
 * their reference fields name types that exist. A type in a cycle (such as `product`, whose
 * related products are products) comes after the rest of its cycle, in the list's order; the
 * command creates it without the references it cannot name yet and adds them afterwards.
 */
export function creationOrder(definitions: readonly ContentTypeDefinition[]): ContentTypeDefinition[] {
  const byUid = new Map(definitions.map((definition) => [definition.uid, definition]));
  const seen = new Set<string>();
  const order: ContentTypeDefinition[] = [];

  function visit(definition: ContentTypeDefinition) {
    if (seen.has(definition.uid)) return;
    seen.add(definition.uid);
    for (const target of referencedContentTypes(definition)) {
      const referenced = byUid.get(target);
      if (referenced) visit(referenced);
    }
    order.push(definition);
  }

  for (const definition of definitions) visit(definition);
  return order;
}
