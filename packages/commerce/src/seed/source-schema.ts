import { z } from 'zod';

/**
 * The demo catalogue's single source (data/seed/catalogue/): both halves of a product — the
 * content product (copy, imagery, regions, display prices) and the commerce product
 * (options, variants, prices, stock) — are generated from one entry so they always agree.
 */

/** Prices in integer minor units (cents). `sale_price` below `price` puts it on sale. */
export const seedPriceSchema = z.object({
  price: z.number().int().positive(),
  sale_price: z.number().int().positive().optional(),
  retail_price: z.number().int().positive().optional(),
});

export const seedColourSchema = z.object({
  /** Shopper-facing colour name, e.g. 'Glacier Blue'. Unique within the product. */
  name: z.string().min(1),
  /** One or two swatch colours (#rrggbb); two for split swatches such as frame/lens. */
  hex: z
    .array(z.string().regex(/^#[0-9a-f]{6}$/))
    .min(1)
    .max(2),
  /** Media ids of this colour's images, first is the main one: `{uid}-{colour-slug}-{n}`. */
  images: z
    .array(z.string().regex(/^[a-z0-9-]+$/))
    .min(1)
    .max(4),
});

export const seedProductSchema = z.object({
  /** Url slug, unique: the product page is /{lang}/p/{uid}. */
  uid: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  /** Category path in categories.json, e.g. 'goggles/spherical'. */
  category: z.string().regex(/^[a-z0-9-]+(\/[a-z0-9-]+)*$/),
  title: z.string().min(3).max(80),
  tagline: z.string().min(3).max(140),
  /** Two to four sentences of product copy. */
  description: z.string().min(40),
  /** Technical specs shown on the product page, stored as commerce custom fields. */
  specs: z
    .array(z.object({ name: z.string().min(1), value: z.string().min(1) }))
    .min(2)
    .max(8),
  brand: z.string().min(1),
  /** Base SKU; a variant's SKU appends colour and size codes. */
  sku: z.string().regex(/^[A-Z0-9-]+$/),
  weight_grams: z.number().int().positive(),
  is_new: z.boolean(),
  is_redesigned: z.boolean(),
  colours: z.array(seedColourSchema).min(2).max(8),
  /** Size labels in display order; a single 'One Size' for products without sizes. */
  sizes: z.array(z.string().min(1)).min(1).max(5),
  /** Price per currency. */
  prices: z.object({ USD: seedPriceSchema, CAD: seedPriceSchema, EUR: seedPriceSchema }),
  inventory_tracking: z.enum(['none', 'product', 'variant']),
  /** Stock of each variant unless overridden. */
  stock: z.number().int().min(0),
  /** Stock per variant, keyed `{colour name}/{size}`, for low and out-of-stock variants. */
  stock_overrides: z.record(z.string(), z.number().int().min(0)).default({}),
  /** Content regions that show the product (spec §3 'Content product' regions). */
  regions: z.array(z.enum(['us', 'ca', 'eu_region_1', 'eu', 'jp', 'other'])).min(1),
  /** Display prices for countries without a shop (spec §3 'Product card': prices per country). */
  display_prices: z.partialRecord(
    z.enum(['au', 'at', 'ca', 'cz', 'fr', 'de', 'it', 'jp', 'nl', 'no', 'ru', 'pl', 'es', 'se', 'ch', 'gb', 'nz']),
    z.string().min(1),
  ),
  /** 'min – max' in USD for listings, e.g. '$149.95 – $179.95', or one price. */
  price_range: z.string().min(1),
  /**
   * Retired: only its content product is loaded, so its page answers 410 with
   * recommendations (spec §2 'Error page'), as a product the commerce platform dropped would.
   */
  discontinued: z.boolean().default(false),
});

export const seedCategorySchema: z.ZodType<SeedCategory> = z.lazy(() =>
  z.object({
    uid: z.string().regex(/^[a-z0-9-]+$/),
    name: z.string().min(1),
    description: z.string().min(1),
    children: z.array(seedCategorySchema).default([]),
  }),
);

export interface SeedCategory {
  uid: string;
  name: string;
  description: string;
  children: SeedCategory[];
}

export type SeedProduct = z.infer<typeof seedProductSchema>;

export const seedCatalogueSchema = z.object({
  categories: z.array(seedCategorySchema),
  products: z.array(seedProductSchema).min(60),
});
