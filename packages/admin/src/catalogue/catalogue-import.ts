import { and, eq, inArray, sql } from 'drizzle-orm';
import { commerceSchema } from '@piste/commerce/server';
import { FieldErrors } from '../admin-error';
import { recordAudit, type DbOrTx } from '../audit/audit-log';
import type { StaffActor } from '../staff-actor';
import { LIST_SEPARATOR, minorOf, PRICE_KINDS, PRODUCT_COLUMNS, textOf, type FileRecord } from './catalogue-file';
import type { ImportReport, PriceList } from './catalogue-schemas';
import { insertOptions, slugOf } from './product-editor';
import { loadPriceLists } from './price-lists';
import { adjustStock } from './stock-adjustments';

const { products, variants, variantPrices, productOptions, optionValues, productCategories, categories, brands } =
  commerceSchema;

/** Thrown to roll a dry run's transaction back once its report is complete. */
class DryRunDone extends Error {
  constructor(readonly report: ImportReport) {
    super('dry run');
  }
}

/** A row that cannot be imported, with the reason shown next to its line. */
class RowRejected extends Error {}

type PriceCells = Partial<Record<(typeof PRICE_KINDS)[number], number | null>>;

/** One variant row, read and checked on its own: `undefined` leaves a column as it is. */
interface ImportRow {
  line: number;
  productSku: string;
  variantSku: string;
  product: Partial<Record<(typeof PRODUCT_COLUMNS)[number], string>>;
  /** `[['Colour','Black'],['Size','M']]`; undefined when the cell is empty (or the file has no options column). */
  options?: [string, string][];
  purchasingDisabled?: boolean;
  prices: Map<string, PriceCells>;
  stock?: number;
}

/** The largest amount a price column holds, in minor units (as the API's schemas allow). */
const MAX_MINOR = 1_000_000_000;

const BOOLEANS: Record<string, boolean> = { true: true, false: false, yes: true, no: false, 1: true, 0: false };

function booleanOf(text: string, column: string): boolean {
  const value = BOOLEANS[text.toLowerCase()];
  if (value === undefined) throw new RowRejected(`${column} must be true or false, not "${text}".`);
  return value;
}

function wholeNumberOf(text: string, column: string): number {
  if (!/^\d{1,9}$/.test(text)) throw new RowRejected(`${column} must be a whole number of at least 0, not "${text}".`);
  return Number(text);
}

function readRow(record: FileRecord, priceLists: PriceList[]): ImportRow {
  if (record.unreadable) throw new RowRejected(record.unreadable);
  const withNul = Object.entries(record.values).find(
    ([, value]) => typeof value === 'string' && value.includes('\u0000'),
  );
  if (withNul) throw new RowRejected(`${withNul[0]} holds a NUL character.`);
  const cell = (column: string) => (column in record.values ? textOf(record.values[column]) : undefined);
  const productSku = cell('product_sku');
  const variantSku = cell('variant_sku');
  if (!productSku) throw new RowRejected('product_sku is required.');
  if (!variantSku) throw new RowRejected('variant_sku is required.');
  const product: ImportRow['product'] = {};
  for (const column of PRODUCT_COLUMNS) {
    const text = cell(column);
    // An empty cell leaves the value as it is; `brand` and `categories` may be emptied by `-`.
    if (text) product[column] = text;
  }
  if (product.is_visible) booleanOf(product.is_visible, 'is_visible');
  if (product.is_new) booleanOf(product.is_new, 'is_new');
  if (product.is_redesigned) booleanOf(product.is_redesigned, 'is_redesigned');
  if (product.weight_grams) wholeNumberOf(product.weight_grams, 'weight_grams');
  const row: ImportRow = { line: record.line, productSku, variantSku, product, prices: new Map() };
  const options = cell('options');
  if (options) {
    row.options = options.split(LIST_SEPARATOR).map((pair) => {
      const [name, ...label] = pair.split('=');
      if (!name?.trim() || label.length === 0 || !label.join('=').trim()) {
        throw new RowRejected(`options must read like "Colour=Black|Size=M", not "${options}".`);
      }
      return [name.trim(), label.join('=').trim()];
    });
  }
  const purchasing = cell('purchasing_disabled');
  if (purchasing) row.purchasingDisabled = booleanOf(purchasing, 'purchasing_disabled');
  for (const list of priceLists) {
    const prices: PriceCells = {};
    for (const kind of PRICE_KINDS) {
      const column = `${kind}_${list.regionId}`;
      const text = cell(column);
      if (text === undefined) continue;
      // The price itself is left as it is when empty; an empty sale or retail price means none.
      if (text === '' && kind === 'price') continue;
      const minor = text === '' ? null : minorOf(text, list.decimalPlaces);
      if (text !== '' && (minor === null || minor > MAX_MINOR)) {
        throw new RowRejected(`${column} must be an amount in ${list.currencyCode} like 229.95, not "${text}".`);
      }
      prices[kind] = minor;
    }
    if (Object.keys(prices).length > 0) row.prices.set(list.regionId, prices);
  }
  const stock = cell('stock');
  if (stock) row.stock = wholeNumberOf(stock, 'stock');
  return row;
}

