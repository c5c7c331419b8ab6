/**
 * What the shop reads from BigCommerce records that have no field for it
 * (docs/providers/bigcommerce.md 'Catalogue').
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
