import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import {
  seedCatalogueSchema,
  seedCategorySchema,
  seedProductSchema,
  type SeedCategory,
  type SeedProduct,
} from './source-schema';

const seedRoot = new URL('../../../../data/seed/', import.meta.url);

/**
 * Product files in category order (spec §9: bindings, helmets, goggles, accessories), then the
 * products added to show features the rest do not (README 'Demo data'). Ids follow this order,
 * so new products go at the end.
 */
const PRODUCT_FILES = ['bindings', 'helmets', 'goggles', 'accessories', 'showcase'].map(
  (name) => `catalogue/products-${name}.json`,
);

export interface SeedCatalogue {
  categories: SeedCategory[];
  products: SeedProduct[];
  /** Hash of the source files: the seed step's version, so edited data is loaded again. */
  version: string;
}

function readSeedFile(path: string): string {
  return readFileSync(new URL(path, seedRoot), 'utf8');
}

export function readSeedJson<T>(path: string, schema: z.ZodType<T>): T {
  return schema.parse(JSON.parse(readSeedFile(path)));
}

/** Reads and validates the demo catalogue's one source (data/seed/catalogue). */
export function loadSeedCatalogue(): SeedCatalogue {
  const hash = createHash('sha256');
  const categoriesText = readSeedFile('catalogue/categories.json');
  hash.update(categoriesText);
  const productTexts = PRODUCT_FILES.map((path) => readSeedFile(path));
  for (const text of productTexts) hash.update(text);
  const catalogue = seedCatalogueSchema.parse({
    categories: z.array(seedCategorySchema).parse(JSON.parse(categoriesText)),
    products: productTexts.flatMap((text) => z.array(seedProductSchema).parse(JSON.parse(text))),
  });
  return { ...catalogue, version: hash.digest('hex').slice(0, 12) };
}

/**
 * Demo ids are derived from the source order, so the content half (bc_products) and the
 * commerce half agree without a lookup, and a re-seed keeps every id.
 */
export const seedIds = {
  product: (index: number) => 100 + index,
  variant: (productId: number, index: number) => productId * 1000 + index + 1,
  option: (productId: number, index: number) => productId * 10 + index + 1,
  optionValue: (productId: number, index: number) => productId * 100 + index + 1,
  image: (productId: number, index: number) => productId * 100 + index + 1,
  customField: (productId: number, index: number) => productId * 100 + index + 1,
};
