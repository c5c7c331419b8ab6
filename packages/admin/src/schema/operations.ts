import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp } from 'drizzle-orm/pg-core';
import { commerceSchema } from '@piste/commerce/server';
import { staff } from './staff';

/**
 * Stock history: every change of a product's or variant's level made outside checkout (the
 * back office, an import, a cancelled order's restock), with the level it left.
 */
export const stockAdjustments = pgTable(
  'stock_adjustments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => commerceSchema.products.id, { onDelete: 'cascade' }),
    /** Null when the product tracks stock as a whole. */
    variantId: integer('variant_id').references(() => commerceSchema.variants.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    levelAfter: integer('level_after').notNull(),
    /** `received`, `correction`, `damaged`, `import`, `order-cancelled`, … */
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    actor: text('actor').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('stock_adjustments_product_idx').on(table.productId, table.at.desc())],
);

/** Staff notes on an order; the customer never sees them. */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => commerceSchema.orders.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    actor: text('actor').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('order_notes_order_idx').on(table.orderId, table.createdAt)],
);

/** Money given back on an order, through the payment provider that took it. */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => commerceSchema.orders.id, { onDelete: 'cascade' }),
    amountMinor: integer('amount_minor').notNull(),
    /** The order lines and quantities refunded; empty for an amount not tied to lines. */
    lines: jsonb('lines').$type<{ order_line_id: number; quantity: number }[]>().notNull().default([]),
    reason: text('reason').notNull().default(''),
    /** The provider's id for the refund. */
    refundId: text('refund_id').notNull(),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    actor: text('actor').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('order_refunds_order_idx').on(table.orderId),
    check('order_refunds_amount_positive', sql`${table.amountMinor} > 0`),
  ],
);

/** Uploaded originals on the media service, with the focal point renditions crop around. */
export const mediaAssets = pgTable('media_assets', {
  /** The media id (path under MEDIA_DIR without extension), as product images and content name it. */
  mediaId: text('media_id').primaryKey(),
  fileName: text('file_name').notNull(),
  contentType: text('content_type').notNull(),
  bytes: integer('bytes').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  /** Focal point as fractions of width and height (0–1); null: the centre. */
  focalX: real('focal_x'),
  focalY: real('focal_y'),
  staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
  actor: text('actor').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Content drafts: the document a staff member is editing, per entry and locale, until it is
 * published (then it becomes the entry's next version) or discarded. `baseVersion` is the
 * published version the draft started from (0 for an entry not yet published).
 */
export const contentDrafts = pgTable(
  'content_drafts',
  {
    contentTypeUid: text('content_type_uid').notNull(),
    uid: text('uid').notNull(),
    locale: text('locale').notNull(),
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    baseVersion: integer('base_version').notNull(),
    /** Bumped by each save: a second editor's stale save is refused. */
    version: integer('version').notNull().default(1),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    actor: text('actor').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.contentTypeUid, table.uid, table.locale] })],
);

/** Every published version of an entry in a locale, for history and rollback. */
export const contentVersions = pgTable(
  'content_versions',
  {
    contentTypeUid: text('content_type_uid').notNull(),
    uid: text('uid').notNull(),
    locale: text('locale').notNull(),
    version: integer('version').notNull(),
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    actor: text('actor').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.contentTypeUid, table.uid, table.locale, table.version] })],
);
