import { z } from 'zod';

/**
 * What the catalogue reads of BigCommerce's answers, from the OpenAPI files of
 * github.com/bigcommerce/docs (fields the shop does not read are let through unread). An answer
 * that does not fit is logged with its call and answered as unavailable (client.parse).
 */

const id = z.number().int();

/** `productVariant_Full` (reference/catalog/product-variants_catalog.v3.yml). */
export const wireVariantSchema = z.object({
  id,
  product_id: id,
  sku: z.string(),
  price: z.number().nullable(),
  sale_price: z.number().nullable(),
  retail_price: z.number().nullable(),
  inventory_level: z.number(),
  purchasing_disabled: z.boolean(),
  image_url: z.string(),
  option_values: z.array(z.object({ id, label: z.string(), option_id: id, option_display_name: z.string() })),
});
export type WireVariant = z.infer<typeof wireVariantSchema>;

/** `productOption_Full` (reference/catalog/product-variant-options_catalog.v3.yml). */
export const wireOptionSchema = z.object({
  id,
  product_id: id,
  display_name: z.string(),
  type: z.string(),
  sort_order: z.number(),
  option_values: z.array(
    z.object({
      id,
      label: z.string(),
      sort_order: z.number(),
      value_data: z
        .object({ colors: z.array(z.string()).optional() })
        .nullable()
        .optional(),
      is_default: z.boolean(),
    }),
  ),
});
export type WireOption = z.infer<typeof wireOptionSchema>;

/** `productImage_Full` (reference/catalog/products_catalog.v3.yml). */
const wireImageSchema = z.object({
  id,
  product_id: id,
  is_thumbnail: z.boolean(),
  sort_order: z.number(),
  description: z.string(),
  image_file: z.string(),
});

/** `productCustomField_Base` (reference/catalog/products_catalog.v3.yml). */
const wireCustomFieldSchema = z.object({ id, name: z.string(), value: z.string() });

/** `product_Full` with its `include`d sub-resources (reference/catalog/products_catalog.v3.yml). */
export const wireProductSchema = z.object({
  id,
  name: z.string(),
  sku: z.string(),
  description: z.string(),
  weight: z.number(),
  /** The catalogue's own prices, in the store's default currency; 0 is "none" for the sale and retail price. */
  price: z.number(),
  sale_price: z.number(),
  retail_price: z.number(),
  categories: z.array(id),
  brand_id: id,
  inventory_level: z.number(),
  inventory_tracking: z.enum(['none', 'product', 'variant']),
  is_visible: z.boolean(),
  sort_order: z.number(),
  custom_url: z.object({ url: z.string() }),
  base_variant_id: id.nullable().optional(),
  date_created: z.string(),
  date_modified: z.string(),
  variants: z.array(wireVariantSchema).optional(),
  options: z.array(wireOptionSchema).optional(),
  images: z.array(wireImageSchema).optional(),
  custom_fields: z.array(wireCustomFieldSchema).optional(),
});
export type WireProduct = z.infer<typeof wireProductSchema>;

/** A category of `GET /catalog/trees/categories` (reference/catalog/category-trees_catalog.v3.yml). */
export const wireCategorySchema = z.object({
  category_id: id,
  parent_id: id,
  name: z.string(),
  description: z.string(),
  sort_order: z.number(),
  is_visible: z.boolean(),
  url: z.object({ path: z.string() }),
});
export type WireCategory = z.infer<typeof wireCategorySchema>;

/** A price record of `GET /pricelists/{id}/records` (reference/price_lists.v3.yml). */
export const wirePriceRecordSchema = z.object({
  variant_id: id,
  price: z.number(),
  sale_price: z.number().nullable().optional(),
  retail_price: z.number().nullable().optional(),
});
export type WirePriceRecord = z.infer<typeof wirePriceRecordSchema>;
