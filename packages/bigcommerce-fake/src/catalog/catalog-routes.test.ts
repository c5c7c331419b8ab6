import { describe, expect, it } from 'vitest';
import { FAKE_ACCESS_TOKEN, FAKE_PRICE_LISTS, FAKE_STORE_HASH } from '../demo-store';
import { createBigCommerceFake } from '../fake-server';

/**
 * The fake's catalog answers, each checked against the shape BigCommerce documents in the OpenAPI
 * files of github.com/bigcommerce/docs (paths named per test).
 */

const HORIZON = 132;
const HORIZON_SAGE = 132_003;

function fakeStore() {
  const fake = createBigCommerceFake({ storeHash: FAKE_STORE_HASH, accessToken: FAKE_ACCESS_TOKEN });
  const get = async (url: string) => {
    const response = await fake.app.inject({
      method: 'GET',
      url: `/stores/${FAKE_STORE_HASH}${url}`,
      headers: { 'x-auth-token': FAKE_ACCESS_TOKEN },
    });
    return { status: response.statusCode, body: response.json() };
  };
  const put = async (url: string, payload: unknown) => {
    const response = await fake.app.inject({
      method: 'PUT',
      url: `/stores/${FAKE_STORE_HASH}${url}`,
      headers: { 'x-auth-token': FAKE_ACCESS_TOKEN },
      payload: payload as object,
    });
    return { status: response.statusCode, body: response.json() };
  };
  return { fake, get, put };
}

