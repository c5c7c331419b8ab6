import { and, asc, count, eq, gt, lte, max, type AnyColumn, type SQL } from 'drizzle-orm';
import { DEFAULT_LOCALE } from '@piste/core';
import type { Db } from '@piste/db';
import type {
  DeliveredAsset,
  DeliveredContentType,
  DeliveredEntry,
  DeliveredTaxonomy,
  SyncItem,
} from '../delivery/types';
import {
  contentAssets,
  contentDeletions,
  contentEntries,
  contentState,
  contentTaxonomies,
  contentTypes,
} from '../schema/index';
import { publishContent, replaceContent, type ContentSnapshot } from './content-writes.server';
import {
  compareByField,
  matchesFilter,
  requiredEqualities,
  scalarKey,
  valuesAt,
  type EntryFilter,
} from './entry-query';
import { shapeEntry, MAX_INCLUDED_REFERENCES, type EntryShape } from './entry-shape';

/** `$regex` steps one request may spend (a few hundred milliseconds at most). */
const REGEX_BUDGET = 20_000_000;

export interface EntryReadOptions extends EntryShape {
  locale: string;
  /** Answer the en-us entry for a uid without an entry in `locale` (spec §7). */
  fallback: boolean;
}

export interface EntryListOptions extends EntryReadOptions {
  filter?: EntryFilter;
  sort?: { path: string; direction: 'asc' | 'desc' };
  limit: number;
  skip: number;
}

export interface AssetListOptions {
  filter?: EntryFilter;
  limit: number;
  skip: number;
}

/**
 * Where a sync stands: items with a publish sequence in (after, upTo] are still to come, and
 * (from, upTo] is the whole sync, for its total. `init` syncs the current state; a later sync
 * also reports deletions.
 */
export interface SyncCursor {
  init: boolean;
  from: number;
  after: number;
  upTo: number;
  contentTypeUid?: string;
  locale?: string;
}

export interface SyncPage {
  items: SyncItem[];
  totalCount: number;
  /** Where the next page starts; absent on the last page. */
  next?: SyncCursor;
}

/** Entries of one content type in one locale (with or without fallback), in the default order. */
interface EntrySet {
  entries: DeliveredEntry[];
  byUid: Map<string, DeliveredEntry>;
  /** Equality indexes by field path, built on first use: scalar key → positions in `entries`. */
  indexes: Map<string, Map<string, number[]>>;
}

