import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idsIn, includes, pageOf, v3Error, v3Page } from '../fake-http';
import type { FakeState } from '../state';
import type { CatalogRecords, ProductRecord } from './catalog-records';

/**
 * The catalog endpoints the provider calls, from BigCommerce's OpenAPI files
 * (github.com/bigcommerce/docs):
 * - reference/catalog/products_catalog.v3.yml: `GET /catalog/products` (`id:in`, `categories:in`,
 *   `is_visible`, `include`, `include_fields`, `sort`, `direction`, `page`, `limit`),
 *   `GET|PUT /catalog/products/{product_id}`;
 * - reference/catalog/product-variant-options_catalog.v3.yml: `GET /catalog/products/{product_id}/options`;
 * - reference/catalog/product-variants_catalog.v3.yml: `GET /catalog/products/{product_id}/variants[/{variant_id}]`,
 *   `GET /catalog/variants` (`product_id:in`, `id:in`, `sku`, `sku:in`);
 * - reference/catalog/category-trees_catalog.v3.yml: `GET /catalog/trees/categories`
 *   (`category_id:in`, `parent_id:in`, `tree_id:in`, `is_visible`);
 * - reference/price_lists.v3.yml: `GET /pricelists/{price_list_id}/records` (`variant_id:in`, `product_id:in`, `currency`).
 */

type Query = Record<string, string | undefined>;

const PRODUCT_INCLUDES = ['variants', 'images', 'custom_fields', 'options'] as const;
const PRODUCT_SORTS: Record<string, (product: ProductRecord) => string | number> = {
  id: (product) => product.id,
  name: (product) => product.name,
  sku: (product) => product.sku,
  price: (product) => product.price,
  date_modified: (product) => product.date_modified,
};

/** A list filter of ids; undefined after a 422 naming the parameter. */
function idFilter(reply: FastifyReply, query: Query, name: string): number[] | null | undefined {
  const ids = idsIn(query[name]);
  if (ids === undefined)
    v3Error(reply, 422, `The filter ${name} must list integers.`, {
      [name]: 'must be a comma-separated list of integers',
    });
  return ids;
}

/** `is_visible=true|1|false|0`: null when absent. */
function visibleFilter(query: Query): boolean | null {
  return query.is_visible === undefined ? null : query.is_visible === 'true' || query.is_visible === '1';
}

/**
 * A list call's page and id filters (named in the order they are checked); undefined once a 422
 * naming the bad parameter has been sent.
 */
function listRequest<Filter extends string>(
  request: FastifyRequest,
  reply: FastifyReply,
  filterNames: readonly Filter[],
): { page: { page: number; limit: number }; ids: Record<Filter, number[] | null> } | undefined {
  const page = pageOf(request, reply, 'v3');
  if (!page) return undefined;
  const ids = {} as Record<Filter, number[] | null>;
  for (const name of filterNames) {
    const filter = idFilter(reply, request.query as Query, name);
    if (filter === undefined) return undefined;
    ids[name] = filter;
  }
  return { page, ids };
}

function pathId(value: string): number | null {
  return /^\d{1,10}$/.test(value) ? Number(value) : null;
}

function productNotFound(reply: FastifyReply) {
  return v3Error(reply, 404, 'The requested product was not found.');
}

/** The product with the sub-resources `include` asks for, cut to `include_fields` (plus id). */
function productView(records: CatalogRecords, product: ProductRecord, query: Query): Record<string, unknown> {
  const fields = includes(query.include_fields);
  const view: Record<string, unknown> =
    fields.size === 0
      ? { ...product }
      : Object.fromEntries(Object.entries(product).filter(([key]) => key === 'id' || fields.has(key)));
  const asked = includes(query.include);
  if (asked.has('variants')) view.variants = records.variants.filter((variant) => variant.product_id === product.id);
  if (asked.has('options')) view.options = records.options.filter((option) => option.product_id === product.id);
  if (asked.has('images')) view.images = records.images.filter((image) => image.product_id === product.id);
  if (asked.has('custom_fields')) view.custom_fields = records.customFields.get(product.id) ?? [];
  return view;
}

const productUpdateSchema = z
  .object({
    name: z.string().min(1).max(250),
    price: z.number().min(0),
    sale_price: z.number().min(0),
    is_visible: z.boolean(),
    inventory_level: z.number().int().min(0),
  })
  .partial();

