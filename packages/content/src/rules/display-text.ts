import type { DisplayTextEntry, DuplicateDisplayTextEntry, Reference } from '../entry-types';

/** Looks up the shop's UI wording by title. */
export type DisplayText = (title: string) => string;

function key(title: string): string {
  return title.trim().toLowerCase();
}

function isResolved(reference: Reference | DisplayTextEntry): reference is DisplayTextEntry {
  return typeof (reference as Partial<DisplayTextEntry>).text === 'string';
}

/**
 * Spec §3 'Display text entry': "Lookup is case-insensitive on the trimmed title, and the title is
 * the fallback. Duplicate display text entries reference other entries through display_text_input
 * items." A duplicate's title gets the text of its first reference that has one; references that
 * were not included are resolved through `entries` by uid. An entry with an empty text counts as
 * missing (an untranslated wording), so its title shows. Where two entries share a title the
 * first wins, and a display text wins over a duplicate of the same title.
 */
export function createDisplayText(
  entries: readonly DisplayTextEntry[],
  duplicates: readonly DuplicateDisplayTextEntry[] = [],
): DisplayText {
  const texts = new Map<string, string>();
  const byUid = new Map<string, string>();
  for (const entry of entries) {
    if (entry.text.trim() === '') continue;
    if (!texts.has(key(entry.title))) texts.set(key(entry.title), entry.text);
    if (!byUid.has(entry.uid)) byUid.set(entry.uid, entry.text);
  }
  for (const duplicate of duplicates) {
    if (texts.has(key(duplicate.title))) continue;
    const text = duplicate.display_text_input
      .map((reference) => (isResolved(reference) ? reference.text : byUid.get(reference.uid)))
      .find((candidate) => candidate !== undefined && candidate.trim() !== '');
    if (text !== undefined) texts.set(key(duplicate.title), text);
  }
  return (title) => texts.get(key(title)) ?? title;
}
