import { asc, eq } from 'drizzle-orm';
import { commerceSchema } from '@piste/commerce/server';
import type { DbOrTx } from '../audit/audit-log';
import { catalogueColumns, decimalOf, LIST_SEPARATOR, type CellValue } from './catalogue-file';
import { loadPriceLists } from './price-lists';

const { products, variants, variantPrices, productOptions, optionValues, productCategories, categories, brands } =
  commerceSchema;

/**
 * The whole catalogue as import rows (catalogue-file.ts), products by id and their variants by
 * id: exactly what an import of the file leaves unchanged. JSON keeps numbers and booleans;
 * CSV writes them as text, and an empty cell for none.
 */
export async function exportCatalogue(db: DbOrTx): Promise<{ columns: string[]; rows: Record<string, CellValue>[] }> {
  const priceLists = await loadPriceLists(db);
  const [productRows, categoryRows, valueRows, variantRows, priceRows] = await Promise.all([
    db
      .select({ product: products, brand: brands.name })
      .from(products)
      .leftJoin(brands, eq(brands.id, products.brandId))
      .orderBy(asc(products.id)),
    db
      .select({ productId: productCategories.productId, path: categories.path })
      .from(productCategories)
      .innerJoin(categories, eq(categories.id, productCategories.categoryId)),
    db
      .select({ id: optionValues.id, label: optionValues.label, option: productOptions.displayName })
      .from(optionValues)
      .innerJoin(productOptions, eq(productOptions.id, optionValues.optionId)),
    db.select().from(variants).orderBy(asc(variants.productId), asc(variants.id)),
    db.select().from(variantPrices),
  ]);
  const pathsOf = new Map<number, string[]>();
  for (const row of categoryRows) pathsOf.set(row.productId, [...(pathsOf.get(row.productId) ?? []), row.path]);
  const valueOf = new Map(valueRows.map((row) => [row.id, row]));
  const pricesOf = new Map<number, (typeof priceRows)[number][]>();
  for (const row of priceRows) pricesOf.set(row.variantId, [...(pricesOf.get(row.variantId) ?? []), row]);
  const variantsOf = new Map<number, (typeof variantRows)[number][]>();
  for (const row of variantRows) variantsOf.set(row.productId, [...(variantsOf.get(row.productId) ?? []), row]);

  const rows: Record<string, CellValue>[] = [];
  for (const { product, brand } of productRows) {
    for (const variant of variantsOf.get(product.id) ?? []) {
      const row: Record<string, CellValue> = {
        product_sku: product.sku,
        product_uid: product.uid,
        product_name: product.name,
        description: product.description,
        brand,
        categories: (pathsOf.get(product.id) ?? []).sort().join(LIST_SEPARATOR),
        is_visible: product.isVisible,
        is_new: product.isNew,
        is_redesigned: product.isRedesigned,
        weight_grams: product.weightGrams,
        variant_sku: variant.sku,
        options: variant.optionValueIds
          .map((valueId) => valueOf.get(valueId))
          .map((value) => `${value?.option ?? ''}=${value?.label ?? ''}`)
          .join(LIST_SEPARATOR),
        purchasing_disabled: variant.purchasingDisabled,
      };
      const prices = pricesOf.get(variant.id) ?? [];
      for (const list of priceLists) {
        const price = prices.find((candidate) => candidate.regionId === list.regionId);
        const amount = (minor: number | null | undefined) =>
          minor === null || minor === undefined ? null : decimalOf(minor, list.decimalPlaces);
        row[`price_${list.regionId}`] = amount(price?.price);
        row[`sale_price_${list.regionId}`] = amount(price?.salePrice);
        row[`retail_price_${list.regionId}`] = amount(price?.retailPrice);
      }
      row.stock =
        product.inventoryTracking === 'variant'
          ? variant.inventoryLevel
          : product.inventoryTracking === 'product'
            ? product.inventoryLevel
            : null;
      rows.push(row);
    }
  }
  return { columns: catalogueColumns(priceLists), rows };
}
