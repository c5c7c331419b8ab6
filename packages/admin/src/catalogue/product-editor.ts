import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { commerceSchema } from '@piste/commerce/server';
import { DomainError } from '@piste/core';
import { FieldErrors, VersionConflict } from '../admin-error';
import { recordAudit, type DbOrTx } from '../audit/audit-log';
import type { StaffActor } from '../staff-actor';
import type { ProductCreate, ProductDetail, ProductPatch } from './catalogue-schemas';
import { loadPriceLists } from './price-lists';

const {
  products,
  variants,
  variantPrices,
  productOptions,
  optionValues,
  productCategories,
  productImages,
  customFields,
  categories,
  brands,
} = commerceSchema;

function notFound(productId: number): DomainError {
  return new DomainError('NOT_FOUND', `There is no product ${productId}.`, 'NOT_FOUND');
}

/** Everything the editor shows of one product, with the `version` a save must send back. */
export async function loadProduct(db: DbOrTx, productId: number): Promise<ProductDetail> {
  const [product] = await db.select().from(products).where(eq(products.id, productId));
  if (!product) throw notFound(productId);
  const [categoryRows, optionRows, valueRows, variantRows, priceRows, imageRows, fieldRows, priceLists] =
    await Promise.all([
      db
        .select({ id: productCategories.categoryId })
        .from(productCategories)
        .where(eq(productCategories.productId, productId)),
      db
        .select()
        .from(productOptions)
        .where(eq(productOptions.productId, productId))
        .orderBy(asc(productOptions.sortOrder), asc(productOptions.id)),
      db
        .select({
          id: optionValues.id,
          optionId: optionValues.optionId,
          label: optionValues.label,
          hexColors: optionValues.hexColors,
        })
        .from(optionValues)
        .innerJoin(productOptions, eq(productOptions.id, optionValues.optionId))
        .where(eq(productOptions.productId, productId))
        .orderBy(asc(optionValues.sortOrder), asc(optionValues.id)),
      db.select().from(variants).where(eq(variants.productId, productId)).orderBy(asc(variants.id)),
      db
        .select()
        .from(variantPrices)
        .innerJoin(variants, eq(variants.id, variantPrices.variantId))
        .where(eq(variants.productId, productId))
        .orderBy(asc(variantPrices.regionId)),
      db
        .select()
        .from(productImages)
        .where(eq(productImages.productId, productId))
        .orderBy(asc(productImages.sortOrder), asc(productImages.id)),
      db.select().from(customFields).where(eq(customFields.productId, productId)).orderBy(asc(customFields.id)),
      loadPriceLists(db),
    ]);
  const labelOf = new Map(valueRows.map((value) => [value.id, value.label]));
  return {
    id: product.id,
    uid: product.uid,
    name: product.name,
    sku: product.sku,
    description: product.description,
    brandId: product.brandId,
    weightGrams: product.weightGrams,
    inventoryTracking: product.inventoryTracking,
    inventoryLevel: product.inventoryLevel,
    isVisible: product.isVisible,
    isNew: product.isNew,
    isRedesigned: product.isRedesigned,
    sortOrder: product.sortOrder,
    version: product.version,
    updatedAt: product.updatedAt.toISOString(),
    categoryIds: categoryRows.map((row) => row.id).sort((a, b) => a - b),
    options: optionRows.map((option) => ({
      id: option.id,
      displayName: option.displayName,
      type: option.type,
      values: valueRows
        .filter((value) => value.optionId === option.id)
        .map(({ id, label, hexColors }) => ({ id, label, hexColors })),
    })),
    variants: variantRows.map((variant) => ({
      id: variant.id,
      sku: variant.sku,
      optionValueIds: variant.optionValueIds,
      optionLabels: variant.optionValueIds.map((valueId) => labelOf.get(valueId) ?? ''),
      inventoryLevel: variant.inventoryLevel,
      purchasingDisabled: variant.purchasingDisabled,
      imageMediaId: variant.imageMediaId,
      prices: priceRows
        .filter((row) => row.variant_prices.variantId === variant.id)
        .map(({ variant_prices: price }) => ({
          regionId: price.regionId,
          currencyCode: price.currencyCode,
          price: price.price,
          salePrice: price.salePrice,
          retailPrice: price.retailPrice,
        })),
    })),
    images: imageRows.map(({ id, mediaId, description, isThumbnail, sortOrder }) => ({
      id,
      mediaId,
      description,
      isThumbnail,
      sortOrder,
    })),
    customFields: fieldRows.map(({ name, value }) => ({ name, value })),
    priceLists,
  };
}

