import {
  type CurrentRegions,
  type ManualRelatedProductCandidate,
  isValidManualRelatedProduct,
} from './product-visibility';

/** Spec §9 'Related products and grids': "Related products default count is 8 in the related list and 4 in the uid-based variant." */
export const RELATED_PRODUCTS_DEFAULT_COUNT = 8;
export const RELATED_PRODUCTS_UID_VARIANT_COUNT = 4;

/** Spec §9: "Add-on list id is add_on_products." */
export const ADD_ON_LIST_ID = 'add_on_products';

/** Spec §9 'Hotspots, banners and labels': "Default list heading 'Related Products'." */
export const DEFAULT_RELATED_HEADING = 'Related Products';

/** Related products are told apart by their content uid. */
export interface RelatedProductRef {
  uid: string;
}

export interface PickRelatedProductsInput<
  M extends ManualRelatedProductCandidate & RelatedProductRef,
  A extends RelatedProductRef,
> extends CurrentRegions {
  /** Editor-chosen products, in the editor's order. Invalid ones (spec §5) are skipped. */
  manual?: readonly M[] | null;
  /** Automated candidates, one list per related category. */
  automatedByCategory?: readonly (readonly A[])[] | null;
  /**
   * Automated candidates in tiers, each one list per related category: a tier is drawn from
   * only when the ones before it are used up (the closest matches first). Replaces
   * `automatedByCategory` when given.
   */
  automatedByTier?: readonly (readonly (readonly A[])[])[] | null;
  /** How many products the list shows; RELATED_PRODUCTS_DEFAULT_COUNT unless given. */
  target?: number;
  /** Brand settings automate_related_products. */
  automationEnabled: boolean;
  /** A source of numbers in [0, 1); Math.random unless given (tests pass a fixed sequence). */
  random?: () => number;
}

/**
 * The related products a list shows, at most `target`.
 *
 * 1. Valid manual products first, in their order, without repeated uids (spec §5
 *    'A manual related product is valid only if …').
 * 2. Spec §9: "Automated picks are filled randomly across categories, skipping
 *    duplicates, after manual products. They are added only if automation is
 *    enabled and the manual count is below the target." Categories take turns in
 *    their order; each turn draws one random product from that category among
 *    those not already picked. A category with nothing left is passed over, and
 *    filling stops at the target or when every category is used up. With tiers, the next
 *    tier's categories take over when the previous tier's are used up.
 */
export function pickRelatedProducts<
  M extends ManualRelatedProductCandidate & RelatedProductRef,
  A extends RelatedProductRef,
>({
  manual,
  automatedByCategory,
  automatedByTier,
  target = RELATED_PRODUCTS_DEFAULT_COUNT,
  automationEnabled,
  random = Math.random,
  ctsRegion,
  bcRegion,
}: PickRelatedProductsInput<M, A>): (M | A)[] {
  const limit = Number.isFinite(target) ? Math.max(0, Math.floor(target)) : 0;
  const picked: (M | A)[] = [];
  const pickedUids = new Set<string>();
  const add = (product: M | A) => {
    picked.push(product);
    pickedUids.add(product.uid);
  };

  for (const product of manual ?? []) {
    if (picked.length >= limit) break;
    if (!pickedUids.has(product.uid) && isValidManualRelatedProduct(product, { ctsRegion, bcRegion })) add(product);
  }
  if (!automationEnabled || picked.length >= limit) return picked;

  for (const tier of automatedByTier ?? [automatedByCategory ?? []]) {
    const pools = tier.map((category) => [...category]);
    while (picked.length < limit) {
      let drewAny = false;
      for (const pool of pools) {
        if (picked.length >= limit) break;
        const remaining = pool.filter((product) => !pickedUids.has(product.uid));
        if (remaining.length === 0) {
          pool.length = 0;
          continue;
        }
        const choice = remaining[randomIndex(remaining.length, random)];
        if (choice === undefined) continue;
        pool.splice(pool.indexOf(choice), 1);
        add(choice);
        drewAny = true;
      }
      if (!drewAny) break;
    }
  }
  return picked;
}

/** An index in [0, length) from a random number, clamped against sources that stray outside [0, 1). */
function randomIndex(length: number, random: () => number): number {
  const value = random();
  const index = Number.isFinite(value) ? Math.floor(value * length) : 0;
  return Math.min(length - 1, Math.max(0, index));
}

/** A product attribute and the values a related product must have one of. */
export interface AttributeFilter {
  attribute: string;
  values: readonly string[];
}

const normalise = (text: string) => text.trim().toLowerCase();

/**
 * Whether a product's attributes (name/value pairs, such as commerce custom fields) pass every
 * filter, case-insensitively; a filter without values only asks that the attribute exists.
 */
export function matchesAttributes(
  fields: readonly { name: string; value: string }[],
  filters: readonly AttributeFilter[],
): boolean {
  return filters.every(({ attribute, values }) =>
    fields.some(
      (field) =>
        normalise(field.name) === normalise(attribute) &&
        (values.length === 0 || values.some((value) => normalise(value) === normalise(field.value))),
    ),
  );
}
