import type { ProductInventoryDto } from './dto';

/**
 * How stock reads, whichever engine holds the catalogue: a product tracks none, its own level,
 * or its variants'; a variant whose purchasing is disabled is never in stock.
 */

export interface StockTrackedProduct {
  inventory_tracking: 'none' | 'product' | 'variant';
  inventory_level: number;
}

export interface StockedVariant {
  purchasing_disabled: boolean;
  inventory_level: number;
}

/** Whether a shopper can buy the variant now, by how the product tracks stock. */
export function variantInStock(product: StockTrackedProduct, variant: StockedVariant): boolean {
  if (variant.purchasing_disabled) return false;
  if (product.inventory_tracking === 'none') return true;
  if (product.inventory_tracking === 'product') return product.inventory_level > 0;
  return variant.inventory_level > 0;
}

/** The product's stock: its own, the sum of its variants', or 0 when untracked. */
export function productInventoryLevel(
  product: StockTrackedProduct,
  variants: readonly { inventory_level: number }[],
): number {
  if (product.inventory_tracking === 'variant')
    return variants.reduce((sum, variant) => sum + variant.inventory_level, 0);
  return product.inventory_tracking === 'product' ? product.inventory_level : 0;
}

/** Whether a product can be bought now, as category pages (category-listing.ts, in SQL) and the search index decide it. */
export function productInStock(product: StockTrackedProduct, variants: readonly StockedVariant[]): boolean {
  if (product.inventory_tracking === 'none') return true;
  if (product.inventory_tracking === 'product') return product.inventory_level > 0;
  return variants.some((variant) => variant.inventory_level > 0 && !variant.purchasing_disabled);
}

/** A variant's own level as the catalogue shows it: 0 unless the product tracks its variants. */
export function variantInventoryLevel(product: StockTrackedProduct, variant: { inventory_level: number }): number {
  return product.inventory_tracking === 'variant' ? variant.inventory_level : 0;
}

/** `GET category/products/inventory`'s entry of a product: a hidden product is in stock nowhere. */
export function productInventory(
  product: StockTrackedProduct & { id: number; is_visible: boolean },
  variants: readonly (StockedVariant & { id: number; sku: string })[],
): ProductInventoryDto {
  const variantStock = variants.map((variant) => ({
    id: variant.id,
    sku: variant.sku,
    inventory_level: variantInventoryLevel(product, variant),
    is_in_stock: product.is_visible && variantInStock(product, variant),
  }));
  return {
    product_id: product.id,
    inventory_tracking: product.inventory_tracking,
    inventory_level: productInventoryLevel(product, variants),
    is_in_stock: variantStock.some((variant) => variant.is_in_stock),
    variants: variantStock,
  };
}