export function registerCatalogRoutes(app: FastifyInstance, state: FakeState): void {
  const { records } = state.catalog;
  const productOr404 = (request: FastifyRequest, reply: FastifyReply): ProductRecord | null => {
    const id = pathId((request.params as { productId: string }).productId);
    const product = id === null ? undefined : records.products.find((candidate) => candidate.id === id);
    if (!product) {
      productNotFound(reply);
      return null;
    }
    return product;
  };

  app.get('/v3/catalog/products', (request, reply) => {
    const query = request.query as Query;
    const list = listRequest(request, reply, ['id:in', 'categories:in']);
    if (!list) return reply;
    const { 'id:in': ids, 'categories:in': categoryIds } = list.ids;
    const unknownInclude = [...includes(query.include)].find(
      (name) => !(PRODUCT_INCLUDES as readonly string[]).includes(name),
    );
    if (unknownInclude)
      return v3Error(reply, 422, 'The include parameter names an unknown sub-resource.', { include: unknownInclude });
    const sortKey = PRODUCT_SORTS[query.sort ?? 'id'];
    if (!sortKey) return v3Error(reply, 422, 'The sort parameter is not valid.', { sort: String(query.sort) });
    const visible = visibleFilter(query);
    const direction = query.direction === 'desc' ? -1 : 1;
    const matching = records.products
      .filter((product) => ids === null || ids.includes(product.id))
      .filter((product) => categoryIds === null || product.categories.some((id) => categoryIds.includes(id)))
      .filter((product) => visible === null || product.is_visible === visible)
      .sort((left, right) => {
        const [a, b] = [sortKey(left), sortKey(right)];
        return (a < b ? -1 : a > b ? 1 : left.id - right.id) * direction;
      });
    const answer = v3Page(request, matching, list.page);
    return { ...answer, data: answer.data.map((product) => productView(records, product, query)) };
  });

  app.get('/v3/catalog/products/:productId', (request, reply) => {
    const product = productOr404(request, reply);
    return product ? { data: productView(records, product, request.query as Query), meta: {} } : reply;
  });

  app.put('/v3/catalog/products/:productId', (request, reply) => {
    const product = productOr404(request, reply);
    if (!product) return reply;
    const update = productUpdateSchema.safeParse(request.body);
    if (!update.success) {
      const errors = Object.fromEntries(update.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
      return v3Error(reply, 422, 'The product was not valid.', errors);
    }
    return { data: state.catalog.updateProduct(product.id, update.data), meta: {} };
  });

  const productSubResources: Record<string, (product: ProductRecord) => readonly unknown[]> = {
    options: (product: ProductRecord) => records.options.filter((option) => option.product_id === product.id),
    variants: (product: ProductRecord) => records.variants.filter((variant) => variant.product_id === product.id),
  };
  for (const [name, of] of Object.entries(productSubResources)) {
    app.get(`/v3/catalog/products/:productId/${name}`, (request, reply) => {
      const product = productOr404(request, reply);
      if (!product) return reply;
      const page = pageOf(request, reply, 'v3');
      return page ? v3Page(request, of(product), page) : reply;
    });
  }

  app.get('/v3/catalog/products/:productId/variants/:variantId', (request, reply) => {
    const product = productOr404(request, reply);
    if (!product) return reply;
    const variantId = pathId((request.params as { variantId: string }).variantId);
    const variant = records.variants.find(
      (candidate) => candidate.id === variantId && candidate.product_id === product.id,
    );
    return variant ? { data: variant, meta: {} } : v3Error(reply, 404, 'The requested variant was not found.');
  });

  app.get('/v3/catalog/variants', (request, reply) => {
    const query = request.query as Query;
    const list = listRequest(request, reply, ['product_id:in', 'id:in']);
    if (!list) return reply;
    const { 'product_id:in': productIds, 'id:in': ids } = list.ids;
    const skus = query['sku:in']?.split(',') ?? (query.sku === undefined ? null : [query.sku]);
    const matching = records.variants.filter(
      (variant) =>
        (productIds === null || productIds.includes(variant.product_id)) &&
        (ids === null || ids.includes(variant.id)) &&
        (skus === null || skus.includes(variant.sku)),
    );
    return v3Page(request, matching, list.page);
  });

  app.get('/v3/catalog/trees/categories', (request, reply) => {
    const query = request.query as Query;
    const list = listRequest(request, reply, ['category_id:in']);
    if (!list) return reply;
    const ids = list.ids['category_id:in'];
    const parents = idsIn(query['parent_id:in']);
    const trees = idsIn(query['tree_id:in']);
    if (parents === undefined || trees === undefined)
      return v3Error(reply, 422, 'The parent_id:in and tree_id:in filters must list integers.');
    const visible = visibleFilter(query);
    const matching = records.categories.filter(
      (category) =>
        (ids === null || ids.includes(category.category_id)) &&
        (parents === null || parents.includes(category.parent_id)) &&
        (trees === null || trees.includes(category.tree_id)) &&
        (visible === null || category.is_visible === visible),
    );
    return v3Page(request, matching, list.page);
  });

  app.get('/v3/pricelists/:priceListId/records', (request, reply) => {
    const query = request.query as Query;
    const priceListId = pathId((request.params as { priceListId: string }).priceListId);
    const priceList = priceListId === null ? undefined : records.priceLists.get(priceListId);
    if (!priceList) return v3Error(reply, 404, 'The requested price list was not found.');
    const list = listRequest(request, reply, ['variant_id:in', 'product_id:in']);
    if (!list) return reply;
    const { 'variant_id:in': variantIds, 'product_id:in': productIds } = list.ids;
    const currency = query.currency?.toLowerCase();
    const matching = [...priceList.values()].filter(
      (record) =>
        (variantIds === null || variantIds.includes(record.variant_id)) &&
        (productIds === null || productIds.includes(record.product_id)) &&
        (currency === undefined || record.currency === currency),
    );
    return v3Page(request, matching, list.page);
  });
}