interface Context {
  tx: DbOrTx;
  actor: StaffActor;
  priceLists: PriceList[];
  report: ImportReport;
  categoryIdByPath: Map<string, number>;
  brandIdByName: Map<string, number>;
}

function categoryIdsOf(context: Context, text: string): number[] {
  if (text === '-') return [];
  return text.split(LIST_SEPARATOR).map((path) => {
    const id = context.categoryIdByPath.get(path.trim());
    if (id === undefined) throw new RowRejected(`There is no category ${path.trim()}.`);
    return id;
  });
}

async function brandIdOf(context: Context, name: string): Promise<number | null> {
  if (name === '-') return null;
  const found = context.brandIdByName.get(name);
  if (found !== undefined) return found;
  const [created] = await context.tx.insert(brands).values({ name }).returning({ id: brands.id });
  context.brandIdByName.set(name, created!.id);
  return created!.id;
}

/** The product's columns the rows set, checked to agree with one another (the first row's win). */
function productValues(rows: ImportRow[]): { values: ImportRow['product']; disagreeing: Map<ImportRow, string> } {
  const values: ImportRow['product'] = {};
  const from: Partial<Record<keyof ImportRow['product'], number>> = {};
  const disagreeing = new Map<ImportRow, string>();
  for (const row of rows) {
    for (const [column, value] of Object.entries(row.product) as [keyof ImportRow['product'], string][]) {
      if (values[column] === undefined) {
        values[column] = value;
        from[column] = row.line;
      } else if (values[column] !== value && !disagreeing.has(row)) {
        disagreeing.set(row, `${column} differs from line ${from[column]} of the same product.`);
      }
    }
  }
  return { values, disagreeing };
}

/**
 * Writes a row's price cells over the variant's `stored` prices (null for a new variant, which
 * needs a price in every list); refuses a sale that is not below its price.
 */
async function applyPrices(
  context: Context,
  variantId: number,
  row: ImportRow,
  stored: (typeof variantPrices.$inferSelect)[] | null,
  changes: { field: string; before: unknown; after: unknown }[],
) {
  const isNew = stored === null;
  for (const list of context.priceLists) {
    const cells = row.prices.get(list.regionId) ?? {};
    const current = stored?.find((price) => price.regionId === list.regionId);
    const price = cells.price ?? current?.price;
    if (price === undefined || price === null) {
      if (isNew || Object.keys(cells).length > 0)
        throw new RowRejected(`price_${list.regionId} is required for a new price.`);
      continue;
    }
    const salePrice = cells.sale_price !== undefined ? cells.sale_price : (current?.salePrice ?? null);
    const retailPrice = cells.retail_price !== undefined ? cells.retail_price : (current?.retailPrice ?? null);
    if (salePrice !== null && salePrice >= price) {
      throw new RowRejected(`sale_price_${list.regionId} must be below price_${list.regionId}.`);
    }
    const next = { price, salePrice, retailPrice };
    const before = current
      ? { price: current.price, salePrice: current.salePrice, retailPrice: current.retailPrice }
      : null;
    if (before && JSON.stringify(before) === JSON.stringify(next)) continue;
    if (!isNew) changes.push({ field: `prices_${list.regionId}`, before, after: next });
    await context.tx
      .insert(variantPrices)
      .values({ variantId, regionId: list.regionId, currencyCode: list.currencyCode, ...next })
      .onConflictDoUpdate({ target: [variantPrices.variantId, variantPrices.regionId], set: next });
  }
}