describe('the fake catalog', () => {
  // reference/catalog/products_catalog.v3.yml: getProducts answers `data` and `meta.pagination` with `links`.
  it('pages products with meta.pagination and its links', async () => {
    const { get } = fakeStore();
    const { status, body } = await get('/v3/catalog/products?categories:in=29&limit=5&page=2');
    expect(status).toBe(200);
    expect(body.data).toHaveLength(5);
    expect(body.meta.pagination).toMatchObject({ count: 5, per_page: 5, current_page: 2 });
    expect(body.meta.pagination.links).toMatchObject({
      previous: expect.stringContaining('page=1'),
      current: expect.stringContaining('page=2'),
      next: expect.stringContaining('page=3'),
    });
    expect(body.data.every((product: { categories: number[] }) => product.categories.includes(29))).toBe(true);
  });

  // reference/catalog/products_catalog.v3.yml: `include` adds sub-resources; `include_fields` keeps the named fields and id.
  it('adds sub-resources only when include asks and cuts fields to include_fields', async () => {
    const { get } = fakeStore();
    const plain = await get(`/v3/catalog/products/${HORIZON}`);
    expect(plain.body.data).not.toHaveProperty('variants');
    expect(plain.body.meta).toEqual({});
    const full = await get(`/v3/catalog/products/${HORIZON}?include=variants,images,custom_fields,options`);
    expect(full.body.data.variants).toHaveLength(3);
    expect(full.body.data.images[0]).toMatchObject({ product_id: HORIZON, is_thumbnail: true });
    expect(full.body.data.options.map((option: { type: string }) => option.type)).toEqual(['swatch', 'rectangles']);
    expect(full.body.data.custom_fields[0]).toEqual({ id: 13201, name: 'Lens', value: 'Spherical' });
    const cut = await get(`/v3/catalog/products?id:in=${HORIZON}&include_fields=name`);
    expect(cut.body.data).toEqual([{ id: HORIZON, name: 'Horizon Spherical Goggle' }]);
  });

  // developer.bigcommerce.com/docs/start/about/status-codes: v3 errors are `{ status, title, type, errors }`.
  it('refuses a malformed id filter with 422 and an unknown product with 404', async () => {
    const { get } = fakeStore();
    const bad = await get('/v3/catalog/products?id:in=1,abc');
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ status: 422, type: expect.any(String), errors: { 'id:in': expect.any(String) } });
    const missing = await get('/v3/catalog/products/99999');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ status: 404, title: 'The requested product was not found.' });
    expect((await get(`/v3/catalog/products/${HORIZON}/variants/1`)).status).toBe(404);
  });

  // reference/catalog/products_catalog.v3.yml: updateProduct (PUT) answers the product; 422 for invalid fields.
  it('changes a product on PUT and hides it from is_visible=true lists', async () => {
    const { get, put } = fakeStore();
    expect((await put(`/v3/catalog/products/${HORIZON}`, { is_visible: 'no' })).status).toBe(422);
    const changed = await put(`/v3/catalog/products/${HORIZON}`, { is_visible: false, price: 199 });
    expect(changed.body.data).toMatchObject({ id: HORIZON, is_visible: false, price: 199 });
    const visible = await get(`/v3/catalog/products?id:in=${HORIZON}&is_visible=true`);
    expect(visible.body.data).toEqual([]);
  });

  // reference/catalog/product-variants_catalog.v3.yml: getVariants filters by `product_id:in`, `id:in` and `sku`.
  it('finds variants by sku, id and product', async () => {
    const { get } = fakeStore();
    const bySku = await get('/v3/catalog/variants?sku=PST-GGL-HORIZON-03-ONESIZE');
    expect(bySku.body.data).toEqual([
      expect.objectContaining({
        id: HORIZON_SAGE,
        product_id: HORIZON,
        option_values: [
          expect.objectContaining({ label: 'Sage – Gold Mirror', option_display_name: 'Colour' }),
          expect.objectContaining({ label: 'One Size', option_display_name: 'Size' }),
        ],
      }),
    ]);
    expect((await get(`/v3/catalog/variants?product_id:in=${HORIZON}`)).body.meta.pagination.total).toBe(3);
  });

  // reference/catalog/category-trees_catalog.v3.yml: getAllCategories answers category_id, parent_id, url.path.
  it('answers the category tree categories with their url paths', async () => {
    const { get } = fakeStore();
    const { body } = await get('/v3/catalog/trees/categories?category_id:in=20,21');
    expect(body.data).toEqual([
      expect.objectContaining({
        category_id: 20,
        parent_id: 0,
        name: 'Bindings',
        url: { path: '/bindings/', is_customized: false },
      }),
      expect.objectContaining({
        category_id: 21,
        parent_id: 20,
        url: { path: '/bindings/freeride/', is_customized: false },
      }),
    ]);
  });

  // reference/price_lists.v3.yml: getPriceListRecords filters by `variant_id:in` and `currency`.
  it('answers a price list records per variant and currency', async () => {
    const { get } = fakeStore();
    const { body } = await get(
      `/v3/pricelists/${FAKE_PRICE_LISTS.ca}/records?variant_id:in=${HORIZON_SAGE}&currency=cad`,
    );
    expect(body.data).toEqual([
      expect.objectContaining({
        price_list_id: FAKE_PRICE_LISTS.ca,
        variant_id: HORIZON_SAGE,
        currency: 'cad',
        price: 309.95,
      }),
    ]);
    expect((await get(`/v3/pricelists/${FAKE_PRICE_LISTS.ca}/records?currency=usd`)).body.data).toEqual([]);
    expect((await get('/v3/pricelists/99/records')).status).toBe(404);
  });

  it('prices a cart line from a price list and takes stock on an order', () => {
    const { fake } = fakeStore();
    expect(fake.state.catalog.lookupVariant(HORIZON_SAGE, FAKE_PRICE_LISTS.eu_region_1)).toMatchObject({
      productId: HORIZON,
      listPrice: 219.99,
      salePrice: null,
      inventoryLevel: 3,
      options: [
        { name: 'Colour', value: 'Sage – Gold Mirror' },
        { name: 'Size', value: 'One Size' },
      ],
    });
    expect(fake.state.catalog.lookupVariant(HORIZON_SAGE, null)).toMatchObject({ listPrice: 229.95 });
    fake.state.catalog.adjustStock(HORIZON_SAGE, -2);
    expect(fake.state.catalog.lookupVariant(HORIZON_SAGE, null)?.inventoryLevel).toBe(1);
    expect(fake.state.catalog.lookupVariant(1, null)).toBeNull();
  });
});
