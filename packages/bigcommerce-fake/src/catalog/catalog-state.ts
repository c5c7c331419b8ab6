/** What a cart line needs of a variant, priced in a price list (null: the catalogue's own prices). */
export interface FakeCartVariant {
  productId: number;
  variantId: number;
  sku: string;
  name: string;
  /** Decimal amounts, as BigCommerce answers them. */
  listPrice: number;
  salePrice: number | null;
  inventoryLevel: number;
  purchasingDisabled: boolean;
  options: { name: string; nameId: number; value: string; valueId: number }[];
  imageUrl: string;
}

/** The fake's catalog records, seeded from the demo catalogue. */
export interface CatalogState {
  /** The variant a cart or order line names, or null when it does not exist. */
  lookupVariant(variantId: number, priceListId: number | null): FakeCartVariant | null;
  /** Takes stock when an order is placed (negative `delta`). */
  adjustStock(variantId: number, delta: number): void;
}

export function seedCatalog(): CatalogState {
  return {
    lookupVariant: () => null,
    adjustStock: () => {},
  };
}