/** The ids of the option values a new variant's labels name, adding values the product lacks. */
async function optionValueIdsFor(context: Context, productId: number, options: [string, string][]): Promise<number[]> {
  const productOptionRows = await context.tx
    .select()
    .from(productOptions)
    .where(eq(productOptions.productId, productId))
    .orderBy(productOptions.sortOrder, productOptions.id);
  const names = productOptionRows.map((option) => option.displayName);
  if (JSON.stringify(names) !== JSON.stringify(options.map(([name]) => name))) {
    throw new RowRejected(`options must name this product's options: ${names.join(', ') || 'none'}.`);
  }
  const ids: number[] = [];
  for (const [index, option] of productOptionRows.entries()) {
    const label = options[index]![1];
    const [existing] = await context.tx
      .select({ id: optionValues.id })
      .from(optionValues)
      .where(and(eq(optionValues.optionId, option.id), eq(optionValues.label, label)));
    if (existing) {
      ids.push(existing.id);
      continue;
    }
    const [created] = await context.tx
      .insert(optionValues)
      .values({
        optionId: option.id,
        label,
        sortOrder: sql`(select coalesce(max(sort_order) + 1, 0) from option_values where option_id = ${option.id})`,
      })
      .returning({ id: optionValues.id });
    ids.push(created!.id);
  }
  return ids;
}

async function setStock(context: Context, productId: number, variantId: number | null, level: number): Promise<number> {
  return adjustStock(context.tx, context.actor, { productId, variantId, change: { level }, reason: 'import' });
}

/** A product the file names and the shop does not have yet: created with its rows' variants. */
async function createProductFrom(
  context: Context,
  productSku: string,
  rows: ImportRow[],
  values: ImportRow['product'],
) {
  const name = values.product_name;
  if (!name) throw new RowRejected('A new product needs product_name.');
  const uid = values.product_uid ?? slugOf(name);
  const [taken] = await context.tx.select({ id: products.id }).from(products).where(eq(products.uid, uid));
  if (taken) throw new RowRejected(`Another product already has the url name ${uid}.`);
  const optionNames = (rows[0]!.options ?? []).map(([optionName]) => optionName);
  for (const row of rows) {
    if (JSON.stringify((row.options ?? []).map(([optionName]) => optionName)) !== JSON.stringify(optionNames)) {
      throw new RowRejected(`Every variant of a new product names the same options (line ${rows[0]!.line}).`);
    }
  }
  const categoryIds = values.categories ? categoryIdsOf(context, values.categories) : [];
  const [product] = await context.tx
    .insert(products)
    .values({
      uid,
      name,
      sku: productSku,
      description: values.description ?? '',
      brandId: values.brand ? await brandIdOf(context, values.brand) : null,
      weightGrams: values.weight_grams ? Number(values.weight_grams) : 0,
      inventoryTracking: 'variant',
      isVisible: values.is_visible ? booleanOf(values.is_visible, 'is_visible') : false,
      isNew: values.is_new ? booleanOf(values.is_new, 'is_new') : false,
      isRedesigned: values.is_redesigned ? booleanOf(values.is_redesigned, 'is_redesigned') : false,
    })
    .returning({ id: products.id });
  const productId = product!.id;
  if (categoryIds.length > 0) {
    await context.tx
      .insert(productCategories)
      .values([...new Set(categoryIds)].map((categoryId) => ({ productId, categoryId })));
  }
  const valueIds = await insertOptions(
    context.tx,
    productId,
    optionNames.map((displayName, index) => ({
      displayName,
      type: /colou?r/i.test(displayName) ? 'swatch' : 'rectangles',
      values: rows.map((row) => row.options![index]![1]),
    })),
  );
  for (const row of rows) {
    const [variant] = await context.tx
      .insert(variants)
      .values({
        productId,
        sku: row.variantSku,
        purchasingDisabled: row.purchasingDisabled ?? false,
        optionValueIds: (row.options ?? []).map(([, label], index) => valueIds[index]!.get(label)!),
      })
      .returning({ id: variants.id });
    await applyPrices(context, variant!.id, row, null, []);
    if (row.stock) await setStock(context, productId, variant!.id, row.stock);
    context.report.created.push({ line: row.line, productSku, variantSku: row.variantSku, newProduct: true });
  }
}

