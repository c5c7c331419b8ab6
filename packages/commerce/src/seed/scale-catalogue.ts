import { count, gte, sql } from 'drizzle-orm';
import { notifySearchChange, type Db, type SeedTx } from '@piste/db';
import {
  categories,
  optionValues,
  productCategories,
  productOptions,
  products,
  variantPrices,
  variants,
} from '../schema/index';
import { insertInChunks } from './catalogue-seed';

/** Synthetic products live above the demo ids, so both can coexist and be told apart. */
export const SYNTHETIC_ID_BASE = 1_000_000;
const PRODUCTS_PER_TRANSACTION = 1_000;
const COLOURS = [
  ['Stealth Black', '#1b1b1f'],
  ['Glacier Blue', '#6fa8dc'],
  ['Alpine White', '#f4f6f8'],
  ['Ember Orange', '#e8602c'],
] as const;
const SIZES = ['S', 'M', 'L'] as const;
const NOUNS = { bindings: 'Binding', helmets: 'Helmet', goggles: 'Goggle', accessories: 'Glove' } as const;
const ADJECTIVES = [
  'Summit',
  'Ridge',
  'Couloir',
  'Powder',
  'Cornice',
  'Talus',
  'Serac',
  'Bergschrund',
  'Firn',
  'Verglas',
];

export interface ScaleOptions {
  /** How many synthetic products the catalogue should hold afterwards. */
  products: number;
  onProgress?: (done: number, total: number) => void;
}

/**
 * Fills the catalogue with `products` synthetic products (2 colours × 3 sizes each, priced in
 * every region) for benchmarks: `npm run seed:scale -- --products 10000`. Earlier synthetic
 * products are removed first, so running it again resizes rather than adds.
 */
export async function scaleCatalogue(db: Db, options: ScaleOptions): Promise<void> {
  await db.delete(products).where(gte(products.id, SYNTHETIC_ID_BASE));
  const categoryRows = await db.select({ id: categories.id, path: categories.path }).from(categories);
  const tops = Object.keys(NOUNS).map((path) => {
    const top = categoryRows.find((row) => row.path === path);
    const leaves = categoryRows.filter((row) => row.path.startsWith(`${path}/`));
    if (!top || leaves.length === 0)
      throw new Error('Load the demo catalogue before scaling it (npm start or db:reset).');
    return { path: path as keyof typeof NOUNS, id: top.id, leaves };
  });

  for (let start = 0; start < options.products; start += PRODUCTS_PER_TRANSACTION) {
    const end = Math.min(options.products, start + PRODUCTS_PER_TRANSACTION);
    await db.transaction(async (tx) => insertBatch(tx, start, end, tops));
    options.onProgress?.(end, options.products);
  }
  // Fresh statistics, so the planner uses the indexes at the new size, and a visibility map,
  // so index-only scans need not visit the table.
  for (const table of [
    'products',
    'product_categories',
    'product_options',
    'option_values',
    'variants',
    'variant_prices',
    'category_listings',
    'product_facet_values',
    'category_facet_counts',
  ]) {
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  }
  // Thousands of products changed: the site search rebuilds rather than hear of each.
  await notifySearchChange(db, { rebuild: true });
}

async function insertBatch(
  tx: SeedTx,
  start: number,
  end: number,
  tops: { path: keyof typeof NOUNS; id: number; leaves: { id: number }[] }[],
): Promise<void> {
  const productRows: (typeof products.$inferInsert)[] = [];
  const categoryLinks: (typeof productCategories.$inferInsert)[] = [];
  const optionRows: (typeof productOptions.$inferInsert)[] = [];
  const valueRows: (typeof optionValues.$inferInsert)[] = [];
  const variantRows: (typeof variants.$inferInsert)[] = [];
  const priceRows: (typeof variantPrices.$inferInsert)[] = [];

  for (let index = start; index < end; index += 1) {
    const id = SYNTHETIC_ID_BASE + index;
    const top = tops[index % tops.length]!;
    const leaf = top.leaves[Math.floor(index / tops.length) % top.leaves.length]!;
    const name = `${ADJECTIVES[index % ADJECTIVES.length]} ${NOUNS[top.path]} ${index + 1}`;
    productRows.push({
      id,
      uid: `synthetic-${index + 1}`,
      name,
      sku: `SYN-${index + 1}`,
      description: `${name}: a synthetic product for load tests.`,
      weightGrams: 500 + (index % 700),
      inventoryTracking: 'variant',
      isNew: index % 7 === 0,
      isRedesigned: index % 11 === 0,
      sortOrder: 1_000 + index,
    });
    categoryLinks.push({ productId: id, categoryId: top.id }, { productId: id, categoryId: leaf.id });
    const colourOption = SYNTHETIC_ID_BASE * 2 + index * 2;
    const sizeOption = colourOption + 1;
    optionRows.push(
      { id: colourOption, productId: id, displayName: 'Colour', type: 'swatch', sortOrder: 0 },
      { id: sizeOption, productId: id, displayName: 'Size', type: 'rectangles', sortOrder: 1 },
    );
    const colours = [COLOURS[index % COLOURS.length]!, COLOURS[(index + 1) % COLOURS.length]!];
    const valueBase = SYNTHETIC_ID_BASE * 3 + index * 5;
    colours.forEach(([label, hex], position) =>
      valueRows.push({
        id: valueBase + position,
        optionId: colourOption,
        label,
        hexColors: [hex],
        sortOrder: position,
      }),
    );
    SIZES.forEach((label, position) =>
      valueRows.push({ id: valueBase + 2 + position, optionId: sizeOption, label, sortOrder: position }),
    );
    const basePrice = 4_995 + (index % 50) * 1_000;
    colours.forEach((_colour, colourIndex) =>
      SIZES.forEach((size, sizeIndex) => {
        const variantId = SYNTHETIC_ID_BASE * 10 + index * 6 + colourIndex * 3 + sizeIndex;
        variantRows.push({
          id: variantId,
          productId: id,
          sku: `SYN-${index + 1}-${colourIndex + 1}-${size}`,
          inventoryLevel: (index + sizeIndex) % 13 === 0 ? 0 : 5 + ((index * 7 + sizeIndex) % 60),
          optionValueIds: [valueBase + colourIndex, valueBase + 2 + sizeIndex],
        });
        priceRows.push(
          { variantId, regionId: 'us', currencyCode: 'USD', price: basePrice },
          { variantId, regionId: 'ca', currencyCode: 'CAD', price: Math.round(basePrice * 1.35) },
          { variantId, regionId: 'eu_region_1', currencyCode: 'EUR', price: Math.round(basePrice * 0.95) },
        );
      }),
    );
  }
  await insertInChunks(tx, products, productRows);
  await insertInChunks(tx, productCategories, categoryLinks);
  await insertInChunks(tx, productOptions, optionRows);
  await insertInChunks(tx, optionValues, valueRows);
  await insertInChunks(tx, variants, variantRows);
  await insertInChunks(tx, variantPrices, priceRows);
}

/** How many synthetic products the catalogue holds now. */
export async function countSyntheticProducts(db: Db): Promise<number> {
  const [row] = await db.select({ total: count() }).from(products).where(gte(products.id, SYNTHETIC_ID_BASE));
  return row?.total ?? 0;
}
