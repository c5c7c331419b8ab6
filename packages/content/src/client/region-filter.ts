import { isListedInRegion } from '@piste/core';
import type { Reference, ReferenceField, Regional, SystemFields } from '../entry-types';

/** The entries shown in a content region: those whose `regions` include it (an empty list means none). */
export function inRegion<T extends Regional>(entries: readonly T[], ctsRegion: string): T[] {
  return entries.filter((entry) => isListedInRegion(entry, ctsRegion));
}

/**
 * The entries of a reference field that `include[]` resolved. A reference left as
 * `{ uid, _content_type_uid }` (not included, or unpublished in the locale) has nothing to show.
 */
export function resolvedReferences<T extends SystemFields>(field: ReferenceField<T> | undefined): T[] {
  return (field ?? []).filter((item: Reference | T): item is T => 'locale' in item);
}
