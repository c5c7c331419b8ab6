/**
 * Whether two lists hold the very same entries in the same order. The content client hands
 * back the same entry objects while its cache holds them, so what was built from a list can be
 * reused until this says the list changed.
 */
export function sameEntries(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((entry, index) => entry === b[index]);
}
