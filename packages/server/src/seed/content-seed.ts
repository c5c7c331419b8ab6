import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  commerceSchema,
  loadSeedCatalogue,
  readSeedContentProducts,
  seedCategoryIdsByPath,
  seedProductCategoryPaths,
} from '@piste/commerce/server';
import { seedCategorySchema, type SeedCategory } from '@piste/commerce/seed-source';
import { DEFAULT_LOCALE, isSupportedLocale, REGION_IDS } from '@piste/core';
import { CONTENT_SEED_DIR, createContentSeed } from '@piste/content/server';
import type { SeedStep, SeedTx } from '@piste/db';

/**
 * The demo content: the content seed files plus the entries built from the catalogue source,
 * so both halves of a product and a category agree (DESIGN §5, docs/content.md): `product`
 * entries from the catalogue's content half with `entries/product-extras.json`, and
 * `product_category` entries from `catalogue/categories.json` with their commerce ids and
 * `entries/product_category-translations.json`. Content may not import commerce, so the
 * composition lives here. `entries/product-translations.json` gives products their copy in
 * other languages and, gathered from every product, the wording of specification values
 * (`product_attribute_values` entries).
 */

const CATALOGUE_DIR = new URL('../../../../data/seed/catalogue/', import.meta.url);
const EXTRAS_FILE = 'product-extras.json';
const CATEGORY_TRANSLATIONS_FILE = 'product_category-translations.json';
const PRODUCT_TRANSLATIONS_FILE = 'product-translations.json';
/** Bump when the way product and category entries are built changes: part of the step's version. */
const GENERATOR_FORMAT = 3;

const productUid = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be a product uid');

const extrasSchema = z.record(
  productUid,
  z.strictObject({
    related_products: z.array(productUid).optional(),
    product_attributes: z
      .array(z.strictObject({ attribute: z.string().min(1), values: z.array(z.string().min(1)) }))
      .optional(),
  }),
);

const translationLocales = <T extends z.ZodType>(perLocale: T) =>
  z.record(z.string(), perLocale).superRefine((byLocale, ctx) => {
    for (const locale of Object.keys(byLocale)) {
      if (locale === DEFAULT_LOCALE || !isSupportedLocale(locale)) {
        ctx.addIssue({ code: 'custom', path: [locale], message: 'must be a supported locale other than en-us' });
      }
    }
  });

const categoryTranslationsSchema = z.record(
  z.string(),
  translationLocales(
    z.strictObject({
      title: z.string().min(1).optional(),
      display_title: z.string().min(1).optional(),
      description: z.string().min(1).optional(),
    }),
  ),
);

/**
 * A product's copy per shop locale: tagline and description replace the en-us ones; `specs`
 * gives the wording of its specification values by specification name (as the catalogue names
 * them). A product or locale left out reads en-us (spec §7).
 */
const productTranslationsSchema = z.record(
  productUid,
  translationLocales(
    z.strictObject({
      tagline: z.string().min(1).optional(),
      description: z.string().min(1).optional(),
      specs: z.record(z.string().min(1), z.string().min(1)).optional(),
    }),
  ),
);
type ProductTranslations = z.infer<typeof productTranslationsSchema>;

