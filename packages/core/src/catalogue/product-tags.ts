/**
 * Spec §4 'Tags': "Kinds: sale, new, redesigned, each with EN, DE, ES, FR and IT
 * variants. Banner icons exist for best seller, coming soon and new."
 */
export const TAG_KINDS = ['sale', 'new', 'redesigned'] as const;
export type TagKind = (typeof TAG_KINDS)[number];

export const TAG_LANGUAGES = ['en', 'de', 'es', 'fr', 'it'] as const;
export type TagLanguage = (typeof TAG_LANGUAGES)[number];

/**
 * The words shops in each language print on a product badge.
 * - de "Sale": German retail uses the English word on badges.
 * - fr "Promo" and it "Offerta", not "Soldes"/"Saldi": in France and Italy those
 *   words mean the legally regulated seasonal sales, while a sale tag is shown
 *   all year round on any discounted product.
 */
export const TAG_LABELS: Readonly<Record<TagKind, Readonly<Record<TagLanguage, string>>>> = {
  sale: { en: 'Sale', de: 'Sale', es: 'Oferta', fr: 'Promo', it: 'Offerta' },
  new: { en: 'New', de: 'Neu', es: 'Nuevo', fr: 'Nouveau', it: 'Nuovo' },
  redesigned: { en: 'Redesigned', de: 'Neu gestaltet', es: 'Rediseñado', fr: 'Redessiné', it: 'Ridisegnato' },
};

/** Spec §4 'Tags': "Banner icons exist for best seller, coming soon and new." */
export const BANNER_ICON_KINDS = ['best-seller', 'coming-soon', 'new'] as const;
export type BannerIconKind = (typeof BANNER_ICON_KINDS)[number];

export interface ProductTagInput {
  onSale?: boolean;
  isNew?: boolean;
  isRedesigned?: boolean;
  /** The viewer is a pro customer. */
  isPro?: boolean;
  /** The viewer is an employee: like a pro, they see their own price, never a sale (docs/accounts.md). */
  isEmployee?: boolean;
  /** The card sits in an add-on product grid. */
  isAddOnGrid?: boolean;
}

/**
 * The one tag a product card shows, or null. Spec §4 'Tags':
 * - "Add-on grids show no tag."
 * - "Pro customers never see the sale tag" (also §6). Employees neither: the spec is silent
 *   on them, and their employee price is what they pay, so a sale tag beside it would
 *   contradict it (docs/accounts.md 'Employees and sales').
 * - "The sale tag takes priority over new."
 * - "Redesigned shows only when not new and without a sale tag."
 *
 * For a pro customer (or an employee) the sale is invisible, so the product is tagged as if it
 * were not on sale: on sale and new shows 'new', on sale and redesigned shows
 * 'redesigned' (the sale tag is not shown, so it does not suppress redesigned).
 */
export function productTag({
  onSale,
  isNew,
  isRedesigned,
  isPro,
  isEmployee,
  isAddOnGrid,
}: ProductTagInput): TagKind | null {
  if (isAddOnGrid) return null;
  if (onSale && !isPro && !isEmployee) return 'sale';
  if (isNew) return 'new';
  if (isRedesigned) return 'redesigned';
  return null;
}

/**
 * The tag's label in a language. Accepts a bare language or a locale/content
 * locale ("de", "de-de", "en-us", "FR"); any language without its own label
 * (e.g. ja, sv) falls back to English.
 */
export function tagLabel(kind: TagKind, language: string | null | undefined): string {
  const primary = (language ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  const labels = TAG_LABELS[kind];
  return isTagLanguage(primary) ? labels[primary] : labels.en;
}

function isTagLanguage(value: string): value is TagLanguage {
  return (TAG_LANGUAGES as readonly string[]).includes(value);
}
