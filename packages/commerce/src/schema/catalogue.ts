import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, serial } from 'drizzle-orm/pg-core';
import { currencies, regions, timestamps } from './regions';

/** Category tree: bindings, helmets, goggles, accessories and their children (spec §9). */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Url path from the root, e.g. `goggles/spherical`: the storefront's /c/{uid...}. */
    path: text('path').notNull().unique(),
    sortOrder: integer('sort_order').notNull().default(0),
    isVisible: boolean('is_visible').notNull().default(true),
    ...timestamps,
  },
  (table) => [index('categories_parent_idx').on(table.parentId)],
);

export const brands = pgTable('brands', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  ...timestamps,
});

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    /** Url slug shared with the content product (its uid). */
    uid: text('uid').notNull().unique(),
    name: text('name').notNull(),
    sku: text('sku').notNull().unique(),
    description: text('description').notNull().default(''),
    brandId: integer('brand_id').references(() => brands.id),
    weightGrams: integer('weight_grams').notNull().default(0),
    inventoryTracking: text('inventory_tracking', { enum: ['none', 'product', 'variant'] }).notNull(),
    /** Stock when tracked per product; variants carry their own when tracked per variant. */
    inventoryLevel: integer('inventory_level').notNull().default(0),
    isVisible: boolean('is_visible').notNull().default(true),
    isNew: boolean('is_new').notNull().default(false),
    isRedesigned: boolean('is_redesigned').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Bumped by each back-office edit: a second editor's stale save is refused (docs/admin.md). */
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (table) => [
    index('products_visible_sort_idx').on(table.isVisible, table.sortOrder, table.id),
    // The back office's product list sorts by name and by last change.
    index('products_name_idx').on(table.name, table.id),
    index('products_updated_idx').on(table.updatedAt, table.id),
  ],
);

export const productCategories = pgTable(
  'product_categories',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.categoryId] }),
    index('product_categories_category_idx').on(table.categoryId, table.productId),
  ],
);

/** Colour (swatch) and Size (rectangles) options of a product. */
export const productOptions = pgTable(
  'product_options',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    displayName: text('display_name').notNull(),
    type: text('type', { enum: ['swatch', 'rectangles'] }).notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [index('product_options_product_idx').on(table.productId)],
);

export const optionValues = pgTable(
  'option_values',
  {
    id: serial('id').primaryKey(),
    optionId: integer('option_id')
      .notNull()
      .references(() => productOptions.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Swatch colours (#rrggbb) for Colour values. */
    hexColors: jsonb('hex_colors').$type<string[]>().notNull().default([]),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (table) => [index('option_values_option_idx').on(table.optionId)],
);

export const variants = pgTable(
  'variants',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull().unique(),
    inventoryLevel: integer('inventory_level').notNull().default(0),
    purchasingDisabled: boolean('purchasing_disabled').notNull().default(false),
    /** Media id of the variant's main image. */
    imageMediaId: text('image_media_id'),
    /** Ids of this variant's option values, one per option, in option order. */
    optionValueIds: integer('option_value_ids').array().notNull(),
    ...timestamps,
  },
  (table) => [
    index('variants_product_idx').on(table.productId, table.id),
    // The back office's search by SKU prefix, whatever the case typed: `lower(sku) LIKE 'pst-%'`.
    index('variants_sku_prefix_idx').using('btree', sql`lower(${table.sku}) text_pattern_ops`),
  ],
);

/** Prices per variant and commerce region, in integer minor units of `currencyCode`. */
export const variantPrices = pgTable(
  'variant_prices',
  {
    variantId: integer('variant_id')
      .notNull()
      .references(() => variants.id, { onDelete: 'cascade' }),
    regionId: text('region_id')
      .notNull()
      .references(() => regions.id, { onDelete: 'cascade' }),
    currencyCode: text('currency_code')
      .notNull()
      .references(() => currencies.code),
    price: integer('price').notNull(),
    salePrice: integer('sale_price'),
    retailPrice: integer('retail_price'),
  },
  (table) => [primaryKey({ columns: [table.variantId, table.regionId] })],
);

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    mediaId: text('media_id').notNull(),
    /** The colour the image shows (option value label), for colour-aware galleries. */
    description: text('description').notNull().default(''),
    isThumbnail: boolean('is_thumbnail').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [
    index('product_images_product_idx').on(table.productId, table.sortOrder),
    uniqueIndex('product_images_media_idx').on(table.productId, table.mediaId),
  ],
);

export const customFields = pgTable(
  'custom_fields',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    value: text('value').notNull(),
  },
  (table) => [index('custom_fields_product_idx').on(table.productId)],
);

/** The store's settings (spec `GET store`); one row. */
export const storeSettings = pgTable('store_settings', {
  id: integer('id').primaryKey().default(1),
  name: text('name').notNull(),
  domain: text('domain').notNull(),
  adminEmail: text('admin_email').notNull(),
  orderEmail: text('order_email').notNull(),
  weightUnits: text('weight_units').notNull(),
  dimensionUnits: text('dimension_units').notNull(),
  timezone: text('timezone').notNull(),
  ...timestamps,
});
