import { z } from 'zod';

/**
 * The catalogue area's requests and answers (`/admin/api/products`, `/categories`,
 * `/customer-groups/:id/discounts`, `/catalogue/import|export`), shared by the admin API and
 * the admin app's forms. Client-safe: zod only. Amounts are integer minor units (cents).
 */

/** At or below this many units a tracked product or variant counts as low on stock. */
export const LOW_STOCK_LEVEL = 5;

const id = z.coerce.number().int('Give a whole number.').positive('Give a positive id.').max(2_147_483_647);
const minorAmount = z
  .number('Give an amount in minor units (cents).')
  .int('Give an amount in minor units (cents).')
  .nonnegative('An amount cannot be negative.')
  .max(1_000_000_000, 'This amount is too large.');
const noNul = (value: string) => !value.includes('\u0000');
/** Text the database can store: Postgres refuses the NUL character in text. */
const text = (max: number, message = `At most ${max.toLocaleString('en')} characters.`) =>
  z.string('Give text.').max(max, message).refine(noNul, 'Remove the NUL character.');
const shortText = (label: string, max = 250) =>
  z
    .string(`Give the ${label}.`)
    .trim()
    .min(1, `Give the ${label}.`)
    .max(max, `The ${label} is at most ${max} characters.`)
    .refine(noNul, 'Remove the NUL character.');
const booleanQuery = z.enum(['true', 'false'], 'Say true or false.').transform((value) => value === 'true');

export const PRODUCT_SORTS = ['name', '-name', 'updated', '-updated', 'sku', '-sku'] as const;

export const productListQuerySchema = z.strictObject({
  q: text(200, 'Search for at most 200 characters.').optional(),
  category: id.optional(),
  brand: id.optional(),
  visible: booleanQuery.optional(),
  flag: z.enum(['new', 'redesigned'], 'Filter by new or redesigned.').optional(),
  stock: z.enum(['out', 'low'], 'Filter by out or low stock.').optional(),
  sort: z.enum(PRODUCT_SORTS, `Sort by ${PRODUCT_SORTS.join(', ')}.`).default('name'),
  /** The admin app's lists send `sort=name&order=desc`; `sort=-name` says the same. */
  order: z.enum(['asc', 'desc'], 'Order asc or desc.').optional(),
  page: z.coerce.number().int('Give a whole page number.').min(1, 'Pages start at 1.').max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int('Give a whole number.')
    .min(1, 'At least 1 per page.')
    .max(200, 'At most 200 per page.')
    .default(50),
});
export type ProductListQuery = z.output<typeof productListQuerySchema>;
/** The filters of a product list, without its sort and page: also a bulk edit's selection. */
export const productFilterSchema = productListQuerySchema.pick({
  q: true,
  category: true,
  brand: true,
  visible: true,
  flag: true,
  stock: true,
});
export type ProductFilter = z.output<typeof productFilterSchema>;

