/** BigCommerce v3 catalogue shapes (snake_case), as the storefront proxy answers them. */

export interface Pagination {
  total: number;
  count: number;
  per_page: number;
  current_page: number;
  total_pages: number;
}

export interface ListResponse<Item> {
  data: Item[];
  meta: { pagination: Pagination };
}

export interface ItemResponse<Item> {
  data: Item;
  meta: Record<string, never>;
}

export interface OptionValueDto {
  id: number;
  label: string;
  sort_order: number;
  value_data: { colors: string[] } | null;
  is_default: boolean;
}

export interface ProductOptionDto {
  id: number;
  product_id: number;
  display_name: string;
  type: 'swatch' | 'rectangles';
  sort_order: number;
  option_values: OptionValueDto[];
}

export interface VariantOptionValueDto {
  id: number;
  label: string;
  option_id: number;
  option_display_name: string;
}

export interface VariantDto {
  id: number;
  product_id: number;
  sku: string;
  price: number;
  sale_price: number | null;
  retail_price: number | null;
  calculated_price: number;
  inventory_level: number;
  /** Piste extension: whether a shopper can buy this variant now. */
  is_in_stock: boolean;
  purchasing_disabled: boolean;
  image_url: string;
  option_values: VariantOptionValueDto[];
}

export interface ProductImageDto {
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
}

export interface CustomFieldDto {
  id: number;
  name: string;
  value: string;
}

export interface ProductDto {
  id: number;
  name: string;
  type: 'physical';
  sku: string;
  description: string;
  weight: number;
  price: number;
  sale_price: number | null;
  retail_price: number | null;
  calculated_price: number;
  categories: number[];
  brand_id: number | null;
  inventory_level: number;
  inventory_tracking: 'none' | 'product' | 'variant';
  is_visible: boolean;
  /** Piste extensions (spec §3 'Product card' bcProduct): in stock, new, redesigned. */
  is_in_stock: boolean;
  is_new: boolean;
  is_redesigned: boolean;
  availability: 'available' | 'disabled';
  custom_url: { url: string; is_customized: boolean };
  base_variant_id: number | null;
  date_created: string;
  date_modified: string;
  variants?: VariantDto[];
  options?: ProductOptionDto[];
  images?: ProductImageDto[];
  custom_fields?: CustomFieldDto[];
}

export interface CategoryDto {
  id: number;
  parent_id: number;
  name: string;
  description: string;
  sort_order: number;
  is_visible: boolean;
  custom_url: { url: string; is_customized: boolean };
}

export interface CategoryTreeNodeDto {
  id: number;
  parent_id: number;
  depth: number;
  path: number[];
  name: string;
  is_visible: boolean;
  url: string;
  children: CategoryTreeNodeDto[];
}

export interface ProductInventoryDto {
  product_id: number;
  inventory_tracking: 'none' | 'product' | 'variant';
  inventory_level: number;
  is_in_stock: boolean;
  variants: { id: number; sku: string; inventory_level: number; is_in_stock: boolean }[];
}

export function paginate(total: number, count: number, page: number, perPage: number): Pagination {
  return {
    total,
    count,
    per_page: perPage,
    current_page: page,
    total_pages: Math.max(1, Math.ceil(total / perPage)),
  };
}

/** BigCommerce's include_fields: the listed fields plus id (and sub-resources asked for with include). */
export function pickFields<T extends { id: number }>(
  item: T,
  fields: string[] | undefined,
  keep: readonly string[] = [],
): T {
  if (!fields || fields.length === 0) return item;
  const wanted = new Set(['id', ...fields, ...keep]);
  return Object.fromEntries(Object.entries(item).filter(([key]) => wanted.has(key))) as T;
}
