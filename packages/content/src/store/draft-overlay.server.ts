import { DEFAULT_LOCALE } from '@piste/core';
import type { EntryInput } from './content-store-contract';
import type { EntrySet, StoreSnapshot } from './store-cache.server';
import { byDefaultOrder, deepFreeze, toEntry } from './store-documents';

/**
 * A store snapshot with one unpublished draft in place of its entry, for a storefront preview
 * (docs/admin/content.md 'Preview'). The draft shows wherever its entry would: read directly, in
 * lists and queries, and as a referenced entry; in its own locale, and in every locale that
 * falls back to it when the draft is en-us. Nothing is written: other requests never see it.
 */
export function overlayDraft(snapshot: StoreSnapshot, draft: EntryInput, environment: string): StoreSnapshot {
  const overlaid = new Map<string, Promise<EntrySet>>();

  async function withDraft(contentTypeUid: string, locale: string, fallback: boolean): Promise<EntrySet> {
    const base = await snapshot.entrySet(contentTypeUid, locale, fallback);
    const existing = base.byUid.get(draft.uid);
    const shown =
      draft.locale === locale ||
      (fallback && draft.locale === DEFAULT_LOCALE && (existing === undefined || existing.locale !== locale));
    if (!shown) return base;
    const now = new Date();
    const entry = toEntry(
      {
        uid: draft.uid,
        locale: draft.locale,
        document: draft.document,
        version: (existing?._version ?? 0) + 1,
        createdAt: existing ? new Date(existing.created_at) : now,
        updatedAt: now,
      },
      locale,
      environment,
    );
    const entries = deepFreeze(
      [...base.entries.filter((other) => other.uid !== draft.uid), entry].sort(byDefaultOrder),
    );
    return { entries, byUid: new Map(entries.map((item) => [item.uid, item])), indexes: new Map() };
  }

  return {
    ...snapshot,
    entrySet(contentTypeUid, locale, fallback) {
      if (contentTypeUid !== draft.contentTypeUid) return snapshot.entrySet(contentTypeUid, locale, fallback);
      const key = `${locale}\n${fallback}`;
      let set = overlaid.get(key);
      if (!set) overlaid.set(key, (set = withDraft(contentTypeUid, locale, fallback)));
      return set;
    },
  };
}