type PriceInput = { regionId: string; price: number; salePrice: number | null; retailPrice: number | null };

/** A price's own rules, reported at `{path}.salePrice`: a sale must be below the price. */
function checkPrice(price: PriceInput, path: string, fields: Record<string, string>, knownRegions: Set<string>): void {
  if (!knownRegions.has(price.regionId)) fields[`${path}.regionId`] = `There is no price list ${price.regionId}.`;
  if (price.salePrice !== null && price.salePrice >= price.price) {
    fields[`${path}.salePrice`] = 'A sale price must be below the price.';
  }
}

async function checkReferences(
  tx: DbOrTx,
  edit: { brandId?: number | null; categoryIds?: number[] },
  fields: Record<string, string>,
): Promise<void> {
  if (edit.brandId != null) {
    const [brand] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, edit.brandId));
    if (!brand) fields.brandId = `There is no brand ${edit.brandId}.`;
  }
  if (edit.categoryIds && edit.categoryIds.length > 0) {
    const found = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(inArray(categories.id, edit.categoryIds));
    const known = new Set(found.map((row) => row.id));
    edit.categoryIds.forEach((categoryId, index) => {
      if (!known.has(categoryId)) fields[`categoryIds.${index}`] = `There is no category ${categoryId}.`;
    });
  }
}

async function upsertPrices(tx: DbOrTx, variantId: number, prices: PriceInput[], currencyOf: Map<string, string>) {
  for (const price of prices) {
    const row = {
      variantId,
      regionId: price.regionId,
      currencyCode: currencyOf.get(price.regionId)!,
      price: price.price,
      salePrice: price.salePrice,
      retailPrice: price.retailPrice,
    };
    await tx
      .insert(variantPrices)
      .values(row)
      .onConflictDoUpdate({
        target: [variantPrices.variantId, variantPrices.regionId],
        set: { price: row.price, salePrice: row.salePrice, retailPrice: row.retailPrice },
      });
  }
}

/**
 * Saves an edit of a product made from `patch.version`. The product row is locked first, so of
 * two editors saving at once exactly one wins; the other's stale version is refused with the
 * product as it is now. Every check runs before the first write: a refused edit changes nothing.
 */