export const productListRowSchema = z.object({
  id: z.number(),
  uid: z.string(),
  name: z.string(),
  sku: z.string(),
  brand: z.string().nullable(),
  isVisible: z.boolean(),
  isNew: z.boolean(),
  isRedesigned: z.boolean(),
  inventoryTracking: z.enum(['none', 'product', 'variant']),
  /** Units in stock over every variant (or the product's own level); null when stock is not tracked. */
  stock: z.number().nullable(),
  variantCount: z.number(),
  onSale: z.boolean(),
  updatedAt: z.string(),
});
export const productListSchema = z.object({
  products: z.array(productListRowSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type ProductList = z.output<typeof productListSchema>;

export const variantPriceSchema = z.object({
  regionId: z.string(),
  currencyCode: z.string(),
  price: z.number(),
  salePrice: z.number().nullable(),
  retailPrice: z.number().nullable(),
});

/** A price list (a region whose prices the shop's regions buy at) and its currency. */
export const priceListSchema = z.object({
  regionId: z.string(),
  currencyCode: z.string(),
  decimalPlaces: z.number(),
});
export type PriceList = z.output<typeof priceListSchema>;

export const productDetailSchema = z.object({
  id: z.number(),
  uid: z.string(),
  name: z.string(),
  sku: z.string(),
  description: z.string(),
  brandId: z.number().nullable(),
  weightGrams: z.number(),
  inventoryTracking: z.enum(['none', 'product', 'variant']),
  inventoryLevel: z.number(),
  isVisible: z.boolean(),
  isNew: z.boolean(),
  isRedesigned: z.boolean(),
  sortOrder: z.number(),
  version: z.number(),
  updatedAt: z.string(),
  categoryIds: z.array(z.number()),
  options: z.array(
    z.object({
      id: z.number(),
      displayName: z.string(),
      type: z.enum(['swatch', 'rectangles']),
      values: z.array(z.object({ id: z.number(), label: z.string(), hexColors: z.array(z.string()) })),
    }),
  ),
  variants: z.array(
    z.object({
      id: z.number(),
      sku: z.string(),
      optionValueIds: z.array(z.number()),
      optionLabels: z.array(z.string()),
      inventoryLevel: z.number(),
      purchasingDisabled: z.boolean(),
      imageMediaId: z.string().nullable(),
      prices: z.array(variantPriceSchema),
    }),
  ),
  images: z.array(
    z.object({
      id: z.number(),
      mediaId: z.string(),
      description: z.string(),
      isThumbnail: z.boolean(),
      sortOrder: z.number(),
    }),
  ),
  customFields: z.array(z.object({ name: z.string(), value: z.string() })),
  priceLists: z.array(priceListSchema),
});
export type ProductDetail = z.output<typeof productDetailSchema>;

const priceEdit = z.object({
  regionId: shortText('price list', 40),
  price: minorAmount,
  salePrice: minorAmount.nullable(),
  retailPrice: minorAmount.nullable(),
});
const customFieldsEdit = z
  .array(z.object({ name: shortText('field name', 250), value: text(2_000).transform((value) => value.trim()) }))
  .max(50, 'At most 50 custom fields.');

/** A product edit: only the fields sent change; `version` is the one the editor loaded. */
export const productPatchSchema = z.strictObject({
  version: z.number('Send the version you loaded.').int().positive().max(2_147_483_647),
  name: shortText('name').optional(),
  description: text(20_000).optional(),
  brandId: id.nullable().optional(),
  isVisible: z.boolean().optional(),
  isNew: z.boolean().optional(),
  isRedesigned: z.boolean().optional(),
  sortOrder: z.number().int('Give a whole number.').min(-1_000_000).max(1_000_000).optional(),
  categoryIds: z.array(id).max(50, 'At most 50 categories.').optional(),
  weightGrams: z.number().int('Give whole grams.').nonnegative('Weight cannot be negative.').max(1_000_000).optional(),
  customFields: customFieldsEdit.optional(),
  variants: z
    .array(
      z.strictObject({
        id,
        purchasingDisabled: z.boolean().optional(),
        prices: z.array(priceEdit).max(20).optional(),
      }),
    )
    .max(500)
    .optional(),
});
export type ProductPatch = z.output<typeof productPatchSchema>;

const skuText = z
  .string('Give the SKU.')
  .trim()
  .min(1, 'Give the SKU.')
  .max(100, 'A SKU is at most 100 characters.')
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'Use letters, digits, dots, dashes and underscores.');

/** A new product: its options, and one variant per combination it is sold in, priced per price list. */
export const productCreateSchema = z.strictObject({
  name: shortText('name'),
  uid: z
    .string()
    .trim()
    .max(120)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and single dashes.')
    .optional(),
  sku: skuText,
  description: text(20_000).default(''),
  brandId: id.nullable().default(null),
  weightGrams: z.number().int('Give whole grams.').nonnegative('Weight cannot be negative.').max(1_000_000).default(0),
  isVisible: z.boolean().default(false),
  isNew: z.boolean().default(false),
  isRedesigned: z.boolean().default(false),
  categoryIds: z.array(id).max(50, 'At most 50 categories.').default([]),
  options: z
    .array(
      z.strictObject({
        displayName: shortText('option name', 60),
        type: z.enum(['swatch', 'rectangles'], 'Choose swatch or rectangles.'),
        values: z.array(shortText('option value', 120)).min(1, 'Give at least one value.').max(100),
      }),
    )
    .max(3, 'At most 3 options.')
    .default([]),
  variants: z
    .array(
      z.strictObject({
        sku: skuText,
        optionLabels: z.array(shortText('option value', 120)).max(3),
        prices: z.array(priceEdit).min(1, 'Give at least one price.').max(20),
      }),
    )
    .min(1, 'A product needs at least one variant.')
    .max(500, 'At most 500 variants.'),
});
export type ProductCreate = z.output<typeof productCreateSchema>;

export const stockChangeSchema = z
  .strictObject({
    variantId: id.nullable(),
    delta: z.number().int('Give whole units.').min(-1_000_000).max(1_000_000).optional(),
    level: z.number().int('Give whole units.').nonnegative('A level cannot be negative.').max(10_000_000).optional(),
    reason: z.enum(['received', 'correction', 'damaged', 'returned', 'recount'], 'Choose a reason.'),
    note: text(500)
      .transform((value) => value.trim())
      .default(''),
  })
  .refine((body) => (body.delta === undefined) !== (body.level === undefined), {
    message: 'Give either a change (delta) or the counted level, not both.',
    path: ['delta'],
  });
export type StockChangeRequest = z.output<typeof stockChangeSchema>;

export const stockHistorySchema = z.object({
  adjustments: z.array(
    z.object({
      id: z.number(),
      variantId: z.number().nullable(),
      variantSku: z.string().nullable(),
      delta: z.number(),
      levelAfter: z.number(),
      reason: z.string(),
      note: z.string(),
      actor: z.string(),
      at: z.string(),
    }),
  ),
});

/** Which products a bulk edit touches: named ones, or every product a list filter finds. */
export const bulkSelectionSchema = z.union([
  z.strictObject({ productIds: z.array(id).min(1, 'Select at least one product.').max(10_000) }),
  z.strictObject({ filter: productFilterSchema }),
]);

export const bulkOperationSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({
      type: z.literal('sale'),
      percentOff: z
        .number('Give a percentage.')
        .gt(0, 'Give a percentage above 0.')
        .lt(100, 'Give a percentage below 100.')
        .multipleOf(0.01, 'At most two decimals.'),
    }),
    z.strictObject({ type: z.literal('clear-sale') }),
    z.strictObject({ type: z.literal('visibility'), isVisible: z.boolean() }),
    z.strictObject({
      type: z.literal('flags'),
      isNew: z.boolean().optional(),
      isRedesigned: z.boolean().optional(),
    }),
  ],
  'Choose an operation: sale, clear-sale, visibility or flags.',
);
export type BulkOperation = z.output<typeof bulkOperationSchema>;

