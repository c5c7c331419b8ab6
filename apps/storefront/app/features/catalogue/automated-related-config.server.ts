import { resolvedReferences } from '@piste/content/server';
import type { AutomatedRelatedProductsEntry, ProductEntry } from '@piste/content';
import type { AttributeFilter } from '@piste/core';

type PriceListRegion = keyof ProductEntry['bc_products'];

/**
 * The commerce categories automated picks come from (spec §3 'Related-products config'): the
 * categories of the editors' config that the product is filed under, its own sub-category
 * first, each by its commerce id in the region. A category an editor leaves out of the config,
 * or marks as not for automated related products, gives no picks.
 */
export function automatedCategoryIds(
  config: Pick<AutomatedRelatedProductsEntry, 'categories'>,
  product: Pick<ProductEntry, 'product_category'>,
  region: PriceListRegion,
): number[] {
  const configured = new Map(
    config.categories.flatMap(({ category }) =>
      resolvedReferences(category)
        .filter((entry) => entry.automated_related_products !== false)
        .map((entry) => [entry.uid, entry.cat_ids_bc[region]] as const),
    ),
  );
  // A product references its top category, then its leaf (docs/content.md 'Seed files').
  const ids = [...product.product_category]
    .reverse()
    .map((category) => configured.get(category.uid))
    .filter((id): id is number => typeof id === 'number');
  return [...new Set(ids)];
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The attribute filters automated picks are matched with, closest first (spec §3
 * 'Related-products config' attributes and grouped_attributes; decision 017-e):
 *
 * 1. every configured attribute the product has, a group's other attributes only with the
 *    group's top-level attribute;
 * 2. the top-level attributes alone;
 * 3. none: any product of the category.
 *
 * A product's value of an attribute is the editors' (`product_attributes`), else its commerce
 * specification's.
 */
export function attributeTiers(
  config: Pick<AutomatedRelatedProductsEntry, 'attributes' | 'grouped_attributes'>,
  productAttributes: ProductEntry['product_attributes'],
  specifications: readonly { name: string; value: string }[],
): AttributeFilter[][] {
  const valuesOf = (attribute: string): string[] => {
    const edited = productAttributes.find((entry) => sameName(entry.attribute, attribute));
    if (edited && edited.values.length > 0) return edited.values;
    return specifications.filter((field) => sameName(field.name, attribute)).map((field) => field.value);
  };
  const filterFor = (attribute: string): AttributeFilter[] => {
    const values = valuesOf(attribute);
    return values.length > 0 ? [{ attribute, values }] : [];
  };
  const groups = config.grouped_attributes.map((group) => group.product_attributes);
  const subordinate = groups.flatMap((group) =>
    group.filter((member) => !member.top_level_attribute).map((member) => member.attribute_id),
  );
  const topLevel = unique([
    ...config.attributes.filter((attribute) => !subordinate.some((name) => sameName(name, attribute))),
    ...groups.flatMap((group) =>
      group.filter((member) => member.top_level_attribute).map((member) => member.attribute_id),
    ),
  ]);
  const topFilters = topLevel.flatMap(filterFor);
  const groupedFilters = groups.flatMap((group) => {
    const head = group.find((member) => member.top_level_attribute);
    if (!head || filterFor(head.attribute_id).length === 0) return [];
    return group.filter((member) => !member.top_level_attribute).flatMap((member) => filterFor(member.attribute_id));
  });
  const tiers = [[...topFilters, ...groupedFilters], topFilters, []];
  // A tier that asks no more than the next one would only repeat it.
  return tiers.filter((tier, index) => index === tiers.length - 1 || tier.length > (tiers[index + 1]?.length ?? 0));
}

function unique(names: string[]): string[] {
  return names.filter((name, index) => names.findIndex((other) => sameName(other, name)) === index);
}
