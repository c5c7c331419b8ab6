import { eq } from 'drizzle-orm';
import { commerceSchema } from '@piste/commerce/server';
import type { DbOrTx } from '../audit/audit-log';
import { adjustStock } from '../catalogue/stock-adjustments';
import type { StaffActor } from '../staff-actor';

const { products, variants } = commerceSchema;

/** A unit count put back on the shelf: the stock history entry it made, for the audit log. */
export interface Restocked {
  productId: number;
  variantId: number | null;
  quantity: number;
  levelAfter: number;
}

/**
 * Puts order lines' units back into stock in the caller's transaction, each with a stock history
 * entry naming the order. A product that no longer exists or tracks no stock is skipped; one
 * tracking stock as a whole gets its level back rather than the variant's.
 */
export async function restockLines(
  tx: DbOrTx,
  actor: StaffActor,
  orderId: number,
  reason: 'order-cancelled' | 'order-refunded',
  lines: { productId: number; variantId: number; quantity: number }[],
): Promise<Restocked[]> {
  const restocked: Restocked[] = [];
  for (const line of lines) {
    if (line.quantity <= 0) continue;
    const [product] = await tx
      .select({ tracking: products.inventoryTracking })
      .from(products)
      .where(eq(products.id, line.productId));
    if (!product || product.tracking === 'none') continue;
    let variantId: number | null = null;
    if (product.tracking === 'variant') {
      const [variant] = await tx.select({ id: variants.id }).from(variants).where(eq(variants.id, line.variantId));
      if (!variant) continue;
      variantId = variant.id;
    }
    const levelAfter = await adjustStock(tx, actor, {
      productId: line.productId,
      variantId,
      change: { delta: line.quantity },
      reason,
      note: `Order ${orderId}`,
    });
    restocked.push({ productId: line.productId, variantId, quantity: line.quantity, levelAfter });
  }
  return restocked;
}