export async function updateProduct(
  db: DbOrTx,
  actor: StaffActor,
  productId: number,
  patch: ProductPatch,
  requestId?: string,
): Promise<ProductDetail> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ version: products.version })
      .from(products)
      .where(eq(products.id, productId))
      .for('update');
    if (!locked) throw notFound(productId);
    const before = await loadProduct(tx, productId);
    if (locked.version !== patch.version) throw new VersionConflict(before, `Product ${before.name}`);

    const fields: Record<string, string> = {};
    await checkReferences(tx, patch, fields);
    const knownRegions = new Set(before.priceLists.map((list) => list.regionId));
    const ownVariants = new Set(before.variants.map((variant) => variant.id));
    patch.variants?.forEach((variant, index) => {
      if (!ownVariants.has(variant.id))
        fields[`variants.${index}.id`] = `Variant ${variant.id} is not one of this product's.`;
      variant.prices?.forEach((price, priceIndex) =>
        checkPrice(price, `variants.${index}.prices.${priceIndex}`, fields, knownRegions),
      );
    });
    if (Object.keys(fields).length > 0) throw new FieldErrors(fields);

    const { version: _loaded, categoryIds, customFields: fieldEdits, variants: variantEdits, ...columns } = patch;
    await tx
      .update(products)
      .set({ ...columns, version: sql`${products.version} + 1`, updatedAt: new Date() })
      .where(eq(products.id, productId));
    if (categoryIds) {
      await tx.delete(productCategories).where(eq(productCategories.productId, productId));
      const unique = [...new Set(categoryIds)];
      if (unique.length > 0)
        await tx.insert(productCategories).values(unique.map((categoryId) => ({ productId, categoryId })));
    }
    if (fieldEdits) {
      await tx.delete(customFields).where(eq(customFields.productId, productId));
      if (fieldEdits.length > 0)
        await tx.insert(customFields).values(fieldEdits.map((field) => ({ productId, ...field })));
    }
    const currencyOf = new Map(before.priceLists.map((list) => [list.regionId, list.currencyCode]));
    for (const variant of variantEdits ?? []) {
      if (variant.purchasingDisabled !== undefined) {
        await tx
          .update(variants)
          .set({ purchasingDisabled: variant.purchasingDisabled, updatedAt: new Date() })
          .where(and(eq(variants.id, variant.id), eq(variants.productId, productId)));
      }
      if (variant.prices) await upsertPrices(tx, variant.id, variant.prices, currencyOf);
    }
    const after = await loadProduct(tx, productId);
    await recordAudit(
      tx,
      actor,
      { action: 'product.update', entityType: 'product', entityId: productId, ...changedFields(before, after) },
      requestId,
    );
    return after;
  });
}

/** The audit entry's before → after: only the top-level fields the edit changed. */
export function changedFields(before: ProductDetail, after: ProductDetail): { before: object; after: object } {
  const changed: { before: Record<string, unknown>; after: Record<string, unknown> } = { before: {}, after: {} };
  for (const key of Object.keys(after) as (keyof ProductDetail)[]) {
    if (key === 'updatedAt' || key === 'priceLists') continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      changed.before[key] = before[key];
      changed.after[key] = after[key];
    }
  }
  return changed;
}

/** `Horizon Goggle 2` → `horizon-goggle-2`: a new product's url slug when none is given. */
export function slugOf(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 120) || 'product'
  );
}

/**
 * Creates a product with its options, variants and prices, hidden unless asked (a merchant
 * adds images and content before showing it). Tracks stock per variant, starting at 0: stock
 * arrives through an adjustment, which the history keeps.
 */
