import { count, gte, sql, type SQL } from 'drizzle-orm';
import { notifySearchChange, queryRows, type Db, type SeedTx } from '@piste/db';
import { categories, products } from '../schema/index';

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

interface ScaleTop {
  path: keyof typeof NOUNS;
  id: number;
  leaves: { id: number }[];
}

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
  const tops = Object.keys(NOUNS).map((path): ScaleTop => {
    const top = categoryRows.find((row) => row.path === path);
    const leaves = categoryRows.filter((row) => row.path.startsWith(`${path}/`));
    if (!top || leaves.length === 0)
      throw new Error('Load the demo catalogue before scaling it (npm start or db:reset).');
    return { path: path as keyof typeof NOUNS, id: top.id, leaves };
  });

  const bulk = await mayBypassTriggers(db);
  for (let start = 0; start < options.products; start += PRODUCTS_PER_TRANSACTION) {
    const end = Math.min(options.products, start + PRODUCTS_PER_TRANSACTION);
    await db.transaction(async (tx) => {
      // The catalogue's triggers (foreign keys and the category listing's upkeep, migration 0010)
      // check and note each row: 3.5 s a thousand products, against 1.1 s without them. The rows
      // are consistent by construction, so a superuser writes them with the triggers off and
      // then refreshes the batch's listing at once, as the commit trigger would have.
      if (bulk) await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await insertBatch(tx, start, end, tops);
      if (bulk) {
        await tx.execute(
          sql`SELECT category_listing_refresh(ARRAY(SELECT generate_series(${SYNTHETIC_ID_BASE + start}::integer, ${SYNTHETIC_ID_BASE + end - 1}::integer)))`,
        );
      }
    });
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

/** Whether this connection may turn triggers off (PGlite's user and Postgres superusers may). */
async function mayBypassTriggers(db: Db): Promise<boolean> {
  const [row] = await queryRows<{ superuser: boolean }>(
    db,
    sql`SELECT current_setting('is_superuser') = 'on' AS superuser`,
  );
  return row?.superuser === true;
}

/** `ARRAY[$1, $2, …]` of bound values, cast to `type`. */
function arrayOf(values: readonly (string | number)[], type: 'text' | 'integer'): SQL {
  return sql`ARRAY[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::${sql.raw(type)}[]`;
}

/**
 * Writes the synthetic products `start` to `end - 1` with one INSERT … SELECT per table, so the
 * rows are made by the database (a row per product, colour and size from `generate_series`)
 * rather than built here and sent as parameters, several times faster. Product `i` is the
 * `i % 4`th kind (bindings, helmets, goggles, accessories) in a leaf category of that kind.
 */
async function insertBatch(tx: SeedTx, start: number, end: number, tops: ScaleTop[]): Promise<void> {
  const base = SYNTHETIC_ID_BASE;
  const kinds = tops.length;
  const indexes = sql`generate_series(${start}::integer, ${end - 1}::integer) AS i`;
  const adjectives = arrayOf(ADJECTIVES, 'text');
  const nouns = arrayOf(
    tops.map((top) => NOUNS[top.path]),
    'text',
  );
  const topIds = arrayOf(
    tops.map((top) => top.id),
    'integer',
  );
  // Each kind's leaves, one kind after another: kind k's begin at leafStarts[k].
  const leafIds = arrayOf(
    tops.flatMap((top) => top.leaves.map((leaf) => leaf.id)),
    'integer',
  );
  const leafStarts = arrayOf(
    tops.map((_top, k) => tops.slice(0, k).reduce((sum, top) => sum + top.leaves.length, 0)),
    'integer',
  );
  const leafCounts = arrayOf(
    tops.map((top) => top.leaves.length),
    'integer',
  );
  const colourLabels = arrayOf(
    COLOURS.map(([label]) => label),
    'text',
  );
  const colourHexes = arrayOf(
    COLOURS.map(([, hex]) => hex),
    'text',
  );
  const sizes = arrayOf(SIZES, 'text');

  await tx.execute(sql`
    INSERT INTO products (id, uid, name, sku, description, weight_grams, inventory_tracking, is_new, is_redesigned, sort_order)
    SELECT ${base} + i, 'synthetic-' || (i + 1), n.name, 'SYN-' || (i + 1),
           n.name || ': a synthetic product for load tests.', 500 + i % 700, 'variant', i % 7 = 0, i % 11 = 0, 1000 + i
      FROM ${indexes}
     CROSS JOIN LATERAL (
       SELECT (${adjectives})[i % ${ADJECTIVES.length} + 1] || ' ' || (${nouns})[i % ${kinds} + 1] || ' ' || (i + 1) AS name
     ) n`);
  await tx.execute(sql`
    INSERT INTO product_categories (product_id, category_id)
    SELECT ${base} + i, c.id
      FROM ${indexes}
     CROSS JOIN LATERAL (VALUES
       ((${topIds})[i % ${kinds} + 1]),
       ((${leafIds})[(${leafStarts})[i % ${kinds} + 1] + (i / ${kinds}) % (${leafCounts})[i % ${kinds} + 1] + 1])
     ) AS c(id)`);
  await tx.execute(sql`
    INSERT INTO product_options (id, product_id, display_name, type, sort_order)
    SELECT ${base * 2} + i * 2 + k, ${base} + i, (ARRAY['Colour', 'Size'])[k + 1], (ARRAY['swatch', 'rectangles'])[k + 1], k
      FROM ${indexes} CROSS JOIN generate_series(0, 1) AS k`);
  // Two colours per product (the i-th and the next), then the sizes; ids leave room for five values.
  await tx.execute(sql`
    INSERT INTO option_values (id, option_id, label, hex_colors, sort_order)
    SELECT ${base * 3} + i * 5 + p, ${base * 2} + i * 2, (${colourLabels})[(i + p) % ${COLOURS.length} + 1],
           jsonb_build_array((${colourHexes})[(i + p) % ${COLOURS.length} + 1]), p
      FROM ${indexes} CROSS JOIN generate_series(0, 1) AS p
    UNION ALL
    SELECT ${base * 3} + i * 5 + 2 + p, ${base * 2} + i * 2 + 1, (${sizes})[p + 1], '[]'::jsonb, p
      FROM ${indexes} CROSS JOIN generate_series(0, ${SIZES.length - 1}) AS p`);
  await tx.execute(sql`
    INSERT INTO variants (id, product_id, sku, inventory_level, option_value_ids)
    SELECT ${base * 10} + i * 6 + c * 3 + s, ${base} + i, 'SYN-' || (i + 1) || '-' || (c + 1) || '-' || (${sizes})[s + 1],
           CASE WHEN (i + s) % 13 = 0 THEN 0 ELSE 5 + (i * 7 + s) % 60 END,
           ARRAY[${base * 3} + i * 5 + c, ${base * 3} + i * 5 + 2 + s]
      FROM ${indexes} CROSS JOIN generate_series(0, 1) AS c CROSS JOIN generate_series(0, ${SIZES.length - 1}) AS s`);
  // Fifty price points, in every region's currency.
  await tx.execute(sql`
    INSERT INTO variant_prices (variant_id, region_id, currency_code, price)
    SELECT ${base * 10} + i * 6 + v, r.region_id, r.currency_code, round((4995 + (i % 50) * 1000) * r.factor)::integer
      FROM ${indexes} CROSS JOIN generate_series(0, 5) AS v
     CROSS JOIN (VALUES ('us', 'USD', 1.0), ('ca', 'CAD', 1.35), ('eu_region_1', 'EUR', 0.95)) AS r(region_id, currency_code, factor)`);
}

/** How many synthetic products the catalogue holds now. */
export async function countSyntheticProducts(db: Db): Promise<number> {
  const [row] = await db.select({ total: count() }).from(products).where(gte(products.id, SYNTHETIC_ID_BASE));
  return row?.total ?? 0;
}
