import type { CatalogRecords, ProductRecord } from './catalog-records';
import { seedCatalogRecords } from './catalog-seed';

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
  /** The product's `custom_url.url` (`/{uid}/`); carts answer it as the line's storefront URL. */
  customUrl: string;
  /** How the product tracks stock; carts check `inventoryLevel` unless it is 'none'. */
  inventoryTracking: 'none' | 'product' | 'variant';
}

/** The fields `PUT /catalog/products/{id}` may change here. */
export type ProductUpdate = Partial<
  Pick<ProductRecord, 'name' | 'price' | 'sale_price' | 'is_visible' | 'inventory_level'>
>;

/** The fake's catalog records, seeded from the demo catalogue. */
export interface CatalogState {
  records: CatalogRecords;
  /** The variant a cart or order line names, or null when it does not exist. */
  lookupVariant(variantId: number, priceListId: number | null): FakeCartVariant | null;
  /** Takes stock when an order is placed (negative `delta`). */
  adjustStock(variantId: number, delta: number): void;
  /** Changes a product as the merchant would (webhook tests); null when it does not exist. */
  updateProduct(productId: number, update: ProductUpdate): ProductRecord | null;
}

export function seedCatalog(records: CatalogRecords = seedCatalogRecords()): CatalogState {
  const productById = (id: number) => records.products.find((product) => product.id === id) ?? null;
  const variantById = (id: number) => records.variants.find((variant) => variant.id === id) ?? null;
  const touch = (product: ProductRecord) => (product.date_modified = new Date().toISOString());

  return {
    records,

    lookupVariant(variantId, priceListId) {
      const variant = variantById(variantId);
      const product = variant && productById(variant.product_id);
      if (!variant || !product) return null;
      const listed = priceListId === null ? undefined : records.priceLists.get(priceListId)?.get(variantId);
      const listPrice = listed?.price ?? variant.price ?? product.price;
      const salePrice = listed ? listed.sale_price : variant.sale_price;
      return {
        productId: product.id,
        variantId,
        sku: variant.sku,
        name: product.name,
        listPrice,
        salePrice: salePrice !== null && salePrice > 0 && salePrice < listPrice ? salePrice : null,
        inventoryLevel: product.inventory_tracking === 'product' ? product.inventory_level : variant.inventory_level,
        purchasingDisabled: variant.purchasing_disabled,
        options: variant.option_values.map((value) => ({
          name: value.option_display_name,
          nameId: value.option_id,
          value: value.label,
          valueId: value.id,
        })),
        imageUrl: variant.image_url,
        customUrl: product.custom_url.url,
        inventoryTracking: product.inventory_tracking,
      };
    },

    adjustStock(variantId, delta) {
      const variant = variantById(variantId);
      const product = variant && productById(variant.product_id);
      if (!variant || !product) return;
      if (product.inventory_tracking === 'variant')
        variant.inventory_level = Math.max(0, variant.inventory_level + delta);
      if (product.inventory_tracking === 'product')
        product.inventory_level = Math.max(0, product.inventory_level + delta);
    },

    updateProduct(productId, update) {
      const product = productById(productId);
      if (!product) return null;
      Object.assign(product, update);
      touch(product);
      return product;
    },
  };
}
