import { describe, expect, it } from 'vitest';
import { productInventory, productInStock } from './stock-rules';
import { fromPrice, priceVariants } from './variant-view';

const variants = [
  { id: 1, sku: 'S', inventory_level: 0, purchasing_disabled: false },
  { id: 2, sku: 'M', inventory_level: 4, purchasing_disabled: true },
];

describe('stock and price rules both catalogues answer by', () => {
  it('counts a product tracked by variant from its variants, and never sells a disabled variant', () => {
    const answer = productInventory(
      { id: 9, inventory_tracking: 'variant', inventory_level: 0, is_visible: true },
      variants,
    );
    expect(answer).toMatchObject({ inventory_level: 4, is_in_stock: false });
    expect(answer.variants.map((variant) => variant.is_in_stock)).toEqual([false, false]);
    expect(productInStock({ inventory_tracking: 'variant', inventory_level: 0 }, variants)).toBe(false);
  });

  it('shares a product-tracked level among its variants, and keeps a hidden product out of stock', () => {
    const tracked = { id: 9, inventory_tracking: 'product' as const, inventory_level: 3 };
    const visible = productInventory({ ...tracked, is_visible: true }, variants);
    expect(visible.variants).toEqual([
      { id: 1, sku: 'S', inventory_level: 0, is_in_stock: true },
      { id: 2, sku: 'M', inventory_level: 0, is_in_stock: false },
    ]);
    expect(productInventory({ ...tracked, is_visible: false }, variants).is_in_stock).toBe(false);
  });

  it('prices a product from its cheapest variant its price list sells, and at 0 when it sells none', () => {
    const stored = new Map([
      [1, { price: 5000, salePrice: 4000, retailPrice: null }],
      [2, { price: 4500, salePrice: null, retailPrice: null }],
    ]);
    const priced = priceVariants([1, 2, 3], (id) => stored.get(id) ?? null, 0);
    expect(fromPrice(priced)).toMatchObject({ price: 50, sale_price: 40, calculated_price: 40 });
    expect(priced[2]!.price.calculated_price).toBe(0);
    expect(fromPrice(priceVariants([3], () => null, 0)).calculated_price).toBe(0);
  });
});