/** The product columns a file sets that differ from the stored ones, as `{ column: value }` updates. */
async function productUpdates(
  context: Context,
  product: typeof products.$inferSelect,
  values: ImportRow['product'],
  changes: { field: string; before: unknown; after: unknown }[],
) {
  const set: Partial<typeof products.$inferInsert> = {};
  const compare = <Key extends keyof typeof products.$inferInsert>(
    field: string,
    key: Key,
    after: (typeof products.$inferInsert)[Key],
  ) => {
    if (product[key as keyof typeof product] !== after) {
      changes.push({ field, before: product[key as keyof typeof product], after });
      set[key] = after;
    }
  };
  if (values.product_uid && values.product_uid !== product.uid) {
    throw new RowRejected(`product_uid cannot change on import (it is ${product.uid}: content links to it).`);
  }
  if (values.product_name) compare('product_name', 'name', values.product_name);
  if (values.description) compare('description', 'description', values.description);
  if (values.is_visible) compare('is_visible', 'isVisible', booleanOf(values.is_visible, 'is_visible'));
  if (values.is_new) compare('is_new', 'isNew', booleanOf(values.is_new, 'is_new'));
  if (values.is_redesigned) compare('is_redesigned', 'isRedesigned', booleanOf(values.is_redesigned, 'is_redesigned'));
  if (values.weight_grams) compare('weight_grams', 'weightGrams', Number(values.weight_grams));
  if (values.brand) {
    const current = [...context.brandIdByName].find(([, id]) => id === product.brandId)?.[0] ?? null;
    const wanted = values.brand === '-' ? null : values.brand;
    if (current !== wanted) {
      changes.push({ field: 'brand', before: current, after: wanted });
      set.brandId = await brandIdOf(context, values.brand);
    }
  }
  if (values.categories) {
    const wanted = [...new Set(categoryIdsOf(context, values.categories))].sort((a, b) => a - b);
    const stored = (
      await context.tx
        .select({ id: productCategories.categoryId })
        .from(productCategories)
        .where(eq(productCategories.productId, product.id))
    )
      .map((row) => row.id)
      .sort((a, b) => a - b);
    if (JSON.stringify(wanted) !== JSON.stringify(stored)) {
      const pathOf = new Map([...context.categoryIdByPath].map(([path, id]) => [id, path]));
      changes.push({
        field: 'categories',
        before: stored.map((id) => pathOf.get(id)).join(LIST_SEPARATOR),
        after: wanted.map((id) => pathOf.get(id)).join(LIST_SEPARATOR),
      });
      await context.tx.delete(productCategories).where(eq(productCategories.productId, product.id));
      if (wanted.length > 0) {
        await context.tx
          .insert(productCategories)
          .values(wanted.map((categoryId) => ({ productId: product.id, categoryId })));
      }
    }
  }
  return set;
}

