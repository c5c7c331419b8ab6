import { z } from 'zod';
import {
  categoryCreateSchema,
  categoryTreeSchema,
  categoryUpdateSchema,
  groupDiscountsSchema,
  groupDiscountsViewSchema,
  productCreateSchema,
  productDetailSchema,
  productListQuerySchema,
  productListSchema,
  productPatchSchema,
  stockChangeSchema,
  stockHistorySchema,
  bulkEditSchema,
  bulkResultSchema,
} from '@piste/admin';
import {
  archiveProduct,
  bulkEditProducts,
  categoryTree,
  changeProductStock,
  createCategory,
  createProduct,
  listProducts,
  loadGroupDiscounts,
  loadProduct,
  saveGroupDiscounts,
  stockHistory,
  updateCategory,
  updateProduct,
} from '@piste/admin/server';
import { commerceSchema } from '@piste/commerce/server';
import { staffOf, type AdminApp, type AdminDeps } from './admin-context';
import { catalogueFileRoutes } from './catalogue-routes-files';

const idParams = z.strictObject({
  id: z.coerce.number().int('Give a whole number.').positive('Give a positive id.').max(2_147_483_647),
});

const categoryViewSchema = z.object({
  id: z.number(),
  parentId: z.number().nullable(),
  name: z.string(),
  description: z.string(),
  path: z.string(),
  sortOrder: z.number(),
  isVisible: z.boolean(),
});

/**
 * The catalogue area of `/admin/api` (docs/admin/catalogue.md): products, prices, stock, bulk
 * edits, categories, customer-group prices, import and export. Embedded commerce only: on
 * BigCommerce its control panel keeps the catalogue. Writes go to the catalogue tables, whose
 * triggers announce them to every instance's caches and the search index on commit.
 */
export function catalogueRoutes(deps: AdminDeps) {
  return async (app: AdminApp) => {
    if (!deps.services.embeddedOnly) return;
    const { db } = deps.database;
    const read = { permission: 'catalogue:read' } as const;
    const write = { permission: 'catalogue:write' } as const;

    app.get(
      '/products',
      {
        config: read,
        schema: { tags: ['catalogue'], querystring: productListQuerySchema, response: { 200: productListSchema } },
      },
      async (request) => listProducts(db, request.query),
    );

    app.post(
      '/products',
      {
        config: write,
        schema: { tags: ['catalogue'], body: productCreateSchema, response: { 201: productDetailSchema } },
      },
      async (request, reply) =>
        reply.status(201).send(await createProduct(db, staffOf(request), request.body, request.id)),
    );

    app.post(
      '/products/bulk',
      { config: write, schema: { tags: ['catalogue'], body: bulkEditSchema, response: { 200: bulkResultSchema } } },
      async (request) => bulkEditProducts(db, staffOf(request), request.body, request.id),
    );

    app.get(
      '/products/:id',
      { config: read, schema: { tags: ['catalogue'], params: idParams, response: { 200: productDetailSchema } } },
      async (request) => loadProduct(db, request.params.id),
    );

    app.patch(
      '/products/:id',
      {
        config: write,
        schema: {
          tags: ['catalogue'],
          params: idParams,
          body: productPatchSchema,
          response: { 200: productDetailSchema },
        },
      },
      async (request) => updateProduct(db, staffOf(request), request.params.id, request.body, request.id),
    );

    // Orders name their products: a product is never deleted, only hidden (archived).
    app.delete(
      '/products/:id',
      { config: write, schema: { tags: ['catalogue'], params: idParams, response: { 200: productDetailSchema } } },
      async (request) => archiveProduct(db, staffOf(request), request.params.id, request.id),
    );

    app.post(
      '/products/:id/stock',
      {
        config: write,
        schema: {
          tags: ['catalogue'],
          params: idParams,
          body: stockChangeSchema,
          response: { 200: z.object({ level: z.number() }) },
        },
      },
      async (request) => changeProductStock(db, staffOf(request), request.params.id, request.body, request.id),
    );

    app.get(
      '/products/:id/stock-history',
      { config: read, schema: { tags: ['catalogue'], params: idParams, response: { 200: stockHistorySchema } } },
      async (request) => {
        await loadProduct(db, request.params.id);
        return { adjustments: await stockHistory(db, request.params.id) };
      },
    );

    app.get(
      '/brands',
      {
        config: read,
        schema: {
          tags: ['catalogue'],
          response: { 200: z.object({ brands: z.array(z.object({ id: z.number(), name: z.string() })) }) },
        },
      },
      async () => ({
        brands: await db
          .select({ id: commerceSchema.brands.id, name: commerceSchema.brands.name })
          .from(commerceSchema.brands)
          .orderBy(commerceSchema.brands.name),
      }),
    );

    app.get(
      '/categories',
      { config: read, schema: { tags: ['catalogue'], response: { 200: categoryTreeSchema } } },
      async () => ({ categories: await categoryTree(db) }),
    );

    app.post(
      '/categories',
      {
        config: write,
        schema: { tags: ['catalogue'], body: categoryCreateSchema, response: { 201: categoryViewSchema } },
      },
      async (request, reply) =>
        reply.status(201).send(await createCategory(db, staffOf(request), request.body, request.id)),
    );

    app.patch(
      '/categories/:id',
      {
        config: write,
        schema: {
          tags: ['catalogue'],
          params: idParams,
          body: categoryUpdateSchema,
          response: { 200: categoryViewSchema },
        },
      },
      async (request) => updateCategory(db, staffOf(request), request.params.id, request.body, request.id),
    );

    app.get(
      '/catalogue/customer-groups',
      {
        config: read,
        schema: {
          tags: ['catalogue'],
          response: {
            200: z.object({ groups: z.array(z.object({ id: z.number(), name: z.string(), ruleCount: z.number() })) }),
          },
        },
      },
      async () => {
        const groups = await db.select().from(commerceSchema.customerGroups).orderBy(commerceSchema.customerGroups.id);
        return {
          groups: groups.map((group) => ({ id: group.id, name: group.name, ruleCount: group.discountRules.length })),
        };
      },
    );

    app.get(
      '/customer-groups/:id/discounts',
      { config: read, schema: { tags: ['catalogue'], params: idParams, response: { 200: groupDiscountsViewSchema } } },
      async (request) => loadGroupDiscounts(db, request.params.id),
    );

    app.put(
      '/customer-groups/:id/discounts',
      {
        config: write,
        schema: {
          tags: ['catalogue'],
          params: idParams,
          body: groupDiscountsSchema,
          response: { 200: groupDiscountsViewSchema },
        },
      },
      async (request) => {
        const saved = await saveGroupDiscounts(db, staffOf(request), request.params.id, request.body, request.id);
        // Groups are cached by the shop, and group prices in the catalogue cache, outside the
        // tables whose triggers announce changes: this instance clears both now; other
        // instances follow when their group cache expires (a minute, cached-customer-groups.ts).
        deps.services.customerGroups.invalidate();
        deps.services.catalogue.invalidate();
        return saved;
      },
    );

    await app.register(catalogueFileRoutes(deps));
  };
}
