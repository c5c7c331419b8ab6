import { and, eq } from 'drizzle-orm';
import { commerceSchema } from '@piste/commerce/server';
import { DomainError } from '@piste/core';
import type { DbOrTx } from '../audit/audit-log';
import { stockAdjustments } from '../schema/operations';
import { actorLabel, type StaffActor } from '../staff-actor';

const { products, variants } = commerceSchema;

export interface StockChange {
  productId: number;
  /** The variant whose level changes; null for a product tracking stock as a whole. */
  variantId: number | null;
  /** Either a change (`delta: -2`) or the level counted on the shelf (`level: 0`). */
  change: { delta: number } | { level: number };
  /** `received`, `correction`, `damaged`, `import`, `order-cancelled`, … */
  reason: string;
  note?: string;
}

/**
 * Changes a stock level and records it in the stock history, in the caller's transaction. The
 * row is locked first, so a checkout taking stock at the same moment is counted, never lost:
 * a `level` is turned into the delta from the level found under the lock. A level never goes
 * below zero. Returns the level left.
 */
export async function adjustStock(tx: DbOrTx, actor: StaffActor, stock: StockChange): Promise<number> {
  const [row] =
    stock.variantId === null
      ? await tx
          .select({ level: products.inventoryLevel })
          .from(products)
          .where(eq(products.id, stock.productId))
          .for('update')
      : await tx
          .select({ level: variants.inventoryLevel })
          .from(variants)
          .where(and(eq(variants.id, stock.variantId), eq(variants.productId, stock.productId)))
          .for('update');
  if (!row) throw new DomainError('NOT_FOUND', 'No such product or variant.', 'NOT_FOUND');
  const delta = 'delta' in stock.change ? stock.change.delta : stock.change.level - row.level;
  const levelAfter = row.level + delta;
  if (levelAfter < 0) {
    throw new DomainError('INVALID_DATA', `Stock cannot go below zero (it is ${row.level}).`, 'NEGATIVE_STOCK');
  }
  if (delta === 0) return levelAfter;
  if (stock.variantId === null) {
    await tx
      .update(products)
      .set({ inventoryLevel: levelAfter, updatedAt: new Date() })
      .where(eq(products.id, stock.productId));
  } else {
    await tx
      .update(variants)
      .set({ inventoryLevel: levelAfter, updatedAt: new Date() })
      .where(and(eq(variants.id, stock.variantId), eq(variants.productId, stock.productId)));
  }
  await tx.insert(stockAdjustments).values({
    productId: stock.productId,
    variantId: stock.variantId,
    delta,
    levelAfter,
    reason: stock.reason,
    note: stock.note ?? '',
    staffId: actor.id,
    actor: actorLabel(actor),
  });
  return levelAfter;
}
