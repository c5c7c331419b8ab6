import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readSeedContentProducts } from './content-products';
import { seedCatalogueSchema, type SeedCategory, type SeedProduct } from './source-schema';

const CATEGORY_FILES = [
  'products-bindings.json',
  'products-helmets.json',
  'products-goggles.json',
  'products-accessories.json',
];
/** Products added to show what the others do not (README 'Demo data'), in any category. */
const PRODUCT_FILES = [...CATEGORY_FILES, 'products-showcase.json'];
/** A category page's size (apps/storefront category-page.server.ts). */
const CATEGORY_PAGE_SIZE = 24;
const CURRENCIES = ['USD', 'CAD', 'EUR'] as const;

function readJson(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`../../../../data/seed/catalogue/${name}`, import.meta.url), 'utf8'));
}

function colourSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function categoryPaths(categories: SeedCategory[], prefix = ''): string[] {
  return categories.flatMap((c) => {
    const path = prefix ? `${prefix}/${c.uid}` : c.uid;
    return [path, ...categoryPaths(c.children, path)];
  });
}

/** Stock of every variant (colour × size), applying overrides. */
function variantStock(p: SeedProduct): Map<string, number> {
  const stock = new Map<string, number>();
  for (const c of p.colours) {
    for (const s of p.sizes) {
      const key = `${c.name}/${s}`;
      stock.set(key, p.stock_overrides[key] ?? p.stock);
    }
  }
  return stock;
}

function isOutOfStock(p: SeedProduct): boolean {
  if (p.inventory_tracking === 'none') return false;
  if (p.inventory_tracking === 'product') return p.stock === 0;
  return [...variantStock(p).values()].every((n) => n === 0);
}

function isOnSale(p: SeedProduct): boolean {
  return CURRENCIES.every((cur) => p.prices[cur].sale_price !== undefined);
}

const catalogue = seedCatalogueSchema.parse({
  categories: readJson('categories.json'),
  products: PRODUCT_FILES.flatMap((f) => readJson(f) as unknown[]),
});
const { categories, products } = catalogue;

describe('demo catalogue source data', () => {
  it('validates against the seed schema and has enough products', () => {
    expect(products.length).toBeGreaterThanOrEqual(60);
  });

  it('has the four top categories in spec order, each with children', () => {
    expect(categories.map((c) => c.uid)).toEqual(['bindings', 'helmets', 'goggles', 'accessories']);
    for (const c of categories) expect(c.children.length).toBeGreaterThanOrEqual(2);
  });

  it('keeps each product file within its own top category', () => {
    for (const file of CATEGORY_FILES) {
      const top = file.replace(/^products-|\.json$/g, '');
      for (const p of readJson(file) as SeedProduct[]) expect(p.category.split('/')[0], p.uid).toBe(top);
    }
  });

  it('has unique uids, SKUs and media ids', () => {
    const unique = (xs: string[]) => expect(new Set(xs).size).toBe(xs.length);
    unique(products.map((p) => p.uid));
    unique(products.map((p) => p.sku));
    unique(products.flatMap((p) => p.colours.flatMap((c) => c.images)));
  });

  it('puts every product in an existing category and every category has products', () => {
    const paths = categoryPaths(categories);
    for (const p of products) expect(paths, p.uid).toContain(p.category);
    for (const top of categories) {
      for (const child of top.children) {
        const path = `${top.uid}/${child.uid}`;
        expect(
          products.some((p) => p.category === path),
          path,
        ).toBe(true);
      }
    }
  });

  it('names media ids {uid}-{colour-slug}-{n}, numbered from 1', () => {
    for (const p of products) {
      const names = p.colours.map((c) => c.name);
      expect(new Set(names).size, p.uid).toBe(names.length);
      for (const c of p.colours) {
        expect(c.images, `${p.uid} ${c.name}`).toEqual(
          c.images.map((_, i) => `${p.uid}-${colourSlug(c.name)}-${i + 1}`),
        );
      }
    }
  });

  it('keys stock overrides by an existing colour and size', () => {
    for (const p of products) {
      const keys = new Set(p.colours.flatMap((c) => p.sizes.map((s) => `${c.name}/${s}`)));
      for (const key of Object.keys(p.stock_overrides)) expect(keys.has(key), `${p.uid}: ${key}`).toBe(true);
    }
  });

  it('has unique size labels per product', () => {
    for (const p of products) expect(new Set(p.sizes).size, p.uid).toBe(p.sizes.length);
  });

  it('prices sales below the regular price in every currency, or not at all', () => {
    for (const p of products) {
      const onSale = CURRENCIES.map((cur) => p.prices[cur].sale_price !== undefined);
      expect(new Set(onSale).size, p.uid).toBe(1);
      for (const cur of CURRENCIES) {
        const { price, sale_price, retail_price } = p.prices[cur];
        if (sale_price !== undefined) expect(sale_price, `${p.uid} ${cur}`).toBeLessThan(price);
        if (retail_price !== undefined) expect(retail_price, `${p.uid} ${cur}`).toBeGreaterThanOrEqual(price);
      }
    }
    expect(products.filter(isOnSale).length).toBeGreaterThanOrEqual(8);
  });

  it('never marks a product both new and redesigned', () => {
    for (const p of products) expect(p.is_new && p.is_redesigned, p.uid).toBe(false);
    expect(products.some((p) => p.is_new)).toBe(true);
    expect(products.some((p) => p.is_redesigned)).toBe(true);
  });

  it('has sold-out products and low-stock variants', () => {
    expect(products.filter(isOutOfStock).length).toBeGreaterThanOrEqual(4);
    const lowVariants = products
      .filter((p) => p.inventory_tracking === 'variant')
      .flatMap((p) => [...variantStock(p).values()])
      .filter((n) => n >= 1 && n <= 3);
    expect(lowVariants.length).toBeGreaterThanOrEqual(5);
  });
});

describe('demo catalogue shows every feature of the spec (README "Demo data")', () => {
  const sold = products.filter((p) => !p.discontinued);

  it('has a new product on sale, whose sale tag beats its new tag (spec §4 "Tags")', () => {
    expect(sold.filter((p) => p.is_new && isOnSale(p)).map((p) => p.uid)).toContain('aura-spherical-goggle');
  });

  it('has a product with more than 6 colours, for the +N link (spec §9 "Product cards and swatches")', () => {
    expect(sold.filter((p) => p.colours.length > 6).map((p) => p.uid)).toContain('prism-spherical-goggle');
  });

  it('has a category of more than one page in the us and eu_region_1 shops', () => {
    for (const region of ['us', 'eu_region_1'] as const) {
      const goggles = sold.filter((p) => p.category.startsWith('goggles/') && p.regions.includes(region));
      expect(goggles.length, region).toBeGreaterThan(CATEGORY_PAGE_SIZE);
    }
  });

  it('has a discontinued product, whose page answers 410 (spec §2 "Error page")', () => {
    expect(products.filter((p) => p.discontinued).map((p) => p.uid)).toEqual(['vista-classic-goggle']);
  });
});

describe('demo content products', () => {
  it('show each product to pros in the pro region of every shopping region that shows it (spec §4)', () => {
    const products = readSeedContentProducts();
    const inUs = products.find((product) => product.regions.includes('us'))!;
    expect(inUs.regions).toContain('pro');
    const euOnly = products.find(
      (product) => !product.regions.includes('us') && product.regions.includes('eu_region_1'),
    );
    expect(euOnly?.regions).toEqual(expect.arrayContaining(['pro_eu_region_1']));
    expect(euOnly?.regions).not.toContain('pro');
  });
});
