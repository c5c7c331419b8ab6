import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { commerceSchema } from '@piste/commerce/server';
import type { DbOrTx } from '../audit/audit-log';
import { auditLog } from '../schema/staff';
import { actorLabel, type StaffActor } from '../staff-actor';
import type { BulkEdit, BulkOperation } from './catalogue-schemas';
import { productIdsMatching } from './product-list';

const { products, variants, variantPrices } = commerceSchema;

/** Ids per UPDATE: keeps each statement's parameters well under Postgres's limit. */
const CHUNK = 1_000;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += CHUNK) out.push(items.slice(start, start + CHUNK));
  return out;
}

/** The products whose prices or columns the operation would change (the others are left alone). */
async function productsChangedBy(tx: DbOrTx, ids: number[], operation: BulkOperation): Promise<number[]> {
  const changed: number[] = [];
  for (const part of chunks(ids)) {
    if (operation.type === 'sale' || operation.type === 'clear-sale') {
      const rows = await tx
        .selectDistinct({ id: variants.productId })
        .from(variantPrices)
        .innerJoin(variants, eq(variants.id, variantPrices.variantId))
        .where(
          and(
            inArray(variants.productId, part),
            operation.type === 'clear-sale' ? isNotNull(variantPrices.salePrice) : undefined,
          ),
        );
      changed.push(...rows.map((row) => row.id));
    } else {
      const set = columnsOf(operation);
      const differs = Object.entries(set).map(([column, value]) =>
        column === 'isVisible'
          ? sql`${products.isVisible} <> ${value}`
          : column === 'isNew'
            ? sql`${products.isNew} <> ${value}`
            : sql`${products.isRedesigned} <> ${value}`,
      );
      if (differs.length === 0) continue;
      const rows = await tx
        .select({ id: products.id })
        .from(products)
        .where(and(inArray(products.id, part), sql`(${sql.join(differs, sql` or `)})`));
      changed.push(...rows.map((row) => row.id));
    }
  }
  return changed.sort((a, b) => a - b);
}

function columnsOf(operation: Extract<BulkOperation, { type: 'visibility' | 'flags' }>) {
  if (operation.type === 'visibility') return { isVisible: operation.isVisible };
  return {
    ...(operation.isNew !== undefined && { isNew: operation.isNew }),
    ...(operation.isRedesigned !== undefined && { isRedesigned: operation.isRedesigned }),
  };
}

/**
 * Sets every price's sale to `percentOff` below it, in minor units (cents, or whole yen for a
 * currency without decimals) rounded half up to the nearest one: 22995 at 20 % → 18396. A sale
 * too small to move a price by one unit is none rather than equal to the price.
 */
async function putOnSale(tx: DbOrTx, ids: number[], percentOff: number): Promise<void> {
  const factor = (100 - percentOff) / 100;
  for (const part of chunks(ids)) {
    // round() in SQL is half away from zero, as Math.round is for these positive amounts.
    await tx.execute(sql`
      update ${variantPrices} set sale_price = case
          when round(${variantPrices.price} * ${factor}::numeric) < ${variantPrices.price}
          then round(${variantPrices.price} * ${factor}::numeric)::int end
        from ${variants}
        where ${variants.id} = ${variantPrices.variantId} and ${inArray(variants.productId, part)}`);
  }
}

/**
 * A bulk edit of the selected products (named, or found by a list filter), in one transaction:
 * put on sale at a percentage off each price, clear sales, show or hide, set the new /
 * redesigned flags. Products the operation would not change are left untouched. Each changed
 * product's version is bumped (an editor open on it must reload) and gets its own audit entry,
 * so a product's history tells the whole story (docs/admin/catalogue.md 'Bulk edit').
 */
export async function bulkEditProducts(
  db: DbOrTx,
  actor: StaffActor,
  edit: BulkEdit,
  requestId?: string,
): Promise<{ matched: number; changed: number; productIds: number[] }> {
  return db.transaction(async (tx) => {
    const selected =
      'productIds' in edit.selection
        ? (
            await tx
              .select({ id: products.id })
              .from(products)
              .where(inArray(products.id, [...new Set(edit.selection.productIds)]))
          ).map((row) => row.id)
        : await productIdsMatching(tx, edit.selection.filter);
    const changed = await productsChangedBy(tx, selected, edit.operation);
    const { operation } = edit;
    if (operation.type === 'sale') await putOnSale(tx, changed, operation.percentOff);
    if (operation.type === 'clear-sale') {
      for (const part of chunks(changed)) {
        await tx.execute(sql`
          update ${variantPrices} set sale_price = null from ${variants}
          where ${variants.id} = ${variantPrices.variantId} and ${inArray(variants.productId, part)}`);
      }
    }
    for (const part of chunks(changed)) {
      await tx
        .update(products)
        .set({
          ...(operation.type === 'visibility' || operation.type === 'flags' ? columnsOf(operation) : {}),
          version: sql`${products.version} + 1`,
          updatedAt: new Date(),
        })
        .where(inArray(products.id, part));
    }
    for (const part of chunks(changed)) {
      await tx.insert(auditLog).values(
        part.map((productId) => ({
          staffId: actor.id,
          actor: actorLabel(actor),
          action: 'product.bulk-edit',
          entityType: 'product',
          entityId: String(productId),
          before: null,
          after: { operation },
          requestId: requestId ?? null,
        })),
      );
    }
    return { matched: selected.length, changed: changed.length, productIds: changed };
  });
}