/** A product the shop has: its changed columns, then each row's variant, updated or added. */
async function updateProductFrom(
  context: Context,
  product: typeof products.$inferSelect,
  rows: ImportRow[],
  values: ImportRow['product'],
  rejectRow: (row: ImportRow, reason: string) => void,
) {
  const productChanges: { field: string; before: unknown; after: unknown }[] = [];
  const set = await productUpdates(context, product, values, productChanges);
  let changed = productChanges.length > 0;
  const existing = await context.tx
    .select()
    .from(variants)
    .where(
      inArray(
        variants.sku,
        rows.map((row) => row.variantSku),
      ),
    );
  const ownIds = existing.filter((variant) => variant.productId === product.id).map((variant) => variant.id);
  const storedPrices =
    ownIds.length === 0
      ? []
      : await context.tx.select().from(variantPrices).where(inArray(variantPrices.variantId, ownIds));
  const labelOf = new Map(
    (
      await context.tx
        .select({ id: optionValues.id, label: optionValues.label, option: productOptions.displayName })
        .from(optionValues)
        .innerJoin(productOptions, eq(productOptions.id, optionValues.optionId))
        .where(eq(productOptions.productId, product.id))
    ).map((value) => [value.id, `${value.option}=${value.label}`]),
  );
  let productStockSet = false;
  for (const [index, row] of rows.entries()) {
    const changes = index === 0 ? productChanges : [];
    try {
      const variant = existing.find((candidate) => candidate.sku === row.variantSku);
      if (variant && variant.productId !== product.id) {
        throw new RowRejected(`Variant ${row.variantSku} belongs to another product.`);
      }
      if (!variant) {
        const valueIds = await optionValueIdsFor(context, product.id, row.options ?? []);
        const [created] = await context.tx
          .insert(variants)
          .values({
            productId: product.id,
            sku: row.variantSku,
            purchasingDisabled: row.purchasingDisabled ?? false,
            optionValueIds: valueIds,
          })
          .returning({ id: variants.id });
        await applyPrices(context, created!.id, row, null, []);
        if (row.stock && product.inventoryTracking === 'variant')
          await setStock(context, product.id, created!.id, row.stock);
        context.report.created.push({
          line: row.line,
          productSku: product.sku,
          variantSku: row.variantSku,
          newProduct: false,
        });
        changed = true;
        continue;
      }
      if (row.options) {
        const stored = variant.optionValueIds.map((id) => labelOf.get(id)).join(LIST_SEPARATOR);
        const wanted = row.options.map(([name, label]) => `${name}=${label}`).join(LIST_SEPARATOR);
        if (stored !== wanted)
          throw new RowRejected(`The options of variant ${row.variantSku} cannot change (they are ${stored}).`);
      }
      if (row.purchasingDisabled !== undefined && row.purchasingDisabled !== variant.purchasingDisabled) {
        changes.push({
          field: 'purchasing_disabled',
          before: variant.purchasingDisabled,
          after: row.purchasingDisabled,
        });
        await context.tx
          .update(variants)
          .set({ purchasingDisabled: row.purchasingDisabled, updatedAt: new Date() })
          .where(eq(variants.id, variant.id));
      }
      await applyPrices(
        context,
        variant.id,
        row,
        storedPrices.filter((price) => price.variantId === variant.id),
        changes,
      );
      if (row.stock !== undefined) {
        if (product.inventoryTracking === 'none')
          throw new RowRejected('This product does not track stock: leave stock empty.');
        const perVariant = product.inventoryTracking === 'variant';
        const before = perVariant ? variant.inventoryLevel : product.inventoryLevel;
        if (before !== row.stock && (perVariant || !productStockSet)) {
          changes.push({ field: 'stock', before, after: row.stock });
          await setStock(context, product.id, perVariant ? variant.id : null, row.stock);
        }
        productStockSet = true;
      }
      if (changes.length > 0) {
        changed = true;
        context.report.updated.push({ line: row.line, sku: row.variantSku, changes });
      } else {
        context.report.unchanged += 1;
      }
    } catch (error) {
      if (!(error instanceof RowRejected)) throw error;
      rejectRow(row, error.message);
    }
  }
  if (changed) {
    await context.tx
      .update(products)
      .set({ ...set, version: sql`${products.version} + 1`, updatedAt: new Date() })
      .where(eq(products.id, product.id));
  }
}

