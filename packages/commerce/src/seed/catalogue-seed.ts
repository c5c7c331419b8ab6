import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { notifySearchChange, type SeedStep, type SeedTx } from '@piste/db';
import {
  brands,
  categories,
  customFields,
  optionValues,
  productCategories,
  productImages,
  productOptions,
  products,
  variantPrices,
  variants,
} from '../schema/index';
import { loadSeedCatalogue, seedIds, type SeedCatalogue } from './load-source';
import type { SeedCategory, SeedProduct } from './source-schema';

/** Each currency's prices go to the region whose price list uses it. */
const PRICE_LIST_BY_CURRENCY = { USD: 'us', CAD: 'ca', EUR: 'eu_region_1' } as const;
const FIRST_CATEGORY_ID = 20;
/** Keeps each INSERT well under the 65,535 bind parameters Postgres allows. */
const ROWS_PER_INSERT = 1_000;

export async function insertInChunks<Row extends Record<string, unknown>>(
  tx: SeedTx,
  table: PgTable,
  rows: Row[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    await tx.insert(table).values(rows.slice(start, start + ROWS_PER_INSERT));
  }
}

/** `S/M` → `SM`, `One Size` → `ONESIZE`: the size part of a variant SKU. */
function sizeCode(label: string): string {
  return label.toUpperCase().replace(/[^A-Z0-9]+/g, '');
}

interface CategoryRow {
  id: number;
  parentId: number | null;
  name: string;
  description: string;
  path: string;
  sortOrder: number;
}

function flattenCategories(tree: SeedCategory[]): CategoryRow[] {
  const rows: CategoryRow[] = [];
  const walk = (nodes: SeedCategory[], parent: CategoryRow | null) =>
    nodes.forEach((node, index) => {
      const row: CategoryRow = {
        id: FIRST_CATEGORY_ID + rows.length,
        parentId: parent?.id ?? null,
        name: node.name,
        description: node.description,
        path: parent ? `${parent.path}/${node.uid}` : node.uid,
        sortOrder: index,
      };
      rows.push(row);
      walk(node.children, row);
    });
  walk(tree, null);
  return rows;
}

/**
 * The ids the demo catalogue's categories get, by path: what a BigCommerce store seeded from the
 * same files gives them too, so content's commerce ids hold whichever provider keeps commerce.
 */
export function seedCategoryIdsByPath(tree: SeedCategory[]): Map<string, number> {
  return new Map(flattenCategories(tree).map((row) => [row.path, row.id]));
}

/** The category paths a demo product belongs to: its top category and its own. */
export function seedProductCategoryPaths(product: Pick<SeedProduct, 'category'>): string[] {
  return [...new Set([product.category.split('/')[0]!, product.category])];
}

function stockOf(product: SeedProduct, colour: string, size: string): number {
  return product.stock_overrides[`${colour}/${size}`] ?? product.stock;
}

