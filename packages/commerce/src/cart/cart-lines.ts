import { sql } from 'drizzle-orm';
import { DomainError } from '@piste/core';
import { integerArrayLiteral, queryRowsPrepared, type Db } from '@piste/db';
import type { cartItems, products } from '../schema/index';
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
/** A change's transaction, and the database it runs on (whose prepared statements it uses). */
export interface CartDatabase {
  db: Db;
  tx: Tx;
}

interface VariantToCheck {
  id: number;
  productId: number;
  sku: string;
  inventoryLevel: number;
  purchasingDisabled: boolean;
  name: string;
  isVisible: boolean;
  tracking: (typeof products.$inferSelect)['inventoryTracking'];
  productInventoryLevel: number;
  /** Null when the price list does not sell the variant. */
  price: number | null;
}

/**
 * What checking a variant needs: the product's stock rule and whether the price list sells it.
 * Prepared (decision 029-i), with the ids as one array so that the statement's text stays the same.
 */
async function loadVariants(carts: CartDatabase, shopper: ShopperContext, variantIds: number[]) {
  const rows = await queryRowsPrepared<VariantToCheck>(
    carts.db,
    'cart_variants_to_check',
    sql`select variants.id, variants.product_id as "productId", variants.sku,
               variants.inventory_level as "inventoryLevel", variants.purchasing_disabled as "purchasingDisabled",
               products.name, products.is_visible as "isVisible", products.inventory_tracking as tracking,
               products.inventory_level as "productInventoryLevel", variant_prices.price
        from variants
        join products on products.id = variants.product_id
        left join variant_prices
          on variant_prices.variant_id = variants.id and variant_prices.region_id = ${shopper.region.priceListRegion}
        where variants.id = any(${integerArrayLiteral(variantIds)}::integer[])`,
    carts.tx,
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Checks the lines a change sets (`touched` variants) against the catalogue: the variant
 * exists for its product, can be bought in the region, and is in stock for the quantity.
 * Stock tracked per product is shared by its variants, so their lines count together.
 */
export async function checkLines(
  carts: CartDatabase,
  shopper: ShopperContext,
  planned: PlannedLine[],
  touched: Set<number>,
) {
  assertLineCount(planned.length);
  const found = await loadVariants(carts, shopper, [...touched]);
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
