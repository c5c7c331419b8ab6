import { and, eq, inArray } from 'drizzle-orm';
import { DomainError } from '@piste/core';
import type { Db } from '@piste/db';
import { products, variantPrices, variants, type cartItems } from '../schema/index';
import type { ShopperContext } from '../shopper-context';
import { assertLineCount, assertLineQuantity, notAVariantOf } from './cart-line-rules';

/**
 * The embedded cart's checks of a change against its catalogue, after the engine-neutral rules
 * of cart-line-rules.ts: a variant of its product that the region sells, and no more than its stock.
 */

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type LineRow = Pick<typeof cartItems.$inferSelect, 'id' | 'productId' | 'variantId' | 'quantity'>;
/** A line as a change leaves it: `id` is null for a line the change adds. */
export type PlannedLine = Omit<LineRow, 'id'> & { id: string | null };

/** What checking a variant needs: the product's stock rule and whether the price list sells it. */
async function loadVariants(tx: Tx, shopper: ShopperContext, variantIds: number[]) {
  const rows = await tx
    .select({
      id: variants.id,
      productId: variants.productId,
      sku: variants.sku,
      inventoryLevel: variants.inventoryLevel,
      purchasingDisabled: variants.purchasingDisabled,
      name: products.name,
      isVisible: products.isVisible,
      tracking: products.inventoryTracking,
      productInventoryLevel: products.inventoryLevel,
      price: variantPrices.price,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .leftJoin(
      variantPrices,
      and(eq(variantPrices.variantId, variants.id), eq(variantPrices.regionId, shopper.region.priceListRegion)),
    )
    .where(inArray(variants.id, variantIds));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Checks the lines a change sets (`touched` variants) against the catalogue: the variant
 * exists for its product, can be bought in the region, and is in stock for the quantity.
 * Stock tracked per product is shared by its variants, so their lines count together.
 */
export async function checkLines(tx: Tx, shopper: ShopperContext, planned: PlannedLine[], touched: Set<number>) {
  assertLineCount(planned.length);
  const found = await loadVariants(tx, shopper, [...touched]);
  for (const line of planned.filter((candidate) => touched.has(candidate.variantId))) {
    const variant = found.get(line.variantId);
    if (!variant || variant.productId !== line.productId) throw notAVariantOf(line.variantId, line.productId);
    const label = `"${variant.name}" (${variant.sku})`;
    if (!variant.isVisible || variant.purchasingDisabled || variant.price === null) {
      throw new DomainError('CONFLICT', `${label} cannot be bought in this region.`, 'NOT_PURCHASABLE');
    }
    assertLineQuantity(label, line.quantity);
    if (variant.tracking === 'none') continue;
    const stock = variant.tracking === 'product' ? variant.productInventoryLevel : variant.inventoryLevel;
    if (stock <= 0) throw new DomainError('CONFLICT', `${label} is out of stock.`, 'OUT_OF_STOCK');
    const wanted =
      variant.tracking === 'product'
        ? planned
            .filter((candidate) => candidate.productId === line.productId)
            .reduce((sum, candidate) => sum + candidate.quantity, 0)
        : line.quantity;
    if (wanted > stock) {
      throw new DomainError(
        'INVALID_DATA',
        `Only ${stock} of ${label} ${stock === 1 ? 'is' : 'are'} in stock; the cart cannot hold ${wanted}.`,
        'INSUFFICIENT_STOCK',
      );
    }
  }
}
