/** What a grid needs to know about a product card (spec §3 'Content product'). */
export interface GridProductCandidate {
  title?: string | null;
  url?: string | null;
  bcProduct?: unknown;
}

/**
 * Spec §5: "A product is shown in a grid only if it has title, url and
 * bcProduct." A blank title or url counts as missing; bcProduct must be present
 * (not null or undefined).
 */
export function isShowableInGrid<T extends GridProductCandidate>(
  product: T,
): product is T & { title: string; url: string; bcProduct: NonNullable<T['bcProduct']> } {
  return hasText(product.title) && hasText(product.url) && product.bcProduct != null;
}

/** A manually chosen related product as content stores it (spec §3 'Error page content' products[]). */
export interface ManualRelatedProductCandidate {
  title?: string | null;
  url?: string | null;
  regions?: readonly string[] | null;
  bc_products?: Readonly<Record<string, number | null | undefined>> | null;
}

export interface CurrentRegions {
  /** The content region (locale state ctsRegion). */
  ctsRegion: string;
  /** The commerce region (x-bc-region). */
  bcRegion: string;
}

/** An entry that names the content regions it shows in (spec §3 `regions`). */
export interface RegionalCandidate {
  regions?: readonly string[] | null;
}

/**
 * Spec §5: an entry shows only in the content regions its `regions` list includes; a missing or
 * empty list means none. Store-side queries filter the same field (`{ regions: ctsRegion }`).
 */
export function isListedInRegion(entry: RegionalCandidate, ctsRegion: string): boolean {
  return Array.isArray(entry.regions) && entry.regions.includes(ctsRegion);
}

/** The commerce product a content product names for a commerce region: a positive integer id, else null. */
export function commerceIdIn(
  product: Pick<ManualRelatedProductCandidate, 'bc_products'>,
  bcRegion: string,
): number | null {
  const commerceId = product.bc_products?.[bcRegion];
  return typeof commerceId === 'number' && Number.isInteger(commerceId) && commerceId > 0 ? commerceId : null;
}

/**
 * Spec §4 'Related list' and §5: a content product is shown in a region only when its regions
 * list includes the content region and it names a commerce product for the commerce region.
 */
export function isShownInRegion(
  product: Pick<ManualRelatedProductCandidate, 'regions' | 'bc_products'>,
  { ctsRegion, bcRegion }: CurrentRegions,
): boolean {
  return isListedInRegion(product, ctsRegion) && commerceIdIn(product, bcRegion) !== null;
}

/**
 * Spec §5: "A manual related product is valid only if it has title, url, a
 * regions list including the current content region, and a commerce-product
 * entry for the current commerce region." The entry must be a commerce product
 * id: a positive integer (null, 0 or a non-integer is no entry).
 */
export function isValidManualRelatedProduct(product: ManualRelatedProductCandidate, regions: CurrentRegions): boolean {
  return hasText(product.title) && hasText(product.url) && isShownInRegion(product, regions);
}

function hasText(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}
