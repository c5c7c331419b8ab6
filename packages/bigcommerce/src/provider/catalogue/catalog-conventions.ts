/**
 * What the shop reads from BigCommerce records that have no field for it
 * (docs/providers/bigcommerce.md 'Catalogue'), and the embedded engine's stock rules.
 */

/** Custom fields named `_piste_…` carry our flags; they are not product attributes and never shown. */
const FLAG_PREFIX = '_piste_';
const NEW_FLAG = `${FLAG_PREFIX}is_new`;
const REDESIGNED_FLAG = `${FLAG_PREFIX}is_redesigned`;

export function isFlagField(field: { name: string }): boolean {
  return field.name.startsWith(FLAG_PREFIX);
}

/** The spec's "new" and "redesigned" badges, from the product's flag fields. */
export function productFlags(fields: readonly { name: string; value: string }[] = []): {
  isNew: boolean;
  isRedesigned: boolean;
} {
  const on = (name: string) =>
    fields.some((field) => field.name === name && field.value.trim().toLowerCase() === 'true');
  return { isNew: on(NEW_FLAG), isRedesigned: on(REDESIGNED_FLAG) };
}

/**
 * Our media id of a BigCommerce image: the name the file was uploaded with. BigCommerce keeps it
 * in `image_file` and in its CDN URLs as `…/{name}__{digits}.{ext}`, so both give the same id:
 * `p/101/horizon-goggle-1__10101.jpg` → `horizon-goggle-1`.
 */
export function mediaIdOf(fileOrUrl: string): string {
  const name = fileOrUrl.split('?')[0]!.split('/').pop() ?? '';
  return name.replace(/\.[a-z0-9]+$/i, '').replace(/__\d+$/, '');
}

type Tracking = 'none' | 'product' | 'variant';

/** Whether a shopper can buy the variant now, by how the product tracks stock (the embedded engine's rule). */
export function variantInStock(
  product: { inventory_tracking: Tracking; inventory_level: number },
  variant: { purchasing_disabled: boolean; inventory_level: number },
): boolean {
  if (variant.purchasing_disabled) return false;
  if (product.inventory_tracking === 'none') return true;
  if (product.inventory_tracking === 'product') return product.inventory_level > 0;
  return variant.inventory_level > 0;
}

/** The product's stock: its own, the sum of its variants', or 0 when untracked. */
export function productInventoryLevel(
  product: { inventory_tracking: Tracking; inventory_level: number },
  variants: readonly { inventory_level: number }[],
): number {
  if (product.inventory_tracking === 'variant')
    return variants.reduce((sum, variant) => sum + variant.inventory_level, 0);
  return product.inventory_tracking === 'product' ? product.inventory_level : 0;
}

/** Whether a product can be bought now, as category pages and the search index decide it (the embedded rule). */
export function productInStock(
  product: { inventory_tracking: Tracking; inventory_level: number },
  variants: readonly { purchasing_disabled: boolean; inventory_level: number }[],
): boolean {
  if (product.inventory_tracking === 'none') return true;
  if (product.inventory_tracking === 'product') return product.inventory_level > 0;
  return variants.some((variant) => variant.inventory_level > 0 && !variant.purchasing_disabled);
}
