/** A title that is the query: what the shopper most likely wants, above any BM25 difference. */
const EXACT_TITLE_BOOST = 4;
/** A title containing the whole query as a phrase ('mips helmet' in 'Vanta MIPS Helmet'). */
const TITLE_PHRASE_BOOST = 2;
/** Something the shopper can buy now, ahead of an otherwise equal out-of-stock product. */
const IN_STOCK_BOOST = 1.25;

/**
 * The factor a text match's BM25 score is multiplied by. Titles and queries are compared as
 * their words' stems between spaces (' vanta mips helmet '), so 'Helmets' equals 'helmet'.
 */
export function relevanceBoost(titleKey: string, inStock: boolean, queryKey: string): number {
  const stock = inStock ? IN_STOCK_BOOST : 1;
  if (titleKey === queryKey) return stock * EXACT_TITLE_BOOST;
  if (titleKey.includes(queryKey)) return stock * TITLE_PHRASE_BOOST;
  return stock;
}

/** The key relevanceBoost compares: stems between spaces. */
export function stemKey(stems: readonly string[]): string {
  return ` ${stems.join(' ')} `;
}
