/**
 * The fake's catalog records in BigCommerce's v3 wire shapes, each written from the OpenAPI file
 * of github.com/bigcommerce/docs named next to it. Sub-resources are kept apart from their
 * product, as BigCommerce keeps them, and joined in only when `include` asks.
 */

/** `product_Full` (reference/catalog/products_catalog.v3.yml), the fields the shop reads. */
export interface ProductRecord {
  id: number;
  name: string;
  type: 'physical';
  sku: string;
  description: string;
  weight: number;
  price: number;
  sale_price: number;
  retail_price: number;
  calculated_price: number;
  categories: number[];
  brand_id: number;
  inventory_level: number;
  inventory_tracking: 'none' | 'product' | 'variant';
  is_visible: boolean;
  sort_order: number;
  availability: 'available' | 'disabled' | 'preorder';
  custom_url: { url: string; is_customized: boolean };
  base_variant_id: number | null;
  date_created: string;
  date_modified: string;
}

/** `productVariant_Full` (reference/catalog/product-variants_catalog.v3.yml). */
export interface VariantRecord {
  id: number;
  product_id: number;
  sku: string;
  /** Null: the product's own price applies. */
  price: number | null;
  sale_price: number | null;
  retail_price: number | null;
  calculated_price: number;
  inventory_level: number;
  purchasing_disabled: boolean;
  image_url: string;
  option_values: { id: number; label: string; option_id: number; option_display_name: string }[];
}

/** `productOption_Full` (reference/catalog/product-variant-options_catalog.v3.yml). */
export interface OptionRecord {
  id: number;
  product_id: number;
  display_name: string;
  type: 'swatch' | 'rectangles';
  sort_order: number;
  option_values: {
    id: number;
    label: string;
    sort_order: number;
    value_data: { colors: string[] } | null;
    is_default: boolean;
  }[];
}

/** `productImage_Full` (reference/catalog/products_catalog.v3.yml, product images). */
export interface ImageRecord {
  id: number;
  product_id: number;
  is_thumbnail: boolean;
  sort_order: number;
  description: string;
  image_file: string;
  url_zoom: string;
  url_standard: string;
  url_thumbnail: string;
  url_tiny: string;
  date_modified: string;
}

/** `productCustomField_Base` (reference/catalog/products_catalog.v3.yml, custom fields). */
export interface CustomFieldRecord {
  id: number;
  name: string;
  value: string;
}

/** A category of `GET /catalog/trees/categories` (reference/catalog/category-trees_catalog.v3.yml). */
export interface CategoryRecord {
  category_id: number;
  parent_id: number;
  tree_id: number;
  name: string;
  description: string;
  sort_order: number;
  is_visible: boolean;
  url: { path: string; is_customized: boolean };
}

/** A price record (reference/price_lists.v3.yml, `GET /pricelists/{id}/records`). */
export interface PriceRecord {
  price_list_id: number;
  variant_id: number;
  product_id: number;
  sku: string;
  currency: string;
  price: number;
  sale_price: number | null;
  retail_price: number | null;
  map_price: number | null;
  calculated_price: number;
  date_created: string;
  date_modified: string;
}

export interface CatalogRecords {
  products: ProductRecord[];
  variants: VariantRecord[];
  options: OptionRecord[];
  images: ImageRecord[];
  customFields: Map<number, CustomFieldRecord[]>;
  categories: CategoryRecord[];
  /** By price list id, then variant id. */
  priceLists: Map<number, Map<number, PriceRecord>>;
}
