import { CONTENT_SURROGATE_KEY, localeSurrogateKey, PAGE_SURROGATE_KEY, productSurrogateKey } from '@piste/core';
import type { SearchChange } from '@piste/db';

/** The tags every page starts with, before its loaders add what they show. */
export function pageSurrogateKeys(locale: string): Set<string> {
  return new Set([PAGE_SURROGATE_KEY, CONTENT_SURROGATE_KEY, localeSurrogateKey(locale)]);
}

/** The `Surrogate-Key` header's value: tags separated by spaces, as Fastly-style CDNs read it. */
export const surrogateKeyHeader = (tags: Iterable<string>) => [...tags].join(' ');

/** The tags a committed change makes stale, or `all` for a rebuild (cache-clearing.ts). */
export function staleTagsOf(change: SearchChange): string[] | 'all' {
  if (change.rebuild === true) return 'all';
  const tags = (change.products ?? []).map(productSurrogateKey);
  if (change.content === true) tags.push(CONTENT_SURROGATE_KEY);
  return tags;
}