export const bulkEditSchema = z.strictObject({
  selection: bulkSelectionSchema,
  operation: bulkOperationSchema,
});
export type BulkEdit = z.output<typeof bulkEditSchema>;
export const bulkResultSchema = z.object({ matched: z.number(), changed: z.number(), productIds: z.array(z.number()) });

export interface CategoryNode {
  id: number;
  parentId: number | null;
  name: string;
  path: string;
  description: string;
  sortOrder: number;
  isVisible: boolean;
  productCount: number;
  children: CategoryNode[];
}
export const categoryNodeSchema: z.ZodType<CategoryNode> = z.lazy(() =>
  z.object({
    id: z.number(),
    parentId: z.number().nullable(),
    name: z.string(),
    path: z.string(),
    description: z.string(),
    sortOrder: z.number(),
    isVisible: z.boolean(),
    productCount: z.number(),
    children: z.array(categoryNodeSchema),
  }),
);
export const categoryTreeSchema = z.object({ categories: z.array(categoryNodeSchema) });

const categorySlug = z
  .string('Give the url name.')
  .trim()
  .min(1, 'Give the url name.')
  .max(80)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and single dashes.');

export const categoryCreateSchema = z.strictObject({
  name: shortText('name', 120),
  slug: categorySlug,
  parentId: id.nullable().default(null),
  description: text(5_000).default(''),
  isVisible: z.boolean().default(true),
});
export const categoryUpdateSchema = z.strictObject({
  name: shortText('name', 120).optional(),
  description: text(5_000).optional(),
  /** Moves the category (and its children) under another parent, or to the top with null. */
  parentId: id.nullable().optional(),
  sortOrder: z.number().int().min(-10_000).max(10_000).optional(),
  isVisible: z.boolean().optional(),
});

const percentAmount = z
  .number('Give a percentage.')
  .gt(0, 'Give a percentage above 0.')
  .max(100, 'At most 100 %.')
  .multipleOf(0.0001, 'At most four decimals.');
export const discountRuleSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('all'), percent: percentAmount }),
    z.strictObject({ type: z.literal('category'), categoryId: id, percent: percentAmount }),
    z.strictObject({ type: z.literal('product'), productId: id, percent: percentAmount }),
  ],
  'Choose all, category or product.',
);
export const groupDiscountsSchema = z.strictObject({
  rules: z.array(discountRuleSchema).max(500, 'At most 500 rules.'),
});
export type GroupDiscounts = z.output<typeof groupDiscountsSchema>;
export const groupDiscountsViewSchema = z.object({
  group: z.object({ id: z.number(), name: z.string() }),
  rules: z.array(discountRuleSchema),
});

export const catalogueImportQuerySchema = z.strictObject({
  dryRun: z.enum(['0', '1', 'true', 'false'], 'Say 1 for a dry run.').optional(),
});
export const catalogueExportQuerySchema = z.strictObject({
  format: z.enum(['csv', 'json'], 'Choose csv or json.').default('csv'),
});

export const importReportSchema = z.object({
  dryRun: z.boolean(),
  created: z.array(
    z.object({ line: z.number(), productSku: z.string(), variantSku: z.string(), newProduct: z.boolean() }),
  ),
  updated: z.array(
    z.object({
      line: z.number(),
      sku: z.string(),
      changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
    }),
  ),
  unchanged: z.number(),
  rejected: z.array(z.object({ line: z.number(), reason: z.string() })),
});
export type ImportReport = z.output<typeof importReportSchema>;
