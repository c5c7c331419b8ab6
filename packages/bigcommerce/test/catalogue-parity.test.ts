import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  resolveCommerceRegion,
  type CatalogueService,
  type CategoryPageQuery,
  type ShopperContext,
} from '@piste/commerce';
import { createCatalogueSeed, createCatalogueService, referenceDataSeed, ResponseCache } from '@piste/commerce/server';
import { runSeeds } from '@piste/db';
import { testDatabaseKinds, type TestDatabase } from '@piste/db/testing';
import { createBigCommerceCatalogue } from '../src/provider/catalogue/bigcommerce-catalogue';
import { startFakeStore } from './fake-store';

/**
 * The strongest proof the storefront looks the same on either engine: on the demo data, the
 * embedded catalogue (our database) and the BigCommerce one (the stand-in seeded from the same
 * files) answer the same. Only the record times differ: each store stamps its own.
 */

const shoppers: Record<string, ShopperContext> = {
  us: { region: resolveCommerceRegion('us') },
  ca: { region: resolveCommerceRegion('ca') },
  pro_eu: {
    region: resolveCommerceRegion('pro_eu_region_1'),
    priceAdjustment: {
      groupId: 3,
      rules: [
        { type: 'all', method: 'percent', amount: '15.0000' },
        { type: 'category', method: 'percent', amount: '30.0000', category_id: 29 },
      ],
    },
  },
};

const withoutTimes = (value: unknown): unknown =>
  JSON.parse(
    JSON.stringify(value, (key, field: unknown) =>
      key === 'date_created' || key === 'date_modified' ? undefined : field,
    ),
  );

const page = (query: Partial<CategoryPageQuery> & { path: string }): CategoryPageQuery => ({
  colours: [],
  sizes: [],
  inStockOnly: false,
  sort: 'featured',
  page: 1,
  limit: 6,
  ...query,
});

const CATEGORY_PAGES: CategoryPageQuery[] = [
  page({ path: 'goggles', sort: 'price-asc', page: 2 }),
  page({ path: 'goggles', sort: 'price-desc', limit: 50 }),
  page({ path: 'bindings', sort: 'name', page: 3 }),
  page({ path: 'bindings', sort: 'newest' }),
  page({ path: 'helmets', colours: ['STEALTH BLACK'], sizes: ['m'], inStockOnly: true }),
  page({ path: 'accessories/beanies', minPriceMinor: 3_000, maxPriceMinor: 4_500 }),
  page({ path: 'goggles/spherical', attributes: [{ name: 'lens', values: ['spherical'] }], hiddenProductIds: [132] }),
];

describe.each(testDatabaseKinds())('the BigCommerce and embedded catalogues agree on the demo data ($name)', (kind) => {
  let testDatabase: TestDatabase;
  let store: Awaited<ReturnType<typeof startFakeStore>>;
  let embedded: CatalogueService;
  let bigcommerce: CatalogueService;

  beforeAll(async () => {
    testDatabase = await kind.create();
    const { db } = testDatabase.database;
    await runSeeds(db, [referenceDataSeed, createCatalogueSeed()]);
    store = await startFakeStore();
    const deps = store.deps(db);
    embedded = createCatalogueService(db, { imageUrl: deps.imageUrl, cache: new ResponseCache({ ttlMs: 0 }) });
    bigcommerce = createBigCommerceCatalogue(deps);
  });
  afterAll(async () => {
    await store?.close();
    await testDatabase?.dispose();
  });

  it.each(Object.keys(shoppers))('shows the same products to a %s shopper', async (name) => {
    const query = { include: ['variants' as const, 'options' as const, 'images' as const, 'custom_fields' as const] };
    for (const id of [100, 102, 126, 132, 141, 160, 165]) {
      const [ours, theirs] = await Promise.all([
        embedded.getProduct(shoppers[name]!, id, query),
        bigcommerce.getProduct(shoppers[name]!, id, query),
      ]);
      expect(withoutTimes(theirs), `product ${id}`).toEqual(withoutTimes(ours));
    }
  });

  it.each(Object.keys(shoppers))('shows the same category pages to a %s shopper', async (name) => {
    for (const query of CATEGORY_PAGES) {
      const [ours, theirs] = await Promise.all([
        embedded.categoryPage(shoppers[name]!, query),
        bigcommerce.categoryPage(shoppers[name]!, query),
      ]);
      expect(withoutTimes(theirs), JSON.stringify(query)).toEqual(withoutTimes(ours));
    }
  });

  it('shows the same categories, tree and stock', async () => {
    expect(await bigcommerce.categoryTree()).toEqual(await embedded.categoryTree());
    const categories = { page: 1, limit: 50 };
    expect(await bigcommerce.listCategories(categories)).toEqual(await embedded.listCategories(categories));
    const ids = [100, 126, 141, 160, 163];
    expect(await bigcommerce.inventory(ids)).toEqual(await embedded.inventory(ids));
    expect(await bigcommerce.listProductOptions(132)).toEqual(await embedded.listProductOptions(132));
  });
});
