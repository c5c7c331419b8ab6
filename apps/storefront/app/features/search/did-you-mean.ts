/** Below this many product results a search "finds very little" and a respelling is worth offering. */
export const FEW_RESULTS = 3;

/** A query as compared: Unicode-normalised, lower case, single spaces. */
export function normaliseQuery(query: string): string {
  return query.normalize('NFKC').toLocaleLowerCase().trim().replace(/\s+/g, ' ');
}

/**
 * The "Did you mean …?" offer for a query that found nothing or very little: the engine's first
 * suggestion, unless it only completes what the shopper typed (then it is no correction).
 */
export function didYouMean(query: string, productResults: number, suggestions: readonly string[]): string | null {
  const typed = normaliseQuery(query);
  const [first] = suggestions;
  if (typed === '' || productResults >= FEW_RESULTS || first === undefined) return null;
  const suggestion = normaliseQuery(first);
  if (suggestion === '' || suggestion.startsWith(typed)) return null;
  return suggestion;
}
