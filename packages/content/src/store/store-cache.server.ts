import { and, asc, eq } from 'drizzle-orm';
import { DEFAULT_LOCALE } from '@piste/core';
import type { Db } from '@piste/db';
import type { DeliveredAsset, DeliveredContentType, DeliveredEntry, DeliveredTaxonomy } from '../delivery/types';
import { contentAssets, contentEntries, contentState, contentTaxonomies, contentTypes } from '../schema/index';
import { byDefaultOrder, deepFreeze, toAsset, toEntry, type EntryRow } from './store-documents';

/** Entries of one content type in one locale (with or without fallback), in the default order. */
export interface EntrySet {
  entries: DeliveredEntry[];
  byUid: Map<string, DeliveredEntry>;
  /** Equality indexes by field path, built on first use: scalar key → positions in `entries`. */
  indexes: Map<string, Map<string, number[]>>;
}

/** Everything read at one store revision; a new revision starts an empty one. */
interface CacheState {
  revision: number;
  rows: Map<string, Promise<EntryRow[]>>;
  sets: Map<string, Promise<EntrySet>>;
  contentTypes?: Promise<Map<string, DeliveredContentType>>;
  assets?: Promise<DeliveredAsset[]>;
  taxonomies?: Promise<DeliveredTaxonomy[]>;
}

/** The documents of one store revision, each loaded on first use and then shared. */
export interface StoreSnapshot {
  entrySet(contentTypeUid: string, locale: string, fallback: boolean): Promise<EntrySet>;
  contentTypeMap(): Promise<Map<string, DeliveredContentType>>;
  assetList(): Promise<DeliveredAsset[]>;
  taxonomyList(): Promise<DeliveredTaxonomy[]>;
}

/**
 * The store's read cache: a content type's entries for a locale are loaded once into memory
 * (frozen, indexed on demand). `current()` first checks the store's revision, so a write by any
 * process (the seed, another instance) is seen on the next read.
 */
export function createStoreCache(db: Db, environment: string): { current(): Promise<StoreSnapshot> } {
  let cache: CacheState = { revision: -1, rows: new Map(), sets: new Map() };

  function entryRows(state: CacheState, contentTypeUid: string, locale: string): Promise<EntryRow[]> {
    const key = `${contentTypeUid}\n${locale}`;
    let rows = state.rows.get(key);
    if (!rows) {
      // A real promise: awaiting a Drizzle query object twice would run the query twice.
      rows = Promise.resolve(
        db
          .select({
            uid: contentEntries.uid,
            locale: contentEntries.locale,
            document: contentEntries.document,
            version: contentEntries.version,
            createdAt: contentEntries.createdAt,
            updatedAt: contentEntries.updatedAt,
          })
          .from(contentEntries)
          .where(and(eq(contentEntries.contentTypeUid, contentTypeUid), eq(contentEntries.locale, locale))),
      );
      state.rows.set(key, rows);
      rows.catch(() => state.rows.delete(key));
    }
    return rows;
  }

  function entrySet(state: CacheState, contentTypeUid: string, locale: string, fallback: boolean): Promise<EntrySet> {
    const withFallback = fallback && locale !== DEFAULT_LOCALE;
    const key = `${contentTypeUid}\n${locale}\n${withFallback}`;
    let set = state.sets.get(key);
    if (!set) {
      set = (async () => {
        const own = await entryRows(state, contentTypeUid, locale);
        const ownUids = new Set(own.map((row) => row.uid));
        const fallbacks = withFallback
          ? (await entryRows(state, contentTypeUid, DEFAULT_LOCALE)).filter((row) => !ownUids.has(row.uid))
          : [];
        const entries = deepFreeze(
          [...own, ...fallbacks].map((row) => toEntry(row, locale, environment)).sort(byDefaultOrder),
        );
        return { entries, byUid: new Map(entries.map((entry) => [entry.uid, entry])), indexes: new Map() };
      })();
      state.sets.set(key, set);
      set.catch(() => state.sets.delete(key));
    }
    return set;
  }

  function contentTypeMap(state: CacheState): Promise<Map<string, DeliveredContentType>> {
    state.contentTypes ??= db
      .select()
      .from(contentTypes)
      .orderBy(asc(contentTypes.uid))
      .then(
        (rows) =>
          new Map(
            rows.map((row) => [
              row.uid,
              deepFreeze({
                uid: row.uid,
                title: row.title,
                description: row.description,
                options: row.options,
                schema: row.schema as DeliveredContentType['schema'],
                created_at: row.createdAt.toISOString(),
                updated_at: row.updatedAt.toISOString(),
                _version: row.version,
              }),
            ]),
          ),
      );
    return state.contentTypes;
  }

  function assetList(state: CacheState): Promise<DeliveredAsset[]> {
    state.assets ??= db
      .select()
      .from(contentAssets)
      .then((rows) => deepFreeze(rows.map((row) => toAsset(row, environment)).sort(byDefaultOrder)));
    return state.assets;
  }

  function taxonomyList(state: CacheState): Promise<DeliveredTaxonomy[]> {
    state.taxonomies ??= db
      .select()
      .from(contentTaxonomies)
      .orderBy(asc(contentTaxonomies.uid))
      .then((rows) =>
        deepFreeze(
          rows.map((row) => ({
            uid: row.uid,
            name: row.name,
            description: row.description,
            terms: row.terms,
            created_at: row.createdAt.toISOString(),
            updated_at: row.updatedAt.toISOString(),
          })),
        ),
      );
    return state.taxonomies;
  }

  return {
    async current(): Promise<StoreSnapshot> {
      const [row] = await db
        .select({ revision: contentState.revision })
        .from(contentState)
        .where(eq(contentState.id, 1));
      const revision = row?.revision ?? 0;
      if (revision !== cache.revision) cache = { revision, rows: new Map(), sets: new Map() };
      const state = cache;
      return {
        entrySet: (contentTypeUid, locale, fallback) => entrySet(state, contentTypeUid, locale, fallback),
        contentTypeMap: () => contentTypeMap(state),
        assetList: () => assetList(state),
        taxonomyList: () => taxonomyList(state),
      };
    },
  };
}
