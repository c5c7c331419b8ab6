import { and, asc, count, eq, gt, lte, max, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '@piste/db';
import { contentAssets, contentDeletions, contentEntries } from '../schema/index';
import type { ContentSyncReads, SyncCursor } from './content-store-contract';
import { toAsset, toEntry } from './store-documents';

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

const ENTRY_COLUMNS = {
  seq: contentEntries.publishSeq,
  contentTypeUid: contentEntries.contentTypeUid,
  locale: contentEntries.locale,
};
const ASSET_COLUMNS = { seq: contentAssets.publishSeq };
const DELETION_COLUMNS = {
  seq: contentDeletions.seq,
  contentTypeUid: contentDeletions.contentTypeUid,
  locale: contentDeletions.locale,
};

/** The sync API's reads straight from the tables: publishes and deletions by publish sequence. */
export function createSyncReads(db: Db, environment: string): ContentSyncReads {
  /** Up to `limit + 1` items after the cursor from each table, merged in publish order. */
  async function itemsAfter(cursor: SyncCursor, limit: number) {
    const withAssets = !cursor.contentTypeUid;
    const withDeletions = !cursor.init;
    const [entryRows, assetRows, deletionRows] = await Promise.all([
      db
        .select()
        .from(contentEntries)
        .where(syncConditions(cursor, ENTRY_COLUMNS, cursor.after))
        .orderBy(asc(contentEntries.publishSeq))
        .limit(limit + 1),
      withAssets
        ? db
            .select()
            .from(contentAssets)
            .where(syncConditions(cursor, ASSET_COLUMNS, cursor.after))
            .orderBy(asc(contentAssets.publishSeq))
            .limit(limit + 1)
        : [],
      withDeletions
        ? db
            .select()
            .from(contentDeletions)
            .where(syncConditions(cursor, DELETION_COLUMNS, cursor.after))
            .orderBy(asc(contentDeletions.seq))
            .limit(limit + 1)
        : [],
    ]);
    return [
      ...entryRows.map((row) => ({
        seq: row.publishSeq,
        item: {
          type: 'entry_published' as const,
          event_at: row.updatedAt.toISOString(),
          content_type_uid: row.contentTypeUid,
          data: toEntry(row, row.locale, environment),
        },
      })),
      ...assetRows.map((row) => ({
        seq: row.publishSeq,
        item: {
          type: 'asset_published' as const,
          event_at: row.updatedAt.toISOString(),
          content_type_uid: 'sys_assets',
          data: toAsset(row, environment),
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
  }

  /** How many items the whole sync (from, upTo] holds. */
  async function totalCount(cursor: SyncCursor): Promise<number> {
    const withAssets = !cursor.contentTypeUid;
    const withDeletions = !cursor.init;
    const counted = await Promise.all([
      db
        .select({ n: count() })
        .from(contentEntries)
        .where(syncConditions(cursor, ENTRY_COLUMNS, cursor.from)),
      withAssets
        ? db
            .select({ n: count() })
            .from(contentAssets)
            .where(syncConditions(cursor, ASSET_COLUMNS, cursor.from))
        : [{ n: 0 }],
      withDeletions
        ? db
            .select({ n: count() })
            .from(contentDeletions)
            .where(syncConditions(cursor, DELETION_COLUMNS, cursor.from))
        : [{ n: 0 }],
    ]);
    return counted.reduce((sum, [row]) => sum + Number(row?.n ?? 0), 0);
  }

  return {
    async latestSeq() {
      const [entries] = await db.select({ seq: max(contentEntries.publishSeq) }).from(contentEntries);
      const [assets] = await db.select({ seq: max(contentAssets.publishSeq) }).from(contentAssets);
      const [deletions] = await db.select({ seq: max(contentDeletions.seq) }).from(contentDeletions);
      return Math.max(Number(entries?.seq ?? 0), Number(assets?.seq ?? 0), Number(deletions?.seq ?? 0));
    },

    async syncPage(cursor, limit) {
      const merged = await itemsAfter(cursor, limit);
      const page = merged.slice(0, limit);
      const total = await totalCount(cursor);
      const more = merged.length > limit;
      return {
        items: page.map((row) => row.item),
        totalCount: total,
        ...(more ? { next: { ...cursor, after: page.at(-1)!.seq } } : {}),
      };
    },
  };
}
