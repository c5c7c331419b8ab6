import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { DEFAULT_LOCALE } from '@piste/core';
import type { Db, SeedTx } from '@piste/db';
import {
  contentAssets,
  contentDeletions,
  contentEntries,
  contentState,
  contentTaxonomies,
  contentTypes,
} from '../schema/index';
import type { ContentSnapshot } from './content-store-contract';

/** A database handle or a transaction (seed steps write inside theirs). */
export type ContentWriter = Db | SeedTx;

/** Keeps each INSERT well under the 65,535 bind parameters Postgres allows. */
const ROWS_PER_STATEMENT = 500;

function chunks<T>(rows: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    result.push(rows.slice(start, start + ROWS_PER_STATEMENT));
  }
  return result;
}

/**
 * Bumps the store's revision. Taking this row lock first makes concurrent writers wait for
 * each other, so publish sequence numbers become visible in order (the sync API relies on it).
 */
async function bumpRevision(tx: ContentWriter): Promise<void> {
  await tx
    .insert(contentState)
    .values({ id: 1, revision: 1 })
    .onConflictDoUpdate({ target: contentState.id, set: { revision: sql`${contentState.revision} + 1` } });
}

async function upsert(tx: ContentWriter, content: Partial<ContentSnapshot>): Promise<void> {
  for (const rows of chunks(content.contentTypes ?? [])) {
    await tx
      .insert(contentTypes)
      .values(rows)
      .onConflictDoUpdate({
        target: contentTypes.uid,
        set: {
          title: sql`excluded.title`,
          description: sql`excluded.description`,
          options: sql`excluded.options`,
          schema: sql`excluded.schema`,
          version: sql`${contentTypes.version} + 1`,
          updatedAt: sql`now()`,
        },
        setWhere: sql`(${contentTypes.title}, ${contentTypes.description}, ${contentTypes.options}, ${contentTypes.schema})
          is distinct from (excluded.title, excluded.description, excluded.options, excluded.schema)`,
      });
  }
  // An unchanged document keeps its version, timestamps and publish position, so re-loading
  // the same seed publishes nothing and a sync reports only what really changed.
  for (const rows of chunks(content.entries ?? [])) {
    await tx
      .insert(contentEntries)
      .values(rows)
      .onConflictDoUpdate({
        target: [contentEntries.contentTypeUid, contentEntries.uid, contentEntries.locale],
        set: {
          document: sql`excluded.document`,
          version: sql`${contentEntries.version} + 1`,
          publishSeq: sql`nextval('content_publish_seq')`,
          updatedAt: sql`now()`,
        },
        setWhere: sql`${contentEntries.document} is distinct from excluded.document`,
      });
  }
  for (const rows of chunks(content.assets ?? [])) {
    await tx
      .insert(contentAssets)
      .values(rows)
      .onConflictDoUpdate({
        target: contentAssets.uid,
        set: {
          document: sql`excluded.document`,
          version: sql`${contentAssets.version} + 1`,
          publishSeq: sql`nextval('content_publish_seq')`,
          updatedAt: sql`now()`,
        },
        setWhere: sql`${contentAssets.document} is distinct from excluded.document`,
      });
  }
  for (const rows of chunks(content.taxonomies ?? [])) {
    await tx
      .insert(contentTaxonomies)
      .values(rows)
      .onConflictDoUpdate({
        target: contentTaxonomies.uid,
        set: {
          name: sql`excluded.name`,
          description: sql`excluded.description`,
          terms: sql`excluded.terms`,
          updatedAt: sql`now()`,
        },
        setWhere: sql`(${contentTaxonomies.name}, ${contentTaxonomies.description}, ${contentTaxonomies.terms})
          is distinct from (excluded.name, excluded.description, excluded.terms)`,
      });
  }
}

/** Publishes (inserts or updates) the given items and leaves everything else as it is. */
export async function publishContent(tx: ContentWriter, content: Partial<ContentSnapshot>): Promise<void> {
  await bumpRevision(tx);
  // The database announces the publish to every instance's caches and search index as it commits.
  await upsert(tx, content);
}

/**
 * Makes the store hold exactly `snapshot`: publishes what is new or changed and deletes the
 * rest, recording each deleted entry and asset so a later sync reports it.
 */
export async function replaceContent(tx: ContentWriter, snapshot: ContentSnapshot): Promise<void> {
  await publishContent(tx, snapshot);

  const wantedEntries = new Set(
    snapshot.entries.map((entry) => `${entry.contentTypeUid}\n${entry.uid}\n${entry.locale}`),
  );
  const staleEntries = (
    await tx
      .select({ contentTypeUid: contentEntries.contentTypeUid, uid: contentEntries.uid, locale: contentEntries.locale })
      .from(contentEntries)
  ).filter((row) => !wantedEntries.has(`${row.contentTypeUid}\n${row.uid}\n${row.locale}`));
  const byTypeAndLocale = new Map<string, typeof staleEntries>();
  for (const row of staleEntries) {
    const key = `${row.contentTypeUid}\n${row.locale}`;
    const group = byTypeAndLocale.get(key);
    if (group) group.push(row);
    else byTypeAndLocale.set(key, [row]);
  }
  for (const rows of byTypeAndLocale.values()) {
    const { contentTypeUid, locale } = rows[0]!;
    for (const chunk of chunks(rows)) {
      await tx.delete(contentEntries).where(
        and(
          eq(contentEntries.contentTypeUid, contentTypeUid),
          eq(contentEntries.locale, locale),
          inArray(
            contentEntries.uid,
            chunk.map((row) => row.uid),
          ),
        ),
      );
    }
  }
  for (const rows of chunks(staleEntries)) {
    await tx.insert(contentDeletions).values(rows.map((row) => ({ kind: 'entry' as const, ...row })));
  }

  const wantedAssets = snapshot.assets.map((asset) => asset.uid);
  const staleAssets = await tx
    .delete(contentAssets)
    .where(notInArray(contentAssets.uid, wantedAssets))
    .returning({ uid: contentAssets.uid });
  for (const rows of chunks(staleAssets)) {
    await tx.insert(contentDeletions).values(
      rows.map((row) => ({
        kind: 'asset' as const,
        contentTypeUid: 'sys_assets',
        uid: row.uid,
        locale: DEFAULT_LOCALE,
      })),
    );
  }

  await tx.delete(contentTypes).where(
    notInArray(
      contentTypes.uid,
      snapshot.contentTypes.map((type) => type.uid),
    ),
  );
  await tx.delete(contentTaxonomies).where(
    notInArray(
      contentTaxonomies.uid,
      snapshot.taxonomies.map((taxonomy) => taxonomy.uid),
    ),
  );
}
