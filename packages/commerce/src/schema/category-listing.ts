import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { categories } from './catalogue';

/*
 * What category pages read, kept by the database itself: triggers on the catalogue's tables
 * (migration 0010_category_listing_upkeep) note every product a statement changes, and the
 * transaction refreshes those products' rows as it commits, so no writer can forget to.
 * Nothing else writes these tables. A category page then reads a page of ids from an index and
 * its facets from a few counted rows, whatever the category's size (docs/decisions/015).
 */

/**
 * One row per visible product, category it is in and price list (the regions' billing
 * regions), with the keys every sort of a category page orders by. `minPrice` is the
 * product's cheapest sale-aware variant price in that list, null without one.
 */
export const categoryListings = pgTable(
  'category_listings',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    priceList: text('price_list').notNull(),
    // NOTE: no foreign key to products: the triggers must still read a deleted product's rows
    // to take its facet counts out.
    productId: integer('product_id').notNull(),
    minPrice: integer('min_price'),
    sortOrder: integer('sort_order').notNull(),
    isNew: boolean('is_new').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    name: text('name').notNull(),
  },
  (table) => [
    primaryKey({ name: 'category_listings_pk', columns: [table.categoryId, table.priceList, table.productId] }),
    index('category_listings_product_idx').on(table.productId),
    index('category_listings_featured_idx').on(table.categoryId, table.priceList, table.sortOrder, table.productId),
    index('category_listings_newest_idx').on(
      table.categoryId,
      table.priceList,
      table.isNew,
      table.createdAt,
      table.productId,
    ),
    index('category_listings_price_asc_idx').on(table.categoryId, table.priceList, table.minPrice, table.productId),
    index('category_listings_price_desc_idx').on(
      table.categoryId,
      table.priceList,
      table.minPrice.desc().nullsLast(),
      table.productId,
    ),
    index('category_listings_name_idx').on(table.categoryId, table.priceList, table.name, table.productId),
  ],
);

/**
 * What a product offers to filter by: `option` rows are the option values its variants use
 * (by option name and type, value compared in lower case), `attribute` rows its custom
 * fields (name and value in lower case). The label kept is the group's lowest.
 */
export const productFacetValues = pgTable(
  'product_facet_values',
  {
    productId: integer('product_id').notNull(),
    facet: text('facet', { enum: ['option', 'attribute'] }).notNull(),
    /** The option's type (`swatch`, `rectangles`); empty for attributes. */
    optionType: text('option_type').notNull(),
    /** The option's display name as written, or the attribute's name in lower case. */
    nameKey: text('name_key').notNull(),
    name: text('name').notNull(),
    valueKey: text('value_key').notNull(),
    value: text('value').notNull(),
    hex: jsonb('hex').$type<string[]>().notNull(),
    position: integer('position').notNull(),
  },
  (table) => [
    primaryKey({
      name: 'product_facet_values_pk',
      columns: [table.productId, table.facet, table.optionType, table.nameKey, table.valueKey],
    }),
  ],
);

/**
 * The facets of every category, pre-counted: how many visible products of the category have
 * each value (`colour`, `size`, `attribute`), and how many it lists (`products`). A value's
 * counts are split by the label, colour and position each product shows it with, so that a
 * product leaving takes out exactly what it brought; a page sums them per value.
 */
export const categoryFacetCounts = pgTable(
  'category_facet_counts',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    facet: text('facet', { enum: ['products', 'colour', 'size', 'attribute'] }).notNull(),
    nameKey: text('name_key').notNull(),
    name: text('name').notNull(),
    valueKey: text('value_key').notNull(),
    value: text('value').notNull(),
    hex: jsonb('hex').$type<string[]>().notNull(),
    position: integer('position').notNull(),
    products: integer('products').notNull(),
  },
  (table) => [
    primaryKey({
      name: 'category_facet_counts_pk',
      columns: [
        table.categoryId,
        table.facet,
        table.nameKey,
        table.valueKey,
        table.name,
        table.value,
        table.hex,
        table.position,
      ],
    }),
  ],
);

/** Products changed by the transaction under way, refreshed (and removed from here) as it commits. */
export const categoryListingPending = pgTable('category_listing_pending', {
  productId: integer('product_id').primaryKey(),
});
