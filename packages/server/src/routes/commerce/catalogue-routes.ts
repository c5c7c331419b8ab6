import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
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
  type ShopperContext,
  type StoreService,
} from '@piste/commerce';
import { cacheCatalogueReads } from './http-cache';

const idParams = z.strictObject({ id: idParamSchema });
const variantParams = z.strictObject({ id: idParamSchema, variantId: idParamSchema });
const noQuery = z.strictObject({});

/** Region from `x-bc-region` (spec §7); customer-group discounts join in with sessions. */
function shopperOf(request: FastifyRequest): ShopperContext {
  return { region: resolveCommerceRegion(request.headers['x-bc-region']) };
}

const query = <Schema extends z.ZodType>(schema: Schema, request: FastifyRequest) =>
  parseInput(schema, request.query, 'Query parameter');
const params = <Schema extends z.ZodType>(schema: Schema, request: FastifyRequest) =>
  parseInput(schema, request.params, 'Path parameter');

/** The catalogue calls of spec §7 under `/api`, in BigCommerce's v3 shapes (docs/api.md). */
export function catalogueRoutes(services: { catalogue: CatalogueService; store: StoreService }): FastifyPluginAsync {
  const { catalogue, store } = services;
  return async (app) => {
    await cacheCatalogueReads(app);

    app.get('/products', (request) =>
      catalogue.listProducts(shopperOf(request), query(productListQuerySchema, request)),
    );
    app.get('/products/:id', (request) =>
      catalogue.getProduct(shopperOf(request), params(idParams, request).id, query(productQuerySchema, request)),
    );
    app.get('/products/:id/options', (request) => {
      query(noQuery, request);
      return catalogue.listProductOptions(params(idParams, request).id);
    });
    app.get('/products/:id/variants', (request) => {
      query(noQuery, request);
      return catalogue.listProductVariants(shopperOf(request), params(idParams, request).id);
    });
    app.get('/products/:id/variants/:variantId', (request) => {
      query(noQuery, request);
      const { id, variantId } = params(variantParams, request);
      return catalogue.getProductVariant(shopperOf(request), id, variantId);
    });
    app.get('/variants', (request) =>
      catalogue.listVariants(shopperOf(request), query(variantListQuerySchema, request)),
    );

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
      return store.listCurrencies(shopperOf(request).region);
    });
    app.get('/currencies/:id', (request) => {
      query(noQuery, request);
      return store.getCurrency(shopperOf(request).region, params(idParams, request).id);
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
      return store.getStore(shopperOf(request).region);
    });
  };
}