/**
 * Imports catalogue rows (catalogue-file.ts), merging by SKU: a new product SKU creates the
 * product, a new variant SKU adds the variant, and an existing one has only the columns the
 * file has updated; stock changes only through a `stock` column, as an `import` adjustment.
 *
 * The whole import is one transaction. A dry run makes every change in it, reports, and rolls
 * back, so its report is exactly what the import would do. A real import with a rejected row
 * writes nothing and answers the rows at fault (`FieldErrors` keyed `line.{n}`).
 */
export async function importCatalogue(
  db: DbOrTx,
  actor: StaffActor,
  records: FileRecord[],
  options: { dryRun: boolean; requestId?: string },
): Promise<ImportReport> {
  try {
    return await db.transaction(async (tx) => {
      const report: ImportReport = { dryRun: options.dryRun, created: [], updated: [], unchanged: 0, rejected: [] };
      const priceLists = await loadPriceLists(tx);
      const categoryRows = await tx.select({ id: categories.id, path: categories.path }).from(categories);
      const brandRows = await tx.select({ id: brands.id, name: brands.name }).from(brands);
      const context: Context = {
        tx,
        actor,
        priceLists,
        report,
        categoryIdByPath: new Map(categoryRows.map((row) => [row.path, row.id])),
        brandIdByName: new Map(brandRows.map((row) => [row.name, row.id])),
      };
      const rejectRow = (row: { line: number }, reason: string) => report.rejected.push({ line: row.line, reason });

      const byProduct = new Map<string, ImportRow[]>();
      const lineOfVariant = new Map<string, number>();
      for (const record of records) {
        try {
          const row = readRow(record, priceLists);
          const earlier = lineOfVariant.get(row.variantSku);
          if (earlier !== undefined)
            throw new RowRejected(`variant_sku ${row.variantSku} is already on line ${earlier}.`);
          lineOfVariant.set(row.variantSku, row.line);
          byProduct.set(row.productSku, [...(byProduct.get(row.productSku) ?? []), row]);
        } catch (error) {
          if (!(error instanceof RowRejected)) throw error;
          rejectRow(record, error.message);
        }
      }

      for (const [productSku, allRows] of byProduct) {
        const { values, disagreeing } = productValues(allRows);
        for (const [row, reason] of disagreeing) rejectRow(row, reason);
        const rows = allRows.filter((row) => !disagreeing.has(row));
        if (rows.length === 0) continue;
        try {
          const [product] = await tx.select().from(products).where(eq(products.sku, productSku)).for('update');
          if (product) await updateProductFrom(context, product, rows, values, rejectRow);
          else {
            const takenVariant = await tx
              .select({ sku: variants.sku })
              .from(variants)
              .where(
                inArray(
                  variants.sku,
                  rows.map((row) => row.variantSku),
                ),
              );
            if (takenVariant.length > 0)
              throw new RowRejected(`Variant ${takenVariant[0]!.sku} belongs to another product.`);
            await createProductFrom(context, productSku, rows, values);
          }
        } catch (error) {
          if (!(error instanceof RowRejected)) throw error;
          for (const row of rows) rejectRow(row, error.message);
        }
      }
      report.rejected.sort((a, b) => a.line - b.line);
      if (options.dryRun) throw new DryRunDone(report);
      if (report.rejected.length > 0) {
        throw new FieldErrors(
          Object.fromEntries(report.rejected.map((rejected) => [`line.${rejected.line}`, rejected.reason])),
          `${report.rejected.length} row(s) cannot be imported; nothing was changed.`,
        );
      }
      await recordAudit(
        tx,
        actor,
        {
          action: 'catalogue.import',
          entityType: 'catalogue',
          entityId: 'import',
          after: {
            rows: records.length,
            created: report.created.map((entry) => entry.variantSku),
            updated: report.updated.map((entry) => entry.sku),
            unchanged: report.unchanged,
          },
        },
        options.requestId,
      );
      return report;
    });
  } catch (error) {
    if (error instanceof DryRunDone) return error.report;
    throw error;
  }
}
