import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  productListQuerySchema,
  resolveCommerceRegion,
  variantListQuerySchema,
  type CategoryPageQuery,
  type ShopperContext,
} from '@piste/commerce';
import type { Db } from '@piste/db';
import { createBigCommerceCatalogue } from '../src/provider/catalogue/bigcommerce-catalogue';
import { startFakeStore } from './fake-store';

/** The catalogue keeps nothing in our own database. */
const NO_DATABASE = {} as Db;

const shopper = (region: string, percentOff?: number): ShopperContext => ({
  region: resolveCommerceRegion(region),
  ...(percentOff === undefined
    ? {}
    : { priceAdjustment: { groupId: 3, rules: [{ type: 'all', method: 'percent', amount: String(percentOff) }] } }),
});

const HORIZON = 132;
const HORIZON_SAGE_ONE_SIZE = 132_003;
const CORNICE = 102;
const SIERRA = 141;
const GOGGLES: CategoryPageQuery = {
  path: 'goggles',
  colours: [],
  sizes: [],
  inStockOnly: false,
  sort: 'featured',
  page: 1,
  limit: 50,
};

describe('the BigCommerce catalogue against the stand-in', () => {
  let store: Awaited<ReturnType<typeof startFakeStore>>;
  let catalogue: ReturnType<typeof createBigCommerceCatalogue>;

  beforeAll(async () => {
    store = await startFakeStore();
  });
  afterAll(() => store.close());
  beforeEach(() => {
    catalogue = createBigCommerceCatalogue(store.deps(NO_DATABASE));
  });

  it('prices a product from the price list of the shopper region, in its currency', async () => {
    const include = { include: ['variants' as const] };
    const us = await catalogue.getProduct(shopper('us'), HORIZON, include);
    const ca = await catalogue.getProduct(shopper('ca'), HORIZON, include);
    const eu = await catalogue.getProduct(shopper('eu_region_1'), HORIZON, include);
    expect([us.data.calculated_price, ca.data.calculated_price, eu.data.calculated_price]).toEqual([
      229.95, 309.95, 219.99,
    ]);
    expect(ca.data.variants?.every((variant) => variant.price === 309.95)).toBe(true);
  });

  it('takes a customer group discount off the list price, never below a sale price', async () => {
    const pro = await catalogue.getProduct(shopper('pro', 20), HORIZON, {});
    expect(pro.data.calculated_price).toBe(183.96);
    const onSale = await catalogue.getProduct(shopper('pro', 5), CORNICE, {});
    expect(onSale.data).toMatchObject({ price: 379.95, sale_price: 319.95, calculated_price: 319.95 });
  });

  it('shows images through our media service and hides the flag fields', async () => {
    const { data } = await catalogue.getProduct(shopper('us'), HORIZON, { include: ['images', 'custom_fields'] });
    expect(data.images?.[0]).toMatchObject({
      image_file: 'horizon-spherical-goggle-stealth-black-ember-mirror-1',
      url_zoom: 'https://media.test/i/piste/horizon-spherical-goggle-stealth-black-ember-mirror-1?size=zoom',
      is_thumbnail: true,
    });
    expect(data.custom_fields?.map((field) => field.name)).toEqual(['Lens', 'Lens change', 'VLT', 'Anti-fog', 'Fit']);
    expect(data).toMatchObject({
      is_redesigned: true,
      is_new: false,
      custom_url: { url: '/horizon-spherical-goggle/' },
    });
  });

  it('answers include_fields with only the fields asked for', async () => {
    const { data } = await catalogue.getProduct(shopper('us'), HORIZON, { include_fields: ['name'] });
    expect(data).toEqual({ id: HORIZON, name: 'Horizon Spherical Goggle' });
  });

  it('answers NOT_FOUND for a missing product, variant or category, in the embedded words', async () => {
    await expect(catalogue.getProduct(shopper('us'), 99_999, {})).rejects.toMatchObject({
      kind: 'NOT_FOUND',
      message: 'Product 99999 does not exist.',
    });
    await expect(catalogue.getProductVariant(shopper('us'), HORIZON, 1)).rejects.toMatchObject({
      kind: 'NOT_FOUND',
      message: `Variant of product ${HORIZON}: 1 does not exist.`,
    });
    await expect(catalogue.getCategory(1)).rejects.toMatchObject({ kind: 'NOT_FOUND' });
    await expect(catalogue.categoryPage(shopper('us'), { ...GOGGLES, path: 'goggles/none' })).rejects.toMatchObject({
      kind: 'NOT_FOUND',
      message: 'Category goggles/none does not exist.',
    });
  });

  it('lists a product options, variants and one variant with the shopper prices', async () => {
    const options = await catalogue.listProductOptions(HORIZON);
    expect(options.data.map((option) => [option.display_name, option.type])).toEqual([
      ['Colour', 'swatch'],
      ['Size', 'rectangles'],
    ]);
    expect(options.data[0]!.option_values[0]!.value_data).toEqual({ colors: ['#1b1b1f', '#e2583e'] });
    const variants = await catalogue.listProductVariants(shopper('eu_region_1'), HORIZON);
    expect(variants.meta.pagination.total).toBe(3);
    const variant = await catalogue.getProductVariant(shopper('eu_region_1'), HORIZON, HORIZON_SAGE_ONE_SIZE);
    expect(variant.data).toMatchObject({
      sku: 'PST-GGL-HORIZON-03-ONESIZE',
      price: 219.99,
      inventory_level: 3,
      is_in_stock: true,
      image_url: 'https://media.test/i/piste/horizon-spherical-goggle-sage-gold-mirror-1?size=standard',
    });
  });

  it('pages product lists through BigCommerce and filters them by category', async () => {
    const query = productListQuerySchema.parse({ 'categories:in': '20', limit: '2', page: '2', sort: 'name' });
    const page = await catalogue.listProducts(shopper('us'), query);
    expect(page.meta.pagination).toMatchObject({ current_page: 2, per_page: 2, count: 2 });
    expect(page.meta.pagination.total).toBeGreaterThan(4);
    const first = await catalogue.listProducts(shopper('us'), { ...query, page: 1 });
    const names = [...first.data, ...page.data].map((product) => product.name);
    expect(names).toEqual([...names].sort());
  });

  it('lists variants by product and sku', async () => {
    const bySku = await catalogue.listVariants(
      shopper('us'),
      variantListQuerySchema.parse({ sku: 'PST-GGL-HORIZON-03-ONESIZE' }),
    );
    expect(bySku.data.map((variant) => variant.id)).toEqual([HORIZON_SAGE_ONE_SIZE]);
    const byProduct = await catalogue.listVariants(
      shopper('us'),
      variantListQuerySchema.parse({ 'product_id:in': `${HORIZON},${CORNICE}`, limit: '4' }),
    );
    expect(byProduct.meta.pagination).toMatchObject({ total: 12, count: 4, total_pages: 3 });
  });

  it('reads a list longer than one BigCommerce page to its end', async () => {
    const every = await catalogue.listVariants(
      shopper('us'),
      variantListQuerySchema.parse({ limit: '250', page: '2' }),
    );
    const variants = store.fake.state.catalog.records.variants;
    expect(variants.length).toBeGreaterThan(250);
    expect(every.meta.pagination.total).toBe(variants.length);
    expect(
      store.fake.requests.some((request) => request.path === '/v3/catalog/variants' && request.url.includes('page=2')),
    ).toBe(true);
  });

  it('answers categories, their list and the visible tree', async () => {
    expect((await catalogue.getCategory(20)).data).toMatchObject({ name: 'Bindings', parent_id: 0 });
    const children = await catalogue.listCategories({ page: 1, limit: 50, parent_id: 20 });
    expect(children.data.map((category) => category.custom_url.url)).toEqual([
      '/bindings/freeride/',
      '/bindings/all-mountain/',
      '/bindings/park/',
      '/bindings/splitboard/',
    ]);
    const tree = await catalogue.categoryTree();
    expect(tree.data.map((node) => node.name)).toEqual(['Bindings', 'Helmets', 'Goggles', 'Accessories']);
    expect(tree.data[0]!.children[0]).toMatchObject({ depth: 2, path: [20, 21], url: '/bindings/freeride/' });
  });

  it('tells stock by how each product tracks it', async () => {
    const { data } = await catalogue.inventory([HORIZON, SIERRA]);
    expect(data.find((product) => product.product_id === HORIZON)).toMatchObject({
      inventory_level: 72 * 2 + 3,
      is_in_stock: true,
    });
    expect(data.find((product) => product.product_id === SIERRA)).toMatchObject({
      inventory_tracking: 'product',
      is_in_stock: false,
    });
    expect((await catalogue.outOfStock([HORIZON, SIERRA])).data).toEqual([SIERRA]);
  });

  it('filters, sorts, counts and pages a category page in the shopper currency', async () => {
    const cheapestFirst = await catalogue.categoryPage(shopper('ca'), { ...GOGGLES, sort: 'price-asc', limit: 4 });
    expect(cheapestFirst.category).toMatchObject({ id: 29, path: 'goggles' });
    expect(cheapestFirst.products).toHaveLength(4);
    const all = await catalogue.categoryPage(shopper('ca'), { ...GOGGLES, sort: 'price-asc' });
    expect(cheapestFirst.total).toBe(all.total);
    const pages = await Promise.all(
      [1, 2, 3, 4].map((page) =>
        catalogue.categoryPage(shopper('ca'), { ...GOGGLES, sort: 'price-asc', limit: 4, page }),
      ),
    );
    expect(pages.flatMap((page) => page.products.map((product) => product.id))).toEqual(
      all.products.map((product) => product.id).slice(0, 16),
    );
    const prices = all.products.map((product) => product.calculated_price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(all.facets.priceMinor).toEqual({ min: Math.round(prices[0]! * 100), max: Math.round(prices.at(-1)! * 100) });
    expect(all.products[0]!.images?.length).toBeGreaterThan(0);

    const black = await catalogue.categoryPage(shopper('ca'), { ...GOGGLES, colours: ['stealth black – smoke'] });
    const blackFacet = all.facets.colours.find((colour) => colour.label === 'Stealth Black – Smoke');
    expect(black.total).toBe(blackFacet?.count);
    expect(
      black.products.every((product) =>
        product.options?.[0]?.option_values.some((value) => value.label === 'Stealth Black – Smoke'),
      ),
    ).toBe(true);

    const inStock = await catalogue.categoryPage(shopper('ca'), { ...GOGGLES, inStockOnly: true });
    expect(inStock.products.map((product) => product.id)).not.toContain(SIERRA);
    const soldOut = await catalogue.outOfStock(all.products.map((product) => product.id));
    expect(soldOut.data).toContain(SIERRA);
    expect(inStock.total).toBe(all.total - soldOut.data.length);
  });

  it('leaves hidden products out of every answer', async () => {
    store.fake.state.catalog.updateProduct(HORIZON, { is_visible: false });
    try {
      await expect(catalogue.getProduct(shopper('us'), HORIZON, {})).rejects.toMatchObject({ kind: 'NOT_FOUND' });
      const page = await catalogue.categoryPage(shopper('us'), GOGGLES);
      expect(page.products.map((product) => product.id)).not.toContain(HORIZON);
      const listed = await catalogue.listProducts(
        shopper('us'),
        productListQuerySchema.parse({ 'id:in': `${HORIZON},${SIERRA}` }),
      );
      expect(listed.data.map((product) => product.id)).toEqual([SIERRA]);
      expect(await catalogue.visibleProductUpdates([HORIZON, SIERRA])).toEqual([
        { id: SIERRA, updatedAt: expect.any(String) },
      ]);
      expect((await catalogue.productFacts([HORIZON])).size).toBe(0);
    } finally {
      store.fake.state.catalog.updateProduct(HORIZON, { is_visible: true });
    }
  });

  it('treats a hidden category as missing on its page and leaves it out of the tree', async () => {
    const spherical = store.fake.state.catalog.records.categories.find(
      (category) => category.url.path === '/goggles/spherical/',
    )!;
    spherical.is_visible = false;
    try {
      await expect(
        catalogue.categoryPage(shopper('us'), { ...GOGGLES, path: 'goggles/spherical' }),
      ).rejects.toMatchObject({
        kind: 'NOT_FOUND',
      });
      const goggles = (await catalogue.categoryTree()).data.find((node) => node.name === 'Goggles')!;
      expect(goggles.children.map((node) => node.url)).toEqual(['/goggles/cylindrical/', '/goggles/otg/']);
    } finally {
      spherical.is_visible = true;
    }
  });

  it('keeps answers until invalidated', async () => {
    const before = await catalogue.getProduct(shopper('us'), SIERRA, {});
    store.fake.state.catalog.updateProduct(SIERRA, { name: 'Sierra Goggle II' });
    try {
      expect((await catalogue.getProduct(shopper('us'), SIERRA, {})).data.name).toBe(before.data.name);
      catalogue.invalidate();
      expect((await catalogue.getProduct(shopper('us'), SIERRA, {})).data.name).toBe('Sierra Goggle II');
    } finally {
      store.fake.state.catalog.updateProduct(SIERRA, { name: before.data.name });
    }
  });

  it('gives search the facts of visible products', async () => {
    const facts = await catalogue.productFacts([HORIZON, CORNICE, 99_999]);
    expect([...facts.keys()]).toEqual([CORNICE, HORIZON]);
    expect(facts.get(CORNICE)).toMatchObject({
      inStock: true,
      colours: ['Graphite', 'Moss Green', 'Arctic White'],
      sizes: ['S', 'M', 'L'],
      prices: {
        us: { minor: 31995, onSale: true },
        ca: { minor: 42995, onSale: true },
        eu_region_1: { minor: 30499, onSale: true },
      },
      categories: [
        { id: 20, name: 'Bindings', path: 'bindings' },
        { id: 21, name: 'Freeride', path: 'bindings/freeride' },
      ],
    });
    expect(facts.get(HORIZON)?.image).toBe('horizon-spherical-goggle-stealth-black-ember-mirror-1');
  });

  it('answers an unexpected BigCommerce answer as unavailable and logs the call', async () => {
    store.fake.faults.add({
      path: `/v3/catalog/products/${CORNICE}`,
      status: 200,
      body: { data: { id: 'not a number' }, meta: {} },
    });
    await expect(catalogue.getProduct(shopper('us'), CORNICE, {})).rejects.toMatchObject({ kind: 'UNAVAILABLE' });
    expect(store.warnings.at(-1)).toMatchObject({
      message: '[bigcommerce] Unexpected answer',
      details: { call: 'GET /v3/catalog/products/{id}' },
    });
  });
});
