import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * One counter for every publish and delete, so the sync API (docs/content.md) can page
 * through entries, assets and deletions in a single order.
 */
export const contentPublishSeq = pgSequence('content_publish_seq');

const publishSeq = bigint('publish_seq', { mode: 'number' })
  .notNull()
  .default(sql`nextval('content_publish_seq')`);

/**
 * The store's revision: every write bumps it first, which serializes writers (so publish
 * sequence numbers commit in order) and tells readers when their in-memory cache is stale.
 */
export const contentState = pgTable('content_state', {
  id: integer('id').primaryKey().default(1),
  revision: bigint('revision', { mode: 'number' }).notNull(),
});

/** Content types: Contentstack's `{ uid, title, description, options, schema }`. */
export const contentTypes = pgTable('content_types', {
  uid: text('uid').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  options: jsonb('options').$type<Record<string, unknown>>().notNull(),
  schema: jsonb('schema').$type<Array<Record<string, unknown>>>().notNull(),
  version: integer('version').notNull().default(1),
  ...timestamps,
});

/**
 * Entries: one JSON document (every field but the system fields) per content type, uid and
 * locale. A locale without its own row falls back to en-us when the request asks for it.
 */
export const contentEntries = pgTable(
  'content_entries',
  {
    contentTypeUid: text('content_type_uid')
      .notNull()
      .references(() => contentTypes.uid, { onDelete: 'cascade' }),
    uid: text('uid').notNull(),
    locale: text('locale').notNull(),
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    version: integer('version').notNull().default(1),
    publishSeq,
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.contentTypeUid, table.uid, table.locale] }),
    index('content_entries_type_locale_idx').on(table.contentTypeUid, table.locale),
    uniqueIndex('content_entries_publish_seq_idx').on(table.publishSeq),
  ],
);

/** Assets (files on the media service), one locale; `document` holds title, filename, url, … */
export const contentAssets = pgTable(
  'content_assets',
  {
    uid: text('uid').primaryKey(),
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    version: integer('version').notNull().default(1),
    publishSeq,
    ...timestamps,
  },
  (table) => [uniqueIndex('content_assets_publish_seq_idx').on(table.publishSeq)],
);

/** Entries and assets removed from the store, so a sync from an older token reports them. */
export const contentDeletions = pgTable('content_deletions', {
  seq: bigint('seq', { mode: 'number' })
    .primaryKey()
    .default(sql`nextval('content_publish_seq')`),
  kind: text('kind', { enum: ['entry', 'asset'] }).notNull(),
  /** The entry's content type; `sys_assets` for assets, as Contentstack's sync names them. */
  contentTypeUid: text('content_type_uid').notNull(),
  uid: text('uid').notNull(),
  locale: text('locale').notNull(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
});

export interface TaxonomyTerm {
  uid: string;
  name: string;
  [key: string]: unknown;
}

export const contentTaxonomies = pgTable('content_taxonomies', {
  uid: text('uid').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  terms: jsonb('terms').$type<TaxonomyTerm[]>().notNull(),
  ...timestamps,
});
