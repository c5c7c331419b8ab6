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

/**
 * Spec §5: "A manual related product is valid only if it has title, url, a
 * regions list including the current content region, and a commerce-product
 * entry for the current commerce region." The entry must be a commerce product
 * id: a positive integer (null, 0 or a non-integer is no entry).
 */
export function isValidManualRelatedProduct(
  product: ManualRelatedProductCandidate,
  { ctsRegion, bcRegion }: CurrentRegions,
): boolean {
  if (!hasText(product.title) || !hasText(product.url)) return false;
  if (!Array.isArray(product.regions) || !product.regions.includes(ctsRegion)) return false;
  const commerceId = product.bc_products?.[bcRegion];
  return typeof commerceId === 'number' && Number.isInteger(commerceId) && commerceId > 0;
}

function hasText(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}
