import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  categoryListQuerySchema,
  idParamSchema,
  parseInput,
  productIdsQuerySchema,
  productListQuerySchema,
  productQuerySchema,
  resolveCommerceRegion,
  variantListQuerySchema,
  type CatalogueService,
  type StoreService,
} from '@piste/commerce';
import { cacheCatalogueReads } from './http-cache';
import { shopperOf, type SessionServices } from './request-context';

const idParams = z.strictObject({ id: idParamSchema });
const variantParams = z.strictObject({ id: idParamSchema, variantId: idParamSchema });
const noQuery = z.strictObject({});

/** Region from `x-bc-region` (spec §7), for answers that do not depend on who asks. */
function regionOf(request: FastifyRequest) {
  return resolveCommerceRegion(request.headers['x-bc-region']);
}

const query = <Schema extends z.ZodType>(schema: Schema, request: FastifyRequest) =>
  parseInput(schema, request.query, 'Query parameter');
const params = <Schema extends z.ZodType>(schema: Schema, request: FastifyRequest) =>
  parseInput(schema, request.params, 'Path parameter');

/** The catalogue calls of spec §7 under `/api`, in BigCommerce's v3 shapes (docs/api.md). */
export function catalogueRoutes(
  services: { catalogue: CatalogueService; store: StoreService } & SessionServices,
): FastifyPluginAsync {
  const { catalogue, store } = services;
  return async (app) => {
    await cacheCatalogueReads(app);
    /** Prices follow the signed-in customer's group (http-cache.ts keeps those answers private). */
    const shopper = (request: FastifyRequest, reply: FastifyReply) => shopperOf(request, reply, services);

    app.get('/products', async (request, reply) => {
      const listQuery = query(productListQuerySchema, request);
      return catalogue.listProducts(await shopper(request, reply), listQuery);
    });
    app.get('/products/:id', async (request, reply) => {
      const { id } = params(idParams, request);
      const productQuery = query(productQuerySchema, request);
      return catalogue.getProduct(await shopper(request, reply), id, productQuery);
    });
    app.get('/products/:id/options', (request) => {
      query(noQuery, request);
      return catalogue.listProductOptions(params(idParams, request).id);
    });
    app.get('/products/:id/variants', async (request, reply) => {
      query(noQuery, request);
      const { id } = params(idParams, request);
      return catalogue.listProductVariants(await shopper(request, reply), id);
    });
    app.get('/products/:id/variants/:variantId', async (request, reply) => {
      query(noQuery, request);
      const { id, variantId } = params(variantParams, request);
      return catalogue.getProductVariant(await shopper(request, reply), id, variantId);
    });
    app.get('/variants', async (request, reply) => {
      const variantQuery = query(variantListQuerySchema, request);
      return catalogue.listVariants(await shopper(request, reply), variantQuery);
    });

    app.get('/categories', (request) => catalogue.listCategories(query(categoryListQuerySchema, request)));
    app.get('/categories/:id', (request) => {
      query(noQuery, request);
      return catalogue.getCategory(params(idParams, request).id);
    });
    app.get('/category_tree', (request) => {
      query(noQuery, request);
      return catalogue.categoryTree();
    });

    app.get('/out-of-stock', (request) => catalogue.outOfStock(query(productIdsQuerySchema, request).ids));
    app.get('/category/products/inventory', (request) =>
      catalogue.inventory(query(productIdsQuerySchema, request).ids),
    );

    app.get('/currencies', (request) => {
      query(noQuery, request);
      return store.listCurrencies(regionOf(request));
    });
    app.get('/currencies/:id', (request) => {
      query(noQuery, request);
      return store.getCurrency(regionOf(request), params(idParams, request).id);
    });
    app.get('/countries', (request) => {
      query(noQuery, request);
      return store.listCountries();
    });
    app.get('/countries/:id/states', (request) => {
      query(noQuery, request);
      return store.listStates(params(idParams, request).id);
    });
    app.get('/store', (request) => {
      query(noQuery, request);
      return store.getStore(regionOf(request));
    });
  };
}