/** `Lens change` → `lens-change`: the uid of an attribute's `product_attribute_values` entry. */
function attributeUid(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * The `product_attribute_values` entries: per specification name, every product's translated
 * value keyed by its catalogue value, in each locale. Two products that word the same value
 * differently, or a specification the product does not have, are problems: a filter shows one
 * wording per value.
 */
function attributeValueEntries(
  translations: ProductTranslations,
  specsByProduct: Map<string, { name: string; value: string }[]>,
  problems: string[],
) {
  const byName = new Map<string, { title: string; translations: Record<string, { values: Record<string, string> }> }>();
  for (const [uid, byLocale] of Object.entries(translations)) {
    const specs = specsByProduct.get(uid) ?? [];
    for (const [locale, { specs: translated = {} }] of Object.entries(byLocale)) {
      for (const [name, label] of Object.entries(translated)) {
        const spec = specs.find((candidate) => candidate.name === name);
        if (!spec) {
          problems.push(`entries/${PRODUCT_TRANSLATIONS_FILE}: '${uid}' ${locale} has no specification '${name}'`);
          continue;
        }
        const key = attributeUid(name);
        const entry = byName.get(key) ?? { title: name, translations: {} };
        const values = (entry.translations[locale] ??= { values: {} }).values;
        const known = Object.entries(values).find(([value]) => value.toLowerCase() === spec.value.toLowerCase());
        if (known && known[1] !== label) {
          problems.push(
            `entries/${PRODUCT_TRANSLATIONS_FILE}: '${uid}' ${locale} words ${name} '${spec.value}' as '${label}', another product as '${known[1]}'`,
          );
        }
        values[spec.value] = label;
        byName.set(key, entry);
      }
    }
  }
  return [...byName].map(([uid, { title, translations: byLocale }]) => ({
    uid,
    title,
    values: {},
    translations: byLocale,
  }));
}

/** `goggles/spherical` → `goggles-spherical`: the content uid of a catalogue category path. */
export function categoryUid(path: string): string {
  return path.replaceAll('/', '-');
}

const reference = (contentTypeUid: string, uid: string) => ({ uid, _content_type_uid: contentTypeUid });

function flattenCategories(nodes: SeedCategory[], parentPath = ''): Array<SeedCategory & { path: string }> {
  return nodes.flatMap((node) => {
    const path = parentPath ? `${parentPath}/${node.uid}` : node.uid;
    return [{ ...node, path }, ...flattenCategories(node.children, path)];
  });
}

/** An optional input file of entries/: its text (for the version) and parsed data, or a clear error. */
function readInput<T>(contentDir: URL, name: string, schema: z.ZodType<T>): { text: string; data: T | undefined } {
  const url = new URL(`entries/${name}`, contentDir);
  if (!existsSync(url)) return { text: '', data: undefined };
  const text = readFileSync(url, 'utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`data/seed/content/entries/${name}: not valid JSON (${(error as Error).message})`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new Error(`data/seed/content/entries/${name}:\n${z.prettifyError(parsed.error)}`);
  return { text, data: parsed.data };
}

/**
 * Where category entries' commerce ids and products' categories come from: our catalogue tables
 * (the embedded engine, loaded by the step before), or the demo catalogue's files, which a
 * BigCommerce store seeded from them numbers the same way.
 */
export type CommerceIdSource = 'database' | 'seed files';

/** The category ids by path and each product's category paths, from our catalogue tables. */
async function commerceIdsInDatabase(tx: SeedTx) {
  const { categories: categoryTable, productCategories, products: productTable } = commerceSchema;
  const idByPath = new Map(
    (await tx.select({ id: categoryTable.id, path: categoryTable.path }).from(categoryTable)).map((row) => [
      row.path,
      row.id,
    ]),
  );
  const pathsByProduct = new Map<string, string[]>();
  const memberships = await tx
    .select({ uid: productTable.uid, path: categoryTable.path })
    .from(productCategories)
    .innerJoin(productTable, eq(productTable.id, productCategories.productId))
    .innerJoin(categoryTable, eq(categoryTable.id, productCategories.categoryId));
  for (const { uid, path } of memberships) {
    const paths = pathsByProduct.get(uid);
    if (paths) paths.push(path);
    else pathsByProduct.set(uid, [path]);
  }
  return { idByPath, pathsByProduct };
}

/** The same, from the demo catalogue's files (retired products have no categories, as in the tables). */
function commerceIdsInSeedFiles() {
  const catalogue = loadSeedCatalogue();
  return {
    idByPath: seedCategoryIdsByPath(catalogue.categories),
    pathsByProduct: new Map(
      catalogue.products
        .filter((product) => !product.discontinued)
        .map((product) => [product.uid, seedProductCategoryPaths(product)]),
    ),
  };
}

/** `contentDir` is data/seed/content/ unless a test gives an edited copy. */
export function createDemoContentSeed({
  contentDir = CONTENT_SEED_DIR,
  commerceIds = 'database',
}: { contentDir?: URL; commerceIds?: CommerceIdSource } = {}): SeedStep {
  const products = readSeedContentProducts();
  const extras = readInput(contentDir, EXTRAS_FILE, extrasSchema);
  const translations = readInput(contentDir, CATEGORY_TRANSLATIONS_FILE, categoryTranslationsSchema);
  const productTranslations = readInput(contentDir, PRODUCT_TRANSLATIONS_FILE, productTranslationsSchema);
  const specsByProduct = new Map(loadSeedCatalogue().products.map((product) => [product.uid, product.specs]));
  const catalogueFiles = readdirSync(CATALOGUE_DIR)
    .filter((name) => name.endsWith('.json'))
    .sort();
  const categories = flattenCategories(
    z.array(seedCategorySchema).parse(JSON.parse(readFileSync(new URL('categories.json', CATALOGUE_DIR), 'utf8'))),
  );

  const productUids = new Set(products.map((product) => product.uid));
  const categoryPaths = new Set(categories.map((category) => category.path));
  const problems = [
    ...Object.keys(extras.data ?? {})
      .filter((uid) => !productUids.has(uid))
      .map((uid) => `entries/${EXTRAS_FILE}: '${uid}' is not a catalogue product`),
    ...Object.keys(translations.data ?? {})
      .filter((path) => !categoryPaths.has(path))
      .map((path) => `entries/${CATEGORY_TRANSLATIONS_FILE}: '${path}' is not a catalogue category path`),
    ...Object.keys(productTranslations.data ?? {})
      .filter((uid) => !productUids.has(uid))
      .map((uid) => `entries/${PRODUCT_TRANSLATIONS_FILE}: '${uid}' is not a catalogue product`),
  ];
  const attributeValues = attributeValueEntries(productTranslations.data ?? {}, specsByProduct, problems);
  if (problems.length > 0) throw new Error(`Invalid content seed data:\n  - ${problems.join('\n  - ')}`);

  const hash = createHash('sha256').update(
    `format ${GENERATOR_FORMAT}\n${extras.text}\n${translations.text}\n${productTranslations.text}\n`,
  );
  for (const name of catalogueFiles) hash.update(`${name}\n${readFileSync(new URL(name, CATALOGUE_DIR), 'utf8')}\n`);

  const build = async (tx: SeedTx) => {
    const { idByPath, pathsByProduct } =
      commerceIds === 'database' ? await commerceIdsInDatabase(tx) : commerceIdsInSeedFiles();

    const categoryEntries = categories.map(({ path, name, description }) => {
      const id = idByPath.get(path);
      if (id === undefined) throw new Error(`Category ${path} is not in the catalogue: load the catalogue first.`);
      return {
        uid: categoryUid(path),
        title: name,
        display_title: name,
        url: `/${path}`,
        description,
        automated_related_products: true,
        // One catalogue serves every commerce region, with the same ids.
        cat_ids_bc: { us: id, ca: id, eu_region_1: id },
        regions: [...REGION_IDS],
        ...(translations.data?.[path] ? { translations: translations.data[path] } : {}),
      };
    });

    const productEntries = products.map((product) => {
      const extra = extras.data?.[product.uid];
      // A locale that only words specification values leaves the product's own copy to en-us.
      const copy = Object.entries(productTranslations.data?.[product.uid] ?? {})
        .map(([locale, { tagline, description }]) => ({
          locale,
          fields: { ...(tagline && { tagline }), ...(description && { description }) },
        }))
        .filter(({ fields }) => Object.keys(fields).length > 0);
      // Top category first, then the leaf: a product belongs to both, as in the catalogue.
      const paths = (pathsByProduct.get(product.uid) ?? []).sort((a, b) => a.split('/').length - b.split('/').length);
      return {
        ...product,
        tags: [],
        product_category: paths.map((path) => reference('product_category', categoryUid(path))),
        related_products: (extra?.related_products ?? []).map((uid) => reference('product', uid)),
        product_attributes: extra?.product_attributes ?? [],
        ...(copy.length > 0
          ? { translations: Object.fromEntries(copy.map(({ locale, fields }) => [locale, fields])) }
          : {}),
      };
    });
    return { product_category: categoryEntries, product: productEntries, product_attribute_values: attributeValues };
  };

  return createContentSeed({
    dir: contentDir,
    generated: {
      version: hash.digest('hex').slice(0, 12),
      inputFiles: [EXTRAS_FILE, CATEGORY_TRANSLATIONS_FILE, PRODUCT_TRANSLATIONS_FILE],
      build,
    },
  });
}
