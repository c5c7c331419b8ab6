import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { commerceSchema } from '@piste/commerce/server';
import type { DbOrTx } from '../audit/audit-log';
import { LOW_STOCK_LEVEL, type ProductFilter, type ProductList, type ProductListQuery } from './catalogue-schemas';

const { products, variants, variantPrices, productCategories, brands } = commerceSchema;

/** `%`, `_` and `\` typed in the search box are matched as themselves. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** Whether a product's stock is at or below `level`: its own level, or any variant's. */
function stockAtMost(level: number): SQL {
  return sql`(
    (${products.inventoryTracking} = 'product' and ${products.inventoryLevel} <= ${level})
    or (${products.inventoryTracking} = 'variant' and exists (
      select 1 from ${variants} where ${variants.productId} = ${products.id} and ${variants.inventoryLevel} <= ${level}))
  )`;
}

/** The WHERE of a product filter: the list's, and a bulk edit's selection by filter. */
export function productFilterCondition(filter: ProductFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.q) {
    // Names match anywhere; SKUs by their start, so the ~6 variant SKUs per product are found
    // through `variants_sku_prefix_idx` once per search rather than scanned for every product.
    const skuPrefix = `${escapeLike(filter.q.toLowerCase())}%`;
    conditions.push(
      or(
        ilike(products.name, `%${escapeLike(filter.q)}%`),
        sql`lower(${products.sku}) like ${skuPrefix}`,
        sql`${products.id} in (select ${variants.productId} from ${variants} where lower(${variants.sku}) like ${skuPrefix})`,
      ),
    );
  }
  if (filter.category !== undefined) {
    conditions.push(
      sql`exists (select 1 from ${productCategories} where ${productCategories.productId} = ${products.id} and ${productCategories.categoryId} = ${filter.category})`,
    );
  }
  if (filter.brand !== undefined) conditions.push(eq(products.brandId, filter.brand));
  if (filter.visible !== undefined) conditions.push(eq(products.isVisible, filter.visible));
  if (filter.flag === 'new') conditions.push(eq(products.isNew, true));
  if (filter.flag === 'redesigned') conditions.push(eq(products.isRedesigned, true));
  if (filter.stock === 'out') conditions.push(stockAtMost(0));
  if (filter.stock === 'low') conditions.push(stockAtMost(LOW_STOCK_LEVEL));
  return and(...conditions);
}

const ORDER_BY = {
  name: [asc(products.name), asc(products.id)],
  '-name': [desc(products.name), desc(products.id)],
  updated: [asc(products.updatedAt), asc(products.id)],
  '-updated': [desc(products.updatedAt), desc(products.id)],
  sku: [asc(products.sku)],
  '-sku': [desc(products.sku)],
} as const;

/** `sort=name&order=desc` as `-name`. */
function sortOf(query: ProductListQuery): keyof typeof ORDER_BY {
  if (query.order !== 'desc' || query.sort.startsWith('-')) return query.sort;
  return `-${query.sort}` as keyof typeof ORDER_BY;
}

/** Counts what a filter finds, all of it. */
async function countMatching(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(products)
    .where(where);
  return Number(row?.total ?? 0);
}

/**
 * The ids of one page, in the list's order, and how many products match in all. A search is read
 * in one pass, its count alongside (`count(*) over ()`): Postgres cannot estimate how few
 * products a `%…%` search matches, so paging it apart would walk the whole sort index looking
 * for a page of matches. Otherwise the page is a short walk of the sort index and the count a
 * query of its own.
 */
async function pageIds(db: DbOrTx, query: ProductListQuery): Promise<{ ids: number[]; total: number }> {
  const where = productFilterCondition(query);
  const page = (selection: Record<string, unknown>) =>
    db
      .select({ id: products.id, ...selection })
      .from(products)
      .where(where)
      .orderBy(...ORDER_BY[sortOf(query)])
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
  if (query.q) {
    const rows = (await page({ total: sql<number>`count(*) over ()` })) as { id: number; total: number }[];
    // Past the last page no row carries the count.
    const total = rows.length > 0 ? Number(rows[0]!.total) : await countMatching(db, where);
    return { ids: rows.map((row) => row.id), total };
  }
  const [rows, total] = await Promise.all([page({}), countMatching(db, where)]);
  return { ids: rows.map((row) => row.id), total };
}

/**
 * One page of the back office's product list. Offset paging over the `products_name_idx` and
 * `products_updated_idx` orders (docs/admin/catalogue.md 'Paging'): the page's ids are found
 * first, by the filter and sort alone, so a deep page skips bare index entries; the per-row stock
 * and sale figures are then computed for that page's rows only.
 */
export async function listProducts(db: DbOrTx, query: ProductListQuery): Promise<ProductList> {
  const { ids, total } = await pageIds(db, query);
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({
            id: products.id,
            uid: products.uid,
            name: products.name,
            sku: products.sku,
            brand: brands.name,
            isVisible: products.isVisible,
            isNew: products.isNew,
            isRedesigned: products.isRedesigned,
            inventoryTracking: products.inventoryTracking,
            inventoryLevel: products.inventoryLevel,
            updatedAt: products.updatedAt,
            variantStock: sql<number>`(select coalesce(sum(${variants.inventoryLevel}), 0)::int from ${variants} where ${variants.productId} = ${products.id})`,
            variantCount: sql<number>`(select count(*)::int from ${variants} where ${variants.productId} = ${products.id})`,
            onSale: sql<boolean>`exists (select 1 from ${variants} join ${variantPrices} on ${variantPrices.variantId} = ${variants.id} where ${variants.productId} = ${products.id} and ${variantPrices.salePrice} is not null)`,
          })
          .from(products)
          .leftJoin(brands, eq(brands.id, products.brandId))
          .where(inArray(products.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    products: ids.map((id) => {
      const { inventoryLevel, variantStock, updatedAt, ...row } = byId.get(id)!;
      return {
        ...row,
        stock:
          row.inventoryTracking === 'none'
            ? null
            : row.inventoryTracking === 'product'
              ? inventoryLevel
              : Number(variantStock),
        variantCount: Number(row.variantCount),
        onSale: Boolean(row.onSale),
        updatedAt: updatedAt.toISOString(),
      };
    }),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** The ids of every product a filter finds (a bulk edit's selection), lowest first. */
export async function productIdsMatching(db: DbOrTx, filter: ProductFilter): Promise<number[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(productFilterCondition(filter))
    .orderBy(products.id);
  return rows.map((row) => row.id);
}
