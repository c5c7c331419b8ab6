import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSchema } from '@piste/admin/server';
import { commerceSchema } from '@piste/commerce/server';
import { testDatabaseKinds } from '@piste/db/testing';
import { signedInStaff } from '../../test/support/admin-harness';
import { createSeededApiApp } from '../../test/support/app-harness';
import { TestBrowser } from '../../test/support/test-browser';

type Shop = Awaited<ReturnType<typeof createSeededApiApp>>;

/** Asks until `check` passes or two seconds are up: the shop's caches follow a change notification. */
async function eventually(check: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + 2_000;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

describe.each(testDatabaseKinds())('back-office catalogue on $name', (kind) => {
  let shop: Shop;
  let merchandiser: Awaited<ReturnType<typeof signedInStaff>>;
  beforeAll(async () => {
    shop = await createSeededApiApp(kind);
    merchandiser = await signedInStaff(shop.app, shop.database, 'merchandiser');
  }, 180_000);
  afterAll(() => shop.close());

  async function productIdOf(sku: string): Promise<number> {
    const list = await merchandiser.call('GET', `/admin/api/products?q=${encodeURIComponent(sku)}`);
    const row = list.json().products.find((product: { sku: string }) => product.sku === sku);
    expect(row, `product ${sku}`).toBeDefined();
    return row.id;
  }

  async function categoryIdOf(path: string): Promise<number> {
    const tree = (await merchandiser.call('GET', '/admin/api/categories')).json().categories;
    const walk = (nodes: { id: number; path: string; children: unknown[] }[]): number | undefined =>
      nodes.map((node) => (node.path === path ? node.id : walk(node.children as never))).find(Boolean);
    const id = walk(tree);
    expect(id, `category ${path}`).toBeDefined();
    return id!;
  }

  it('lists products with search by name or SKU, filters, sort and pages with a total', async () => {
    const firstPage = await merchandiser.call('GET', '/admin/api/products?pageSize=5&sort=name');
    expect(firstPage.statusCode).toBe(200);
    const { products, total } = firstPage.json();
    expect(products).toHaveLength(5);
    expect(total).toBeGreaterThan(20);
    const names = products.map((product: { name: string }) => product.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));

    const secondPage = (await merchandiser.call('GET', '/admin/api/products?pageSize=5&page=2&sort=name')).json();
    expect(secondPage.products[0].id).not.toBe(products[0].id);
    expect(secondPage.total).toBe(total);

    const byName = (await merchandiser.call('GET', '/admin/api/products?q=hOrIzOn')).json();
    expect(byName.products.map((product: { sku: string }) => product.sku)).toContain('PST-GGL-HORIZON');
    const byVariantSku = (await merchandiser.call('GET', '/admin/api/products?q=pst-ggl-horizon-01')).json();
    expect(byVariantSku.products.map((product: { sku: string }) => product.sku)).toEqual(['PST-GGL-HORIZON']);
    const pastTheEnd = (await merchandiser.call('GET', '/admin/api/products?q=hOrIzOn&page=50')).json();
    expect(pastTheEnd).toMatchObject({ products: [], total: byName.total, page: 50 });
    // SKUs match by their start (an index lookup), names anywhere.
    const bySkuMiddle = (await merchandiser.call('GET', '/admin/api/products?q=ggl-horizon-01')).json();
    expect(bySkuMiddle.products.map((product: { sku: string }) => product.sku)).not.toContain('PST-GGL-HORIZON');

    const goggles = await categoryIdOf('goggles');
    const inGoggles = (await merchandiser.call('GET', `/admin/api/products?category=${goggles}&pageSize=200`)).json();
    expect(inGoggles.total).toBeGreaterThan(0);
    expect(inGoggles.total).toBeLessThan(total);
    expect(
      inGoggles.products.every(
        (product: { sku: string }) => product.sku.startsWith('PST-GGL') || product.sku.includes('GGL'),
      ),
    ).toBe(true);

    const newOnes = (await merchandiser.call('GET', '/admin/api/products?flag=new&pageSize=200')).json();
    expect(newOnes.products.every((product: { isNew: boolean }) => product.isNew)).toBe(true);
    const lowStock = (await merchandiser.call('GET', '/admin/api/products?stock=low&pageSize=200')).json();
    expect(lowStock.products.map((product: { sku: string }) => product.sku)).toContain('PST-GGL-HORIZON');

    const reversed = (await merchandiser.call('GET', '/admin/api/products?pageSize=5&sort=-name')).json();
    expect(reversed.products[0].name.localeCompare(names[0])).toBeGreaterThan(0);
    // The admin app's lists say `sort=name&order=desc`.
    const ordered = (await merchandiser.call('GET', '/admin/api/products?pageSize=5&sort=name&order=desc')).json();
    expect(ordered.products).toEqual(reversed.products);
  });

  it('refuses a malformed list query at its field, and a change by a role that may only read', async () => {
    const bad = await merchandiser.call('GET', '/admin/api/products?pageSize=0&sort=price');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['pageSize', 'sort']);

    const support = await signedInStaff(shop.app, shop.database, 'support');
    expect((await support.call('GET', '/admin/api/products')).statusCode).toBe(200);
    const id = await productIdOf('PST-GGL-HORIZON');
    const refused = await support.call('PATCH', `/admin/api/products/${id}`, { payload: { version: 1, name: 'Nope' } });
    expect(refused.statusCode).toBe(403);
    expect((await new TestBrowser(shop.app).call('GET', '/admin/api/products')).statusCode).toBe(401);
  });

  it("refuses a stale edit with the other editor's change, and audits the one that won", async () => {
    const id = await productIdOf('PST-GGL-HORIZON');
    const other = await signedInStaff(shop.app, shop.database, 'merchandiser');
    const loaded = (await merchandiser.call('GET', `/admin/api/products/${id}`)).json();
    expect(loaded.variants.length).toBeGreaterThan(0);
    expect(loaded.priceLists.map((list: { regionId: string }) => list.regionId)).toEqual(['us', 'ca', 'eu_region_1']);

    const first = await other.call('PATCH', `/admin/api/products/${id}`, {
      payload: { version: loaded.version, name: 'Horizon Spherical Goggle II', isNew: true },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().version).toBe(loaded.version + 1);

    const stale = await merchandiser.call('PATCH', `/admin/api/products/${id}`, {
      payload: { version: loaded.version, name: 'Horizon Goggle' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('VERSION_CONFLICT');
    expect(stale.json().error.current).toMatchObject({
      name: 'Horizon Spherical Goggle II',
      version: loaded.version + 1,
    });

    const [entry] = await shop.database.db
      .select()
      .from(adminSchema.auditLog)
      .where(eq(adminSchema.auditLog.entityId, String(id)));
    expect(entry).toMatchObject({
      action: 'product.update',
      actor: other.email,
      before: { name: loaded.name, isNew: loaded.isNew },
      after: { name: 'Horizon Spherical Goggle II', isNew: true },
    });
  });

  it('refuses a sale price that is not below the price, at its field, changing nothing', async () => {
    const id = await productIdOf('PST-GGL-HORIZON');
    const loaded = (await merchandiser.call('GET', `/admin/api/products/${id}`)).json();
    const variant = loaded.variants[0];
    const response = await merchandiser.call('PATCH', `/admin/api/products/${id}`, {
      payload: {
        version: loaded.version,
        name: 'Should not be saved',
        variants: [{ id: variant.id, prices: [{ regionId: 'us', price: 10000, salePrice: 10000, retailPrice: null }] }],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      'variants.0.prices.0.salePrice': 'A sale price must be below the price.',
    });
    const after = (await merchandiser.call('GET', `/admin/api/products/${id}`)).json();
    expect(after.name).toBe(loaded.name);
    expect(after.version).toBe(loaded.version);

    const saved = await merchandiser.call('PATCH', `/admin/api/products/${id}`, {
      payload: {
        version: loaded.version,
        variants: [
          { id: variant.id, prices: [{ regionId: 'us', price: 25000, salePrice: 19900, retailPrice: 27000 }] },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().variants[0].prices.find((price: { regionId: string }) => price.regionId === 'us')).toEqual({
      regionId: 'us',
      currencyCode: 'USD',
      price: 25000,
      salePrice: 19900,
      retailPrice: 27000,
    });
  });

  it('puts a category on 20 % sale in one bulk edit, and the shop shows the sale price at once', async () => {
    const helmets = await categoryIdOf('helmets');
    const inHelmets = (await merchandiser.call('GET', `/admin/api/products?category=${helmets}&pageSize=200`)).json();
    const productId = inHelmets.products[0].id;
    const before = (await shop.app.inject({ url: `/api/products/${productId}?include=variants` })).json().data;
    expect(before.variants[0].sale_price ?? null).toBeNull();

    const response = await merchandiser.call('POST', '/admin/api/products/bulk', {
      payload: { selection: { filter: { category: helmets } }, operation: { type: 'sale', percentOff: 20 } },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ matched: inHelmets.total, changed: inHelmets.total });

    const detail = (await merchandiser.call('GET', `/admin/api/products/${productId}`)).json();
    const usPrice = detail.variants[0].prices.find((price: { regionId: string }) => price.regionId === 'us');
    expect(usPrice.salePrice).toBe(Math.round(usPrice.price * 0.8));
    await eventually(async () => {
      const shown = (await shop.app.inject({ url: `/api/products/${productId}?include=variants` })).json().data;
      expect(shown.variants[0].sale_price).toBeCloseTo(usPrice.salePrice / 100, 2);
      expect(shown.variants[0].calculated_price).toBeCloseTo(usPrice.salePrice / 100, 2);
    });

    const audit = await shop.database.db
      .select()
      .from(adminSchema.auditLog)
      .where(eq(adminSchema.auditLog.action, 'product.bulk-edit'));
    expect(audit.map((entry) => entry.entityId)).toContain(String(productId));

    const cleared = await merchandiser.call('POST', '/admin/api/products/bulk', {
      payload: { selection: { productIds: [productId] }, operation: { type: 'clear-sale' } },
    });
    expect(cleared.json()).toMatchObject({ matched: 1, changed: 1 });
    const bad = await merchandiser.call('POST', '/admin/api/products/bulk', {
      payload: { selection: { productIds: [productId] }, operation: { type: 'sale', percentOff: 120 } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty(['operation.percentOff']);
  });

  it('sets a variant to 0 stock: the shop shows it sold out, and the history tells who did it', async () => {
    const id = await productIdOf('PST-GGL-HORIZON');
    const loaded = (await merchandiser.call('GET', `/admin/api/products/${id}`)).json();
    const variant = loaded.variants[0];
    const received = await merchandiser.call('POST', `/admin/api/products/${id}/stock`, {
      payload: { variantId: variant.id, delta: 5, reason: 'received', note: 'Delivery 42' },
    });
    expect(received.json()).toEqual({ level: variant.inventoryLevel + 5 });
    const counted = await merchandiser.call('POST', `/admin/api/products/${id}/stock`, {
      payload: { variantId: variant.id, level: 0, reason: 'recount' },
    });
    expect(counted.statusCode, counted.body).toBe(200);
    expect(counted.json()).toEqual({ level: 0 });

    await eventually(async () => {
      const shown = (await shop.app.inject({ url: `/api/products/${id}/variants/${variant.id}` })).json().data;
      expect(shown).toMatchObject({ inventory_level: 0, is_in_stock: false });
    });

    const history = (await merchandiser.call('GET', `/admin/api/products/${id}/stock-history`)).json().adjustments;
    expect(history.slice(0, 2)).toMatchObject([
      {
        variantId: variant.id,
        variantSku: variant.sku,
        delta: -(variant.inventoryLevel + 5),
        levelAfter: 0,
        reason: 'recount',
        actor: merchandiser.email,
      },
      {
        variantId: variant.id,
        delta: 5,
        levelAfter: variant.inventoryLevel + 5,
        reason: 'received',
        note: 'Delivery 42',
      },
    ]);

    const below = await merchandiser.call('POST', `/admin/api/products/${id}/stock`, {
      payload: { variantId: variant.id, delta: -1, reason: 'damaged' },
    });
    expect(below.statusCode).toBe(400);
    expect(below.json().error.fields.delta).toMatch(/below zero/);
    const both = await merchandiser.call('POST', `/admin/api/products/${id}/stock`, {
      payload: { variantId: variant.id, delta: 1, level: 3, reason: 'received' },
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().error.fields).toHaveProperty('delta');
  });

  it('creates a product with options, variants and prices, then archives it', async () => {
    const goggles = await categoryIdOf('goggles');
    const created = await merchandiser.call('POST', '/admin/api/products', {
      payload: {
        name: 'Test Goggle',
        sku: 'TST-GGL',
        categoryIds: [goggles],
        options: [{ displayName: 'Colour', type: 'swatch', values: ['Black', 'White'] }],
        variants: [
          {
            sku: 'TST-GGL-BLK',
            optionLabels: ['Black'],
            prices: [{ regionId: 'us', price: 9900, salePrice: null, retailPrice: null }],
          },
          {
            sku: 'TST-GGL-WHT',
            optionLabels: ['White'],
            prices: [{ regionId: 'us', price: 9900, salePrice: 8900, retailPrice: null }],
          },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ uid: 'test-goggle', isVisible: false, categoryIds: [goggles] });
    expect(created.json().variants.map((variant: { optionLabels: string[] }) => variant.optionLabels)).toEqual([
      ['Black'],
      ['White'],
    ]);

    const duplicate = await merchandiser.call('POST', '/admin/api/products', {
      payload: {
        name: 'Test Goggle',
        sku: 'TST-GGL',
        variants: [
          {
            sku: 'TST-GGL-BLK',
            optionLabels: [],
            prices: [{ regionId: 'mars', price: 1, salePrice: null, retailPrice: null }],
          },
        ],
      },
    });
    expect(duplicate.statusCode).toBe(400);
    expect(Object.keys(duplicate.json().error.fields).sort()).toEqual([
      'sku',
      'uid',
      'variants.0.prices.0.regionId',
      'variants.0.sku',
    ]);

    const archived = await merchandiser.call('DELETE', `/admin/api/products/${created.json().id}`);
    expect(archived.json()).toMatchObject({ isVisible: false });
  });

  it('keeps categories as a tree: creates, renames, moves with their children, hides', async () => {
    const accessories = await categoryIdOf('accessories');
    const goggles = await categoryIdOf('goggles');
    const created = await merchandiser.call('POST', '/admin/api/categories', {
      payload: { name: 'Lens cases', slug: 'lens-cases', parentId: accessories },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().path).toBe('accessories/lens-cases');
    const child = await merchandiser.call('POST', '/admin/api/categories', {
      payload: { name: 'Hard cases', slug: 'hard', parentId: created.json().id },
    });
    const moved = await merchandiser.call('PATCH', `/admin/api/categories/${created.json().id}`, {
      payload: { parentId: goggles, name: 'Cases', isVisible: false },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ path: 'goggles/lens-cases', name: 'Cases', isVisible: false });
    const [childRow] = await shop.database.db
      .select()
      .from(commerceSchema.categories)
      .where(eq(commerceSchema.categories.id, child.json().id));
    expect(childRow!.path).toBe('goggles/lens-cases/hard');

    const underItself = await merchandiser.call('PATCH', `/admin/api/categories/${created.json().id}`, {
      payload: { parentId: child.json().id },
    });
    expect(underItself.statusCode).toBe(400);
    expect(underItself.json().error.fields).toHaveProperty('parentId');
  });

  it("edits a customer group's prices as percent rules and refuses a rule for an unknown category", async () => {
    const groups = (await merchandiser.call('GET', '/admin/api/catalogue/customer-groups')).json().groups;
    const group = groups[0];
    const goggles = await categoryIdOf('goggles');
    const saved = await merchandiser.call('PUT', `/admin/api/customer-groups/${group.id}/discounts`, {
      payload: {
        rules: [
          { type: 'all', percent: 10 },
          { type: 'category', categoryId: goggles, percent: 25 },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [row] = await shop.database.db
      .select()
      .from(commerceSchema.customerGroups)
      .where(eq(commerceSchema.customerGroups.id, group.id));
    expect(row!.discountRules).toEqual([
      { type: 'all', method: 'percent', amount: '10.0000' },
      { type: 'category', method: 'percent', amount: '25.0000', category_id: goggles },
    ]);
    const refused = await merchandiser.call('PUT', `/admin/api/customer-groups/${group.id}/discounts`, {
      payload: { rules: [{ type: 'category', categoryId: 999_999, percent: 5 }] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ 'rules.0.categoryId': 'There is no category 999999.' });
  });
});
