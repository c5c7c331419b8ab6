import { z } from 'zod';

/** Catalogue lists are paged from page 1 (spec §9). */
export const MAX_PAGE_SIZE = 250;
export const DEFAULT_PAGE_SIZE = 50;

const positiveId = z.coerce
  .number({ error: 'must be a positive whole number' })
  .int({ error: 'must be a positive whole number' })
  .positive({ error: 'must be a positive whole number' })
  .max(2_147_483_647, { error: 'is too large' });

/** `1,2,3` → [1,2,3]; at most 250 ids, each a positive integer. */
const idList = z
  .string()
  .max(4_000, { error: 'is too long' })
  .transform((value, context) => {
    const ids = value.split(',').map((part) => part.trim());
    if (ids.length > MAX_PAGE_SIZE) {
      context.addIssue({ code: 'custom', message: `lists more than ${MAX_PAGE_SIZE} ids` });
      return z.NEVER;
    }
    const parsed = ids.map((part) => (/^\d{1,10}$/.test(part) ? Number(part) : NaN));
    if (parsed.some((id) => !Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647)) {
      context.addIssue({ code: 'custom', message: 'must be a comma-separated list of positive whole numbers' });
      return z.NEVER;
    }
    return [...new Set(parsed)];
  });

const PRODUCT_INCLUDES = ['variants', 'options', 'images', 'custom_fields'] as const;
export type ProductInclude = (typeof PRODUCT_INCLUDES)[number];

const includeList = z
  .string()
  .max(200, { error: 'is too long' })
  .transform((value, context) => {
    const names = value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    const unknown = names.filter((name) => !(PRODUCT_INCLUDES as readonly string[]).includes(name));
    if (unknown.length > 0) {
      context.addIssue({
        code: 'custom',
        message: `has unknown value "${unknown[0]!.slice(0, 40)}"; expected ${PRODUCT_INCLUDES.join(', ')}`,
      });
      return z.NEVER;
    }
    return [...new Set(names)] as ProductInclude[];
  });

/** BigCommerce's include_fields: a comma list of the resource's own field names. */
function fieldList(allowed: readonly string[]) {
  return z
    .string()
    .max(1_000, { error: 'is too long' })
    .transform((value, context) => {
      const names = value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
      const unknown = names.find((name) => !allowed.includes(name));
      if (unknown !== undefined) {
        context.addIssue({ code: 'custom', message: `has unknown field "${unknown.slice(0, 40)}"` });
        return z.NEVER;
      }
      return [...new Set(names)];
    });
}

const PRODUCT_FIELDS = [
  'name',
  'type',
  'sku',
  'description',
  'weight',
  'price',
  'sale_price',
  'retail_price',
  'calculated_price',
  'categories',
  'brand_id',
  'inventory_level',
  'inventory_tracking',
  'is_visible',
  'is_in_stock',
  'is_new',
  'is_redesigned',
  'availability',
  'custom_url',
  'base_variant_id',
  'date_created',
  'date_modified',
] as const;
const VARIANT_FIELDS = [
  'product_id',
  'sku',
  'price',
  'sale_price',
  'retail_price',
  'calculated_price',
  'inventory_level',
  'is_in_stock',
  'purchasing_disabled',
  'image_url',
  'option_values',
] as const;
const CATEGORY_FIELDS = ['parent_id', 'name', 'description', 'sort_order', 'is_visible', 'custom_url'] as const;

const pagination = {
  page: positiveId.default(1),
  limit: z.coerce
    .number({ error: `must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
    .int({ error: `must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
    .min(1, { error: `must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
    .max(MAX_PAGE_SIZE, { error: `must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
    .default(DEFAULT_PAGE_SIZE),
};

export const productListQuerySchema = z.strictObject({
  ...pagination,
  'categories:in': idList.optional(),
  'id:in': idList.optional(),
  include: includeList.optional(),
  include_fields: fieldList(PRODUCT_FIELDS).optional(),
  sort: z
    .enum(['id', 'name', 'sku', 'date_modified'], { error: 'must be one of id, name, sku, date_modified' })
    .default('id'),
  direction: z.enum(['asc', 'desc'], { error: 'must be asc or desc' }).default('asc'),
});
export type ProductListQuery = z.output<typeof productListQuerySchema>;

export const productQuerySchema = z.strictObject({
  include: includeList.optional(),
  include_fields: fieldList(PRODUCT_FIELDS).optional(),
});
export type ProductQuery = z.output<typeof productQuerySchema>;

export const variantListQuerySchema = z.strictObject({
  ...pagination,
  'product_id:in': idList.optional(),
  id: positiveId.optional(),
  sku: z.string().min(1).max(100, { error: 'is too long' }).optional(),
  include_fields: fieldList(VARIANT_FIELDS).optional(),
});
export type VariantListQuery = z.output<typeof variantListQuerySchema>;

export const categoryListQuerySchema = z.strictObject({
  ...pagination,
  'id:in': idList.optional(),
  parent_id: z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(0)
    .max(2_147_483_647, { error: 'is too large' })
    .optional(),
  include_fields: fieldList(CATEGORY_FIELDS).optional(),
});
export type CategoryListQuery = z.output<typeof categoryListQuerySchema>;

/** `GET out-of-stock` and `GET category/products/inventory`: product ids. */
export const productIdsQuerySchema = z.strictObject({ ids: idList });

export const idParamSchema = positiveId;