/** Rows of every catalogue table for the demo products, with the ids of `seedIds`. */
function buildRows(
  catalogue: SeedCatalogue,
  categoryIdByPath: Map<string, number>,
  brandIdByName: Map<string, number>,
) {
  const rows = {
    products: [] as (typeof products.$inferInsert)[],
    productCategories: [] as (typeof productCategories.$inferInsert)[],
    options: [] as (typeof productOptions.$inferInsert)[],
    optionValues: [] as (typeof optionValues.$inferInsert)[],
    variants: [] as (typeof variants.$inferInsert)[],
    prices: [] as (typeof variantPrices.$inferInsert)[],
    images: [] as (typeof productImages.$inferInsert)[],
    customFields: [] as (typeof customFields.$inferInsert)[],
  };
  catalogue.products.forEach((product, index) => {
    // A retired product keeps its id (its content names it) but has no commerce half.
    if (product.discontinued) return;
    const productId = seedIds.product(index);
    const productStock = product.inventory_tracking === 'product' ? product.stock : 0;
    rows.products.push({
      id: productId,
      uid: product.uid,
      name: product.title,
      sku: product.sku,
      description: product.description,
      brandId: brandIdByName.get(product.brand)!,
      weightGrams: product.weight_grams,
      inventoryTracking: product.inventory_tracking,
      inventoryLevel: productStock,
      isVisible: true,
      isNew: product.is_new,
      isRedesigned: product.is_redesigned,
      sortOrder: index,
    });
    const leaf = categoryIdByPath.get(product.category);
    const top = categoryIdByPath.get(product.category.split('/')[0]!);
    if (!leaf || !top) throw new Error(`${product.uid}: unknown category ${product.category}`);
    for (const categoryId of new Set([top, leaf])) rows.productCategories.push({ productId, categoryId });

    const colourOption = seedIds.option(productId, 0);
    const sizeOption = seedIds.option(productId, 1);
    rows.options.push(
      { id: colourOption, productId, displayName: 'Colour', type: 'swatch', sortOrder: 0 },
      { id: sizeOption, productId, displayName: 'Size', type: 'rectangles', sortOrder: 1 },
    );
    const colourValueIds = product.colours.map((colour, position) => {
      const id = seedIds.optionValue(productId, position);
      rows.optionValues.push({
        id,
        optionId: colourOption,
        label: colour.name,
        sortOrder: position,
        hexColors: colour.hex,
        isDefault: position === 0,
      });
      return id;
    });
    const sizeValueIds = product.sizes.map((size, position) => {
      const id = seedIds.optionValue(productId, product.colours.length + position);
      rows.optionValues.push({ id, optionId: sizeOption, label: size, sortOrder: position, isDefault: position === 0 });
      return id;
    });

    product.colours.forEach((colour, colourIndex) => {
      product.sizes.forEach((size, sizeIndex) => {
        const variantId = seedIds.variant(productId, colourIndex * product.sizes.length + sizeIndex);
        rows.variants.push({
          id: variantId,
          productId,
          sku: `${product.sku}-${String(colourIndex + 1).padStart(2, '0')}-${sizeCode(size)}`,
          inventoryLevel: product.inventory_tracking === 'variant' ? stockOf(product, colour.name, size) : 0,
          purchasingDisabled: false,
          imageMediaId: colour.images[0]!,
          optionValueIds: [colourValueIds[colourIndex]!, sizeValueIds[sizeIndex]!],
        });
        for (const [currency, regionId] of Object.entries(PRICE_LIST_BY_CURRENCY)) {
          const price = product.prices[currency as keyof typeof PRICE_LIST_BY_CURRENCY];
          rows.prices.push({
            variantId,
            regionId,
            currencyCode: currency,
            price: price.price,
            salePrice: price.sale_price ?? null,
            retailPrice: price.retail_price ?? null,
          });
        }
      });
    });

    let imageIndex = 0;
    for (const colour of product.colours) {
      for (const mediaId of colour.images) {
        rows.images.push({
          id: seedIds.image(productId, imageIndex),
          productId,
          mediaId,
          description: colour.name,
          isThumbnail: imageIndex === 0,
          sortOrder: imageIndex,
        });
        imageIndex += 1;
      }
    }
    product.specs.forEach((spec, position) => {
      rows.customFields.push({ id: seedIds.customField(productId, position), productId, ...spec });
    });
  });
  return rows;
}

/** Serial columns must continue after the explicit demo ids (the scale generator inserts more). */
async function resetSequences(tx: SeedTx): Promise<void> {
  for (const table of [
    'categories',
    'brands',
    'products',
    'product_options',
    'option_values',
    'variants',
    'product_images',
    'custom_fields',
  ]) {
    await tx.execute(
      sql.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), greatest((select max(id) from ${table}), 1))`),
    );
  }
}

/**
 * The demo catalogue: categories, brands and the commerce half of every demo product, loaded
 * once into an empty catalogue (the seed runner never reloads it: stock, prices and products
 * are the shop's from then on). Its version is a hash of the source files.
 */
export function createCatalogueSeed(catalogue: SeedCatalogue = loadSeedCatalogue()): SeedStep {
  return {
    name: 'demo-catalogue',
    version: catalogue.version,
    tables: [categories, brands, products],
    run: async (tx) => {
      const categoryRows = flattenCategories(catalogue.categories);
      await tx.insert(categories).values(categoryRows);
      const categoryIdByPath = new Map(categoryRows.map((row) => [row.path, row.id]));

      const brandNames = [...new Set(catalogue.products.map((product) => product.brand))];
      const brandRows = await tx
        .insert(brands)
        .values(brandNames.map((name) => ({ name })))
        .returning({ id: brands.id, name: brands.name });
      const brandIdByName = new Map(brandRows.map((row) => [row.name, row.id]));

      const rows = buildRows(catalogue, categoryIdByPath, brandIdByName);
      await insertInChunks(tx, products, rows.products);
      await insertInChunks(tx, productCategories, rows.productCategories);
      await insertInChunks(tx, productOptions, rows.options);
      await insertInChunks(tx, optionValues, rows.optionValues);
      await insertInChunks(tx, variants, rows.variants);
      await insertInChunks(tx, variantPrices, rows.prices);
      await insertInChunks(tx, productImages, rows.images);
      await insertInChunks(tx, customFields, rows.customFields);
      await resetSequences(tx);
      // Every product is new: the site search rebuilds rather than hear of each.
      await notifySearchChange(tx, { rebuild: true });
    },
  };
}
