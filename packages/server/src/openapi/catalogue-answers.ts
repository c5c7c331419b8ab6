import { z } from 'zod';
import type {
  CategoryDto,
  CountryDto,
  CurrencyDto,
  StateDto,
  StoreDto,
  CategoryTreeNodeDto,
  ProductDto,
  ProductOptionDto,
  VariantDto,
} from '@piste/commerce';

/**
 * The catalogue's and the store's answers (BigCommerce v3 shapes, packages/commerce/src/catalogue/dto.ts
 * and store/store-contract.ts) as
 * zod schemas for `/api/openapi.json`; each is typed against its DTO so the two stay one.
 */
const pagination = z.object({
  total: z.number(),
  count: z.number(),
  per_page: z.number(),
  current_page: z.number(),
  total_pages: z.number(),
});

export const listMeta = z.object({ pagination });
const noMeta = z.object({});

export const listOf = <Item extends z.ZodType>(item: Item) => z.object({ data: z.array(item), meta: listMeta });
export const itemOf = <Item extends z.ZodType>(item: Item) => z.object({ data: item, meta: noMeta });

/**
 * A resource answered with every field, or `id` and the fields `include_fields` names
 * (commerce's `pickFields`). The full shape is checked against its DTO with `satisfies`.
 */
function someFields<Shape extends z.ZodRawShape & { id: z.ZodNumber }>(fields: z.ZodObject<Shape>, id: string) {
  return fields
    .partial()
    .required({ id: true } as never)
    .meta({ id, description: 'Every field, or `id` and those named by `include_fields`.' });
}

const customUrl = z.object({ url: z.string(), is_customized: z.boolean() });
const inventoryTracking = z.enum(['none', 'product', 'variant']);

const optionValue = z.object({
  id: z.number(),
  label: z.string(),
  sort_order: z.number(),
  value_data: z.object({ colors: z.array(z.string()) }).nullable(),
  is_default: z.boolean(),
});

export const productOption: z.ZodType<ProductOptionDto> = z
  .object({
    id: z.number(),
    product_id: z.number(),
    display_name: z.string(),
    type: z.enum(['swatch', 'rectangles']),
    sort_order: z.number(),
    option_values: z.array(optionValue),
  })
  .meta({ id: 'ProductOption' });

const variantFields = z.object({
  id: z.number(),
  product_id: z.number(),
  sku: z.string(),
  price: z.number(),
  sale_price: z.number().nullable(),
  retail_price: z.number().nullable(),
  calculated_price: z.number(),
  inventory_level: z.number(),
  is_in_stock: z.boolean(),
  purchasing_disabled: z.boolean(),
  image_url: z.string(),
  option_values: z.array(
    z.object({ id: z.number(), label: z.string(), option_id: z.number(), option_display_name: z.string() }),
  ),
}) satisfies z.ZodType<VariantDto>;

export const variant = someFields(variantFields, 'Variant');

const productImage = z.object({
  id: z.number(),
  product_id: z.number(),
  is_thumbnail: z.boolean(),
  sort_order: z.number(),
  description: z.string(),
  image_file: z.string(),
  url_zoom: z.string(),
  url_standard: z.string(),
  url_thumbnail: z.string(),
  url_tiny: z.string(),
});

const productFields = z.object({
  id: z.number(),
  name: z.string(),
  type: z.literal('physical'),
  sku: z.string(),
  description: z.string(),
  weight: z.number(),
  price: z.number(),
  sale_price: z.number().nullable(),
  retail_price: z.number().nullable(),
  calculated_price: z.number(),
  categories: z.array(z.number()),
  brand_id: z.number().nullable(),
  inventory_level: z.number(),
  inventory_tracking: inventoryTracking,
  is_visible: z.boolean(),
  is_in_stock: z.boolean(),
  is_new: z.boolean(),
  is_redesigned: z.boolean(),
  availability: z.enum(['available', 'disabled']),
  custom_url: customUrl,
  base_variant_id: z.number().nullable(),
  date_created: z.string(),
  date_modified: z.string(),
  variants: z.array(variant).optional(),
  options: z.array(productOption).optional(),
  images: z.array(productImage).optional(),
  custom_fields: z.array(z.object({ id: z.number(), name: z.string(), value: z.string() })).optional(),
}) satisfies z.ZodType<ProductDto>;

export const product = someFields(productFields, 'Product');

const categoryFields = z.object({
  id: z.number(),
  parent_id: z.number(),
  name: z.string(),
  description: z.string(),
  sort_order: z.number(),
  is_visible: z.boolean(),
  custom_url: customUrl,
}) satisfies z.ZodType<CategoryDto>;

export const category = someFields(categoryFields, 'Category');

export const categoryTreeNode: z.ZodType<CategoryTreeNodeDto> = z
  .object({
    id: z.number(),
    parent_id: z.number(),
    depth: z.number(),
    path: z.array(z.number()),
    name: z.string(),
    is_visible: z.boolean(),
    url: z.string(),
    get children() {
      return z.array(categoryTreeNode);
    },
  })
  .meta({ id: 'CategoryTreeNode' });

export const productInventory = z.object({
  product_id: z.number(),
  inventory_tracking: inventoryTracking,
  inventory_level: z.number(),
  is_in_stock: z.boolean(),
  variants: z.array(
    z.object({ id: z.number(), sku: z.string(), inventory_level: z.number(), is_in_stock: z.boolean() }),
  ),
});

export const currency: z.ZodType<CurrencyDto> = z
  .object({
    id: z.number(),
    is_default: z.boolean(),
    currency_code: z.string(),
    name: z.string(),
    token: z.string(),
    decimal_token: z.string(),
    thousands_token: z.string(),
    decimal_places: z.number(),
    token_location: z.enum(['left', 'right']),
    enabled: z.boolean(),
  })
  .meta({ id: 'Currency' });

export const country: z.ZodType<CountryDto> = z.object({
  id: z.number(),
  country: z.string(),
  country_iso2: z.string(),
  country_iso3: z.string(),
  states: z.object({ url: z.string(), resource: z.string() }),
});

export const state: z.ZodType<StateDto> = z.object({
  id: z.number(),
  state: z.string(),
  state_abbreviation: z.string(),
  country_id: z.number(),
});

export const store: z.ZodType<StoreDto> = z
  .object({
    id: z.string(),
    name: z.string(),
    domain: z.string(),
    secure_url: z.string(),
    admin_email: z.string(),
    order_email: z.string(),
    region: z.string(),
    channel_id: z.number().nullable(),
    currency: z.string(),
    currency_symbol: z.string(),
    decimal_separator: z.string(),
    thousands_separator: z.string(),
    decimal_places: z.number(),
    currency_symbol_location: z.enum(['left', 'right']),
    weight_units: z.string(),
    dimension_units: z.string(),
    timezone: z.object({ name: z.string() }),
  })
  .meta({ id: 'Store' });
