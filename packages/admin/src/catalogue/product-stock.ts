import { desc, eq } from 'drizzle-orm';
import { commerceSchema } from '@piste/commerce/server';
import { DomainError } from '@piste/core';
import { FieldErrors } from '../admin-error';
import { recordAudit, type DbOrTx } from '../audit/audit-log';
import { stockAdjustments } from '../schema/operations';
import type { StaffActor } from '../staff-actor';
import type { StockChangeRequest } from './catalogue-schemas';
import { adjustStock } from './stock-adjustments';

const { products, variants } = commerceSchema;

/**
 * A stock adjustment made in the back office: checked against how the product tracks stock
 * (per variant, as a whole, or not at all), applied under the row lock by `adjustStock`, and
 * audited. Answers the level left.
 */
export async function changeProductStock(
  db: DbOrTx,
  actor: StaffActor,
  productId: number,
  change: StockChangeRequest,
  requestId?: string,
): Promise<{ level: number }> {
  return db.transaction(async (tx) => {
    const [product] = await tx
      .select({ tracking: products.inventoryTracking })
      .from(products)
      .where(eq(products.id, productId));
    if (!product) throw new DomainError('NOT_FOUND', `There is no product ${productId}.`, 'NOT_FOUND');
    if (product.tracking === 'none') {
      throw new FieldErrors({ variantId: 'This product does not track stock.' });
    }
    if (product.tracking === 'variant' && change.variantId === null) {
      throw new FieldErrors({ variantId: 'This product tracks stock per variant: choose the variant.' });
    }
    if (product.tracking === 'product' && change.variantId !== null) {
      throw new FieldErrors({ variantId: 'This product tracks stock as a whole: adjust the product, not a variant.' });
    }
    const level = await adjustStock(tx, actor, {
      productId,
      variantId: change.variantId,
      change: change.delta !== undefined ? { delta: change.delta } : { level: change.level! },
      reason: change.reason,
      note: change.note,
    }).catch((error: unknown) => {
      if (error instanceof DomainError && error.code === 'NEGATIVE_STOCK')
        throw new FieldErrors({ delta: error.message });
      if (error instanceof DomainError && error.kind === 'NOT_FOUND') {
        throw new FieldErrors({ variantId: `Variant ${change.variantId} is not one of this product's.` });
      }
      throw error;
    });
    await recordAudit(
      tx,
      actor,
      {
        action: 'product.stock',
        entityType: 'product',
        entityId: productId,
        after: { variantId: change.variantId, level, reason: change.reason, note: change.note },
      },
      requestId,
    );
    return { level };
  });
}

/** A product's stock history, newest first (the last 200 adjustments). */
export async function stockHistory(db: DbOrTx, productId: number) {
  const rows = await db
    .select({
      id: stockAdjustments.id,
      variantId: stockAdjustments.variantId,
      variantSku: variants.sku,
      delta: stockAdjustments.delta,
      levelAfter: stockAdjustments.levelAfter,
      reason: stockAdjustments.reason,
      note: stockAdjustments.note,
      actor: stockAdjustments.actor,
      at: stockAdjustments.at,
    })
    .from(stockAdjustments)
    .leftJoin(variants, eq(variants.id, stockAdjustments.variantId))
    .where(eq(stockAdjustments.productId, productId))
    .orderBy(desc(stockAdjustments.at), desc(stockAdjustments.id))
    .limit(200);
  return rows.map((row) => ({ ...row, variantSku: row.variantSku ?? null, at: row.at.toISOString() }));
}
