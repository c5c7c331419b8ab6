import { and, eq, inArray } from 'drizzle-orm';
import { DomainError } from '@piste/core';
import type { Db } from '@piste/db';
import { products, variantPrices, variants, type cartItems } from '../schema/index';
import type { ShopperContext } from '../shopper-context';
import { MAX_CART_LINES, MAX_LINE_QUANTITY, type CartLineItemInput } from './cart-schemas';

/**
 * The rules a cart's lines keep, checked by every change of the embedded cart service: whole
 * quantities from 1 to 99, one line per variant, a variant of its product that the region sells,
 * and no more than its stock.
 */

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type LineRow = Pick<typeof cartItems.$inferSelect, 'id' | 'productId' | 'variantId' | 'quantity'>;
/** A line as a change leaves it: `id` is null for a line the change adds. */
export type PlannedLine = Omit<LineRow, 'id'> & { id: string | null };

/** The engine's own check, for callers that skip the API's schemas (SSR actions). */
export function assertQuantity(quantity: number): void {
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_LINE_QUANTITY) {
    throw new DomainError(
      'INVALID_DATA',
      `Quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}.`,
      'INVALID_QUANTITY',
    );
  }
}

export function notAVariantOf(variantId: number, productId: number): DomainError {
  return new DomainError(
    'INVALID_DATA',
    `Variant ${variantId} is not a variant of product ${productId}.`,
    'UNKNOWN_VARIANT',
  );
}

/** Requested lines, one per variant: the same variant twice in one call is one line. */
export function mergeRequested(items: readonly CartLineItemInput[]): CartLineItemInput[] {
  if (items.length === 0) throw new DomainError('INVALID_DATA', 'Send at least one line item.', 'INVALID_PARAMETER');
  const byVariant = new Map<number, CartLineItemInput>();
  for (const item of items) {
    assertQuantity(item.quantity);
    const seen = byVariant.get(item.variant_id);
    if (seen && seen.product_id !== item.product_id) throw notAVariantOf(item.variant_id, item.product_id);
    byVariant.set(item.variant_id, { ...item, quantity: (seen?.quantity ?? 0) + item.quantity });
  }
  return [...byVariant.values()];
}

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
  if (planned.length > MAX_CART_LINES) {
    throw new DomainError('INVALID_DATA', `A cart holds at most ${MAX_CART_LINES} lines.`, 'TOO_MANY_LINES');
  }
  const found = await loadVariants(tx, shopper, [...touched]);
  for (const line of planned.filter((candidate) => touched.has(candidate.variantId))) {
    const variant = found.get(line.variantId);
    if (!variant || variant.productId !== line.productId) throw notAVariantOf(line.variantId, line.productId);
    const label = `"${variant.name}" (${variant.sku})`;
    if (!variant.isVisible || variant.purchasingDisabled || variant.price === null) {
      throw new DomainError('CONFLICT', `${label} cannot be bought in this region.`, 'NOT_PURCHASABLE');
    }
    if (line.quantity > MAX_LINE_QUANTITY) {
      throw new DomainError(
        'INVALID_DATA',
        `A cart line holds at most ${MAX_LINE_QUANTITY}; ${label} would have ${line.quantity}.`,
        'QUANTITY_LIMIT',
      );
    }
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
