/** Spec §9 'Product cards and swatches': "More than 6 colour swatches show a +N link on desktop, more than 4 on mobile." */
export const SWATCH_LIMITS = Object.freeze({ desktop: 6, mobile: 4 });

export interface VisibleSwatches<T> {
  /** The swatches drawn, in their original order. */
  shown: T[];
  /** How many are left out: the N of the "+N" link, 0 when there is no link. */
  overflow: number;
}

/**
 * Which swatches a product card draws. With more colours than the limit (6 on
 * desktop, 4 on mobile) it shows the first `limit` and a "+N" link for the rest;
 * at or below the limit it shows them all.
 */
export function visibleSwatches<T>(
  colours: readonly T[],
  { mobile = false }: { mobile?: boolean } = {},
): VisibleSwatches<T> {
  const limit = mobile ? SWATCH_LIMITS.mobile : SWATCH_LIMITS.desktop;
  if (colours.length <= limit) return { shown: [...colours], overflow: 0 };
  return { shown: colours.slice(0, limit), overflow: colours.length - limit };
}

/** Spec §5: "Colour swatches from content appear only when there is more than one colour." */
export function showContentSwatches(colourCount: number): boolean {
  return colourCount > 1;
}

/**
 * The colour query value a product card puts on its link. Spec §2 'Link
 * building': "Product cards link to the product page and pass the selected
 * colour (lowercased) as the colour query parameter." Locale-independent
 * lowercasing (not toLocaleLowerCase) so server and browser agree; surrounding
 * spaces are trimmed.
 */
export function colourQueryValue(label: string): string {
  return label.trim().toLowerCase();
}
