import type {
  HiddenProductAttributesEntry,
  ManageProductAttributesEntry,
  ProductAttributeValuesEntry,
} from '../entry-types';

const normalise = (text: string) => text.trim().toLowerCase();

/**
 * A product's specifications as the product page lists them (spec §3 'Other content types
 * read': hidden product attributes, product-attribute sorting): hidden names removed, then the
 * rest in the order of `spec_titles`; names it does not list keep their own order after them.
 * Names compare case-insensitively on their trimmed text.
 */
export function visibleSpecs<Spec extends { name: string }>(
  specs: readonly Spec[],
  hidden: Pick<HiddenProductAttributesEntry, 'attributes'> | null,
  sorting: Pick<ManageProductAttributesEntry, 'spec_titles'> | null,
): Spec[] {
  const hiddenNames = new Set((hidden?.attributes ?? []).map(normalise));
  const rank = new Map((sorting?.spec_titles ?? []).map((title, index) => [normalise(title), index] as const));
  return specs
    .filter((spec) => !hiddenNames.has(normalise(spec.name)))
    .map((spec, index) => ({ spec, index, rank: rank.get(normalise(spec.name)) ?? Number.POSITIVE_INFINITY }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ spec }) => spec);
}

/**
 * An attribute's option values in the editors' order (`attribute_option_sorting`), e.g. sizes
 * XS before S before M; values the sorting does not name keep their order after the named ones.
 */
export function sortAttributeOptions(
  attribute: string,
  options: readonly string[],
  sorting: Pick<ManageProductAttributesEntry, 'attribute_option_sorting'> | null,
): string[] {
  const order = sorting?.attribute_option_sorting.find((entry) => normalise(entry.attribute) === normalise(attribute));
  if (!order) return [...options];
  const rank = new Map(order.options.map((option, index) => [normalise(option), index] as const));
  return options
    .map((option, index) => ({ option, index, rank: rank.get(normalise(option)) ?? Number.POSITIVE_INFINITY }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ option }) => option);
}

/**
 * Spec §7 'product ... falling back to the default en-us entry': the wording of a specification
 * value in the shopper's language, from the locale's `product_attribute_values` entries; a value
 * they do not name (or a locale without them) reads as the commerce product writes it.
 * Attribute names and values compare case-insensitively on their trimmed text, as facets do.
 */
export function createAttributeValueLabel(
  entries: readonly Pick<ProductAttributeValuesEntry, 'title' | 'values'>[],
): (attribute: string, value: string) => string {
  const byAttribute = new Map<string, Map<string, string>>();
  for (const entry of entries) {
    const labels = byAttribute.get(normalise(entry.title)) ?? new Map<string, string>();
    for (const [value, label] of Object.entries(entry.values ?? {})) {
      if (typeof label === 'string' && label.trim()) labels.set(normalise(value), label);
    }
    byAttribute.set(normalise(entry.title), labels);
  }
  return (attribute, value) => byAttribute.get(normalise(attribute))?.get(normalise(value)) ?? value;
}