export async function createProduct(
  db: DbOrTx,
  actor: StaffActor,
  input: ProductCreate,
  requestId?: string,
): Promise<ProductDetail> {
  return db.transaction(async (tx) => {
    const fields: Record<string, string> = {};
    await checkReferences(tx, input, fields);
    const priceLists = await loadPriceLists(tx);
    const knownRegions = new Set(priceLists.map((list) => list.regionId));
    const uid = input.uid ?? slugOf(input.name);
    const skus = [input.sku, ...input.variants.map((variant) => variant.sku)];
    const [takenUid] = await tx.select({ id: products.id }).from(products).where(eq(products.uid, uid));
    if (takenUid) fields.uid = `Another product already has the url name ${uid}.`;
    const takenSkus = new Set([
      ...(await tx.select({ sku: products.sku }).from(products).where(inArray(products.sku, skus))).map(
        (row) => row.sku,
      ),
      ...(await tx.select({ sku: variants.sku }).from(variants).where(inArray(variants.sku, skus))).map(
        (row) => row.sku,
      ),
    ]);
    if (takenSkus.has(input.sku)) fields.sku = `The SKU ${input.sku} is taken.`;
    const seen = new Set<string>();
    input.variants.forEach((variant, index) => {
      if (takenSkus.has(variant.sku) || seen.has(variant.sku) || variant.sku === input.sku) {
        fields[`variants.${index}.sku`] = `The SKU ${variant.sku} is taken.`;
      }
      seen.add(variant.sku);
      if (variant.optionLabels.length !== input.options.length) {
        fields[`variants.${index}.optionLabels`] = `Give one value for each of the ${input.options.length} options.`;
      }
      variant.optionLabels.forEach((label, position) => {
        if (input.options[position] && !input.options[position].values.includes(label)) {
          fields[`variants.${index}.optionLabels.${position}`] =
            `${label} is not a value of ${input.options[position].displayName}.`;
        }
      });
      variant.prices.forEach((price, priceIndex) =>
        checkPrice(price, `variants.${index}.prices.${priceIndex}`, fields, knownRegions),
      );
    });
    if (Object.keys(fields).length > 0) throw new FieldErrors(fields);

    const [product] = await tx
      .insert(products)
      .values({
        uid,
        name: input.name,
        sku: input.sku,
        description: input.description,
        brandId: input.brandId,
        weightGrams: input.weightGrams,
        inventoryTracking: 'variant',
        isVisible: input.isVisible,
        isNew: input.isNew,
        isRedesigned: input.isRedesigned,
      })
      .returning({ id: products.id });
    const productId = product!.id;
    const categoryIds = [...new Set(input.categoryIds)];
    if (categoryIds.length > 0)
      await tx.insert(productCategories).values(categoryIds.map((categoryId) => ({ productId, categoryId })));
    const valueIds = await insertOptions(tx, productId, input.options);
    const currencyOf = new Map(priceLists.map((list) => [list.regionId, list.currencyCode]));
    for (const variant of input.variants) {
      const [row] = await tx
        .insert(variants)
        .values({
          productId,
          sku: variant.sku,
          optionValueIds: variant.optionLabels.map((label, position) => valueIds[position]!.get(label)!),
        })
        .returning({ id: variants.id });
      await upsertPrices(tx, row!.id, variant.prices, currencyOf);
    }
    const created = await loadProduct(tx, productId);
    await recordAudit(
      tx,
      actor,
      { action: 'product.create', entityType: 'product', entityId: productId, after: created },
      requestId,
    );
    return created;
  });
}

/** Inserts a product's options and values; answers, per option, each value's id by label. */
export async function insertOptions(
  tx: DbOrTx,
  productId: number,
  options: { displayName: string; type: 'swatch' | 'rectangles'; values: string[] }[],
): Promise<Map<string, number>[]> {
  const valueIds: Map<string, number>[] = [];
  for (const [position, option] of options.entries()) {
    const [row] = await tx
      .insert(productOptions)
      .values({ productId, displayName: option.displayName, type: option.type, sortOrder: position })
      .returning({ id: productOptions.id });
    const values = [...new Set(option.values)];
    const inserted = await tx
      .insert(optionValues)
      .values(values.map((label, index) => ({ optionId: row!.id, label, sortOrder: index, isDefault: index === 0 })))
      .returning({ id: optionValues.id, label: optionValues.label });
    valueIds.push(new Map(inserted.map((value) => [value.label, value.id])));
  }
  return valueIds;
}

/**
 * Archives a product: hidden from the shop, kept for the orders that name it. Answers the
 * product as it is now; archiving a hidden product changes nothing.
 */
export async function archiveProduct(
  db: DbOrTx,
  actor: StaffActor,
  productId: number,
  requestId?: string,
): Promise<ProductDetail> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ isVisible: products.isVisible })
      .from(products)
      .where(eq(products.id, productId))
      .for('update');
    if (!row) throw notFound(productId);
    if (row.isVisible) {
      await tx
        .update(products)
        .set({ isVisible: false, version: sql`${products.version} + 1`, updatedAt: new Date() })
        .where(eq(products.id, productId));
      await recordAudit(
        tx,
        actor,
        {
          action: 'product.archive',
          entityType: 'product',
          entityId: productId,
          before: { isVisible: true },
          after: { isVisible: false },
        },
        requestId,
      );
    }
    return loadProduct(tx, productId);
  });
}
