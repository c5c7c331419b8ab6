import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  categoryListQuerySchema,
  idParamSchema,
  productIdsQuerySchema,
  productListQuerySchema,
  productQuerySchema,
  resolveCommerceRegion,
  variantListQuerySchema,
  type CatalogueService,
  type StoreService,
} from '@piste/commerce';
import { errorAnswers, noQuery } from '../../openapi/api-schemas';
import {
  category,
  categoryTreeNode,
  country,
  currency,
  itemOf,
  listOf,
  product,
  productInventory,
  productOption,
  state,
  store as storeAnswer,
  variant,
} from '../../openapi/catalogue-answers';
import { cacheCatalogueReads } from './http-cache';
import { shopperOf, type SessionServices } from './request-context';

const idParams = z.strictObject({ id: idParamSchema });
const variantParams = z.strictObject({ id: idParamSchema, variantId: idParamSchema });
const noParams = z.strictObject({});
const unpaged = <Item extends z.ZodType>(item: Item) => z.object({ data: z.array(item), meta: z.object({}) });

/** Region from `x-bc-region` (spec §7), for answers that do not depend on who asks. */
function regionOf(request: FastifyRequest) {
  return resolveCommerceRegion(request.headers['x-bc-region']);
}

/** A read's schema: its query, its path parameters, and its answer or a 400 or 404. */
function read<
  Answer extends z.ZodType,
  Query extends z.ZodType = typeof noQuery,
  Params extends z.ZodType = typeof noParams,
>(answer: Answer, input: { querystring?: Query; params?: Params } = {}) {
  return {
    schema: {
      tags: ['catalogue'],
      querystring: (input.querystring ?? noQuery) as Query,
      params: (input.params ?? noParams) as Params,
      response: { 200: answer, ...errorAnswers(400, 404) },
    },
  };
}

/** The catalogue calls of spec §7 under `/api`, in BigCommerce's v3 shapes (docs/api.md). */
export function catalogueRoutes(
  services: { catalogue: CatalogueService; store: StoreService } & SessionServices,
): FastifyPluginAsyncZod {
  const { catalogue, store } = services;
  return async (app) => {
    await cacheCatalogueReads(app);
    /** Prices follow the signed-in customer's group (http-cache.ts keeps those answers private). */
    const shopper = (request: FastifyRequest, reply: FastifyReply) => shopperOf(request, reply, services);

    app.get('/products', read(listOf(product), { querystring: productListQuerySchema }), async (request, reply) =>
      catalogue.listProducts(await shopper(request, reply), request.query),
    );
    app.get(
      '/products/:id',
      read(itemOf(product), { querystring: productQuerySchema, params: idParams }),
      async (request, reply) => catalogue.getProduct(await shopper(request, reply), request.params.id, request.query),
    );
    app.get('/products/:id/options', read(listOf(productOption), { params: idParams }), (request) =>
      catalogue.listProductOptions(request.params.id),
    );
    app.get('/products/:id/variants', read(listOf(variant), { params: idParams }), async (request, reply) =>
      catalogue.listProductVariants(await shopper(request, reply), request.params.id),
    );
    app.get(
      '/products/:id/variants/:variantId',
      read(itemOf(variant), { params: variantParams }),
      async (request, reply) =>
        catalogue.getProductVariant(await shopper(request, reply), request.params.id, request.params.variantId),
    );
    app.get('/variants', read(listOf(variant), { querystring: variantListQuerySchema }), async (request, reply) =>
      catalogue.listVariants(await shopper(request, reply), request.query),
    );

    app.get('/categories', read(listOf(category), { querystring: categoryListQuerySchema }), (request) =>
      catalogue.listCategories(request.query),
    );
    app.get('/categories/:id', read(itemOf(category), { params: idParams }), (request) =>
      catalogue.getCategory(request.params.id),
    );
    app.get('/category_tree', read(unpaged(categoryTreeNode)), () => catalogue.categoryTree());

    const byProductIds = { querystring: productIdsQuerySchema };
    app.get('/out-of-stock', read(z.object({ data: z.array(z.number()) }), byProductIds), (request) =>
      catalogue.outOfStock(request.query.ids),
    );
    app.get(
      '/category/products/inventory',
      read(z.object({ data: z.array(productInventory) }), byProductIds),
      (request) => catalogue.inventory(request.query.ids),
    );

    app.get('/currencies', read(unpaged(currency)), (request) => store.listCurrencies(regionOf(request)));
    app.get('/currencies/:id', read(itemOf(currency), { params: idParams }), (request) =>
      store.getCurrency(regionOf(request), request.params.id),
    );
    app.get('/countries', read(unpaged(country)), () => store.listCountries());
    app.get('/countries/:id/states', read(unpaged(state), { params: idParams }), (request) =>
      store.listStates(request.params.id),
    );
    app.get('/store', read(itemOf(storeAnswer)), (request) => store.getStore(regionOf(request)));
  };
}