interface EntryRow {
  uid: string;
  locale: string;
  document: Record<string, unknown>;
  version: number;
  createdAt: Date;
  updatedAt: Date;
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

/** Cached answers are shared between requests and callers, so nobody may change them. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** Newest first (updated_at), then by uid: Contentstack's default order, made stable. */
function byDefaultOrder(left: { updated_at: string; uid: string }, right: { updated_at: string; uid: string }) {
  if (left.updated_at !== right.updated_at) return left.updated_at < right.updated_at ? 1 : -1;
  return left.uid < right.uid ? -1 : left.uid > right.uid ? 1 : 0;
}

/**
 * The embedded content service's store. Documents live as JSONB rows; reads load a content
 * type's entries for a locale once into memory (frozen, indexed on demand) and answer queries
 * there. Every read first checks the store's revision, so a write by any process (the seed,
 * another instance) is seen on the next read. See docs/decisions/007-content-store.md.
 */
export function createContentStore(db: Db, options: { environment: string }) {
  const { environment } = options;
  let cache: CacheState = { revision: -1, rows: new Map(), sets: new Map() };

  async function current(): Promise<CacheState> {
    const [row] = await db.select({ revision: contentState.revision }).from(contentState).where(eq(contentState.id, 1));
    const revision = row?.revision ?? 0;
    if (revision !== cache.revision) cache = { revision, rows: new Map(), sets: new Map() };
    return cache;
  }

  function publishDetails(locale: string, time: string) {
    return { environment, locale, time };
  }

  function toEntry(row: EntryRow, requestedLocale: string): DeliveredEntry {
    const updatedAt = row.updatedAt.toISOString();
    return {
      tags: [],
      ...row.document,
      uid: row.uid,
      locale: row.locale,
      title: typeof row.document.title === 'string' ? row.document.title : '',
      created_at: row.createdAt.toISOString(),
      updated_at: updatedAt,
      _version: row.version,
      publish_details: publishDetails(requestedLocale, updatedAt),
    };
  }

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
        const entries = deepFreeze([...own, ...fallbacks].map((row) => toEntry(row, locale)).sort(byDefaultOrder));
        return { entries, byUid: new Map(entries.map((entry) => [entry.uid, entry])), indexes: new Map() };
      })();
      state.sets.set(key, set);
      set.catch(() => state.sets.delete(key));
    }
    return set;
  }

  /** The entries that can match `filter`: an index lookup when it requires equalities, else all. */
  function candidates(set: EntrySet, filter: EntryFilter): DeliveredEntry[] {
    let best: number[] | undefined;
    for (const { path, values } of requiredEqualities(filter)) {
      let index = set.indexes.get(path);
      if (!index) {
        index = new Map();
        const segments = path.split('.');
        set.entries.forEach((entry, position) => {
          for (const value of new Set(valuesAt(entry, segments).values)) {
            const key = scalarKey(value);
            if (key === undefined) continue;
            const positions = index!.get(key);
            if (positions) positions.push(position);
            else index!.set(key, [position]);
          }
        });
        set.indexes.set(path, index);
      }
      const positions = [...new Set(values.flatMap((value) => index.get(scalarKey(value)!) ?? []))];
      if (!best || positions.length < best.length) best = positions;
    }
    if (!best) return set.entries;
    return best.sort((left, right) => left - right).map((position) => set.entries[position]!);
  }

  async function contentTypeMap(state: CacheState): Promise<Map<string, DeliveredContentType>> {
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

  function toAsset(row: {
    uid: string;
    document: Record<string, unknown>;
    version: number;
    createdAt: Date;
    updatedAt: Date;
  }): DeliveredAsset {
    const updatedAt = row.updatedAt.toISOString();
    return {
      tags: [],
      ...(row.document as Pick<DeliveredAsset, 'title' | 'filename' | 'content_type' | 'url'>),
      uid: row.uid,
      created_at: row.createdAt.toISOString(),
      updated_at: updatedAt,
      _version: row.version,
      publish_details: publishDetails(DEFAULT_LOCALE, updatedAt),
    };
  }

  function assetList(state: CacheState): Promise<DeliveredAsset[]> {
    state.assets ??= db
      .select()
      .from(contentAssets)
      .then((rows) => deepFreeze(rows.map(toAsset).sort(byDefaultOrder)));
    return state.assets;
  }

  async function shapeAll(entries: DeliveredEntry[], options: EntryReadOptions, state: CacheState) {
    const budget = { remaining: MAX_INCLUDED_REFERENCES };
    const lookup = async (contentTypeUid: string, uid: string) =>
      (await entrySet(state, contentTypeUid, options.locale, true)).byUid.get(uid);
    return Promise.all(
      entries.map(async (entry) => (await shapeEntry(entry, options, lookup, budget)) as DeliveredEntry),
    );
  }

  /** Range and filters of a sync cursor for one table's sequence column. */
  function syncConditions(
    cursor: SyncCursor,
    columns: { seq: AnyColumn; contentTypeUid?: AnyColumn; locale?: AnyColumn },
    fromSeq: number,
  ): SQL | undefined {
    return and(
      gt(columns.seq, fromSeq),
      lte(columns.seq, cursor.upTo),
      cursor.contentTypeUid && columns.contentTypeUid ? eq(columns.contentTypeUid, cursor.contentTypeUid) : undefined,
      cursor.locale && columns.locale ? eq(columns.locale, cursor.locale) : undefined,
    );
  }

  /** Entries by uid in the order asked, each once; uids without an entry are left out. */
  async function getEntries(contentTypeUid: string, uids: readonly string[], options: EntryReadOptions) {
    const state = await current();
    const set = await entrySet(state, contentTypeUid, options.locale, options.fallback);
    const found = [...new Set(uids)].flatMap((uid) => set.byUid.get(uid) ?? []);
    return shapeAll(found, options, state);
  }

  return {
    environment,

    async listContentTypes(): Promise<DeliveredContentType[]> {
      return [...(await contentTypeMap(await current())).values()];
    },

    async getContentType(uid: string): Promise<DeliveredContentType | undefined> {
      return (await contentTypeMap(await current())).get(uid);
    },

    /** A page of a content type's entries and how many match in all; throws RegexBudgetExceeded or ReferenceLimitExceeded. */
    async findEntries(contentTypeUid: string, options: EntryListOptions) {
      const state = await current();
      const set = await entrySet(state, contentTypeUid, options.locale, options.fallback);
      const { filter, sort } = options;
      const budget = { remaining: REGEX_BUDGET };
      let matches = filter
        ? candidates(set, filter).filter((entry) => matchesFilter(entry, filter, budget))
        : set.entries;
      if (sort) matches = [...matches].sort(compareByField(sort.path.split('.'), sort.direction));
      const page = matches.slice(options.skip, options.skip + options.limit);
      return { entries: await shapeAll(page, options, state), count: matches.length };
    },

    getEntries,

    async getEntry(
      contentTypeUid: string,
      uid: string,
      options: EntryReadOptions,
    ): Promise<DeliveredEntry | undefined> {
      const [entry] = await getEntries(contentTypeUid, [uid], options);
      return entry;
    },

    async findAssets(options: AssetListOptions) {
      const assets = await assetList(await current());
      const { filter } = options;
      const budget = { remaining: REGEX_BUDGET };
      const matches = filter ? assets.filter((asset) => matchesFilter(asset, filter, budget)) : assets;
      return { assets: matches.slice(options.skip, options.skip + options.limit), count: matches.length };
    },

    async getAsset(uid: string): Promise<DeliveredAsset | undefined> {
      return (await assetList(await current())).find((asset) => asset.uid === uid);
    },

    async listTaxonomies(): Promise<DeliveredTaxonomy[]> {
      const state = await current();
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
    },

    /** The newest publish or delete committed: where a sync started now ends. */
    async latestSeq(): Promise<number> {
      const [entries] = await db.select({ seq: max(contentEntries.publishSeq) }).from(contentEntries);
      const [assets] = await db.select({ seq: max(contentAssets.publishSeq) }).from(contentAssets);
      const [deletions] = await db.select({ seq: max(contentDeletions.seq) }).from(contentDeletions);
      return Math.max(Number(entries?.seq ?? 0), Number(assets?.seq ?? 0), Number(deletions?.seq ?? 0));
    },

    /** One page (at most `limit` items) of a sync, in publish order. */
    async syncPage(cursor: SyncCursor, limit: number): Promise<SyncPage> {
      const entryColumns = {
        seq: contentEntries.publishSeq,
        contentTypeUid: contentEntries.contentTypeUid,
        locale: contentEntries.locale,
      };
      const withAssets = !cursor.contentTypeUid;
      const withDeletions = !cursor.init;
      const deletionColumns = {
        seq: contentDeletions.seq,
        contentTypeUid: contentDeletions.contentTypeUid,
        locale: contentDeletions.locale,
      };

      const [entryRows, assetRows, deletionRows] = await Promise.all([
        db
          .select()
          .from(contentEntries)
          .where(syncConditions(cursor, entryColumns, cursor.after))
          .orderBy(asc(contentEntries.publishSeq))
          .limit(limit + 1),
        withAssets
          ? db
              .select()
              .from(contentAssets)
              .where(syncConditions(cursor, { seq: contentAssets.publishSeq }, cursor.after))
              .orderBy(asc(contentAssets.publishSeq))
              .limit(limit + 1)
          : [],
        withDeletions
          ? db
              .select()
              .from(contentDeletions)
              .where(syncConditions(cursor, deletionColumns, cursor.after))
              .orderBy(asc(contentDeletions.seq))
              .limit(limit + 1)
          : [],
      ]);
      const merged = [
        ...entryRows.map((row) => ({
          seq: row.publishSeq,
          item: {
            type: 'entry_published' as const,
            event_at: row.updatedAt.toISOString(),
            content_type_uid: row.contentTypeUid,
            data: toEntry(row, row.locale),
          },
        })),
        ...assetRows.map((row) => ({
          seq: row.publishSeq,
          item: {
            type: 'asset_published' as const,
            event_at: row.updatedAt.toISOString(),
            content_type_uid: 'sys_assets',
            data: toAsset(row),
          },
        })),
        ...deletionRows.map((row) => ({
          seq: row.seq,
          item: {
            type: row.kind === 'entry' ? ('entry_deleted' as const) : ('asset_deleted' as const),
            event_at: row.deletedAt.toISOString(),
            content_type_uid: row.contentTypeUid,
            data: { uid: row.uid, locale: row.locale },
          },
        })),
      ].sort((left, right) => left.seq - right.seq);
      const page = merged.slice(0, limit);

      const counted = await Promise.all([
        db
          .select({ n: count() })
          .from(contentEntries)
          .where(syncConditions(cursor, entryColumns, cursor.from)),
        withAssets
          ? db
              .select({ n: count() })
              .from(contentAssets)
              .where(syncConditions(cursor, { seq: contentAssets.publishSeq }, cursor.from))
          : [{ n: 0 }],
        withDeletions
          ? db
              .select({ n: count() })
              .from(contentDeletions)
              .where(syncConditions(cursor, deletionColumns, cursor.from))
          : [{ n: 0 }],
      ]);
      const totalCount = counted.reduce((sum, [row]) => sum + Number(row?.n ?? 0), 0);
      const more = merged.length > limit;
      return {
        items: page.map((row) => row.item),
        totalCount,
        ...(more ? { next: { ...cursor, after: page.at(-1)!.seq } } : {}),
      };
    },

    /** Publishes (inserts or updates) the given items; the rest stays. */
    publish(content: Partial<ContentSnapshot>): Promise<void> {
      return db.transaction((tx) => publishContent(tx, content));
    },

    /** Makes the store hold exactly `snapshot`, recording deletions for sync. */
    replace(snapshot: ContentSnapshot): Promise<void> {
      return db.transaction((tx) => replaceContent(tx, snapshot));
    },
  };
}

export type ContentStore = ReturnType<typeof createContentStore>;
