import {
  createPromotion,
  deletePromotion,
  listPromotions,
  promotionAnswerSchema,
  promotionChoices,
  promotionChoicesSchema,
  promotionCreateBody,
  promotionDeletedSchema,
  promotionDeleteQuery,
  promotionEnableBody,
  promotionIdParams,
  promotionListQuery,
  promotionListSchema,
  promotionUpdateBody,
  promotionView,
  setPromotionEnabled,
  updatePromotion,
} from '@piste/admin/server';
import { staffOf, type AdminApp, type AdminDeps } from './admin-context';

const READ = { permission: 'promotions:read' } as const;
const WRITE = { permission: 'promotions:write' } as const;
const tags = ['promotions'];

/**
 * `/admin/api/promotions` (issue 28 'Promotions', docs/admin/promotions.md): list with search,
 * status filter, sort and paging; create; edit with a version; enable and disable; delete (a
 * promotion orders redeemed is disabled instead). Embedded commerce only: on BigCommerce its
 * control panel keeps promotions. The shop applies them in commerce's promotions module.
 */
export function promotionRoutes(deps: AdminDeps) {
  return async (app: AdminApp) => {
    if (!deps.services.embeddedOnly) return;
    const { db } = deps.database;

    app.get(
      '/promotions',
      { config: READ, schema: { tags, querystring: promotionListQuery, response: { 200: promotionListSchema } } },
      async (request) => listPromotions(db, request.query),
    );

    app.get(
      '/promotions/choices',
      { config: READ, schema: { tags, response: { 200: promotionChoicesSchema } } },
      async () => promotionChoices(db),
    );

    app.post(
      '/promotions',
      { config: WRITE, schema: { tags, body: promotionCreateBody, response: { 201: promotionAnswerSchema } } },
      async (request, reply) => {
        const promotion = await createPromotion(db, staffOf(request), request.body, request.id);
        return reply.status(201).send({ promotion });
      },
    );

    app.get(
      '/promotions/:id',
      { config: READ, schema: { tags, params: promotionIdParams, response: { 200: promotionAnswerSchema } } },
      async (request) => ({ promotion: await promotionView(db, request.params.id) }),
    );

    app.put(
      '/promotions/:id',
      {
        config: WRITE,
        schema: {
          tags,
          params: promotionIdParams,
          body: promotionUpdateBody,
          response: { 200: promotionAnswerSchema },
        },
      },
      async (request) => {
        const { version, ...input } = request.body;
        return {
          promotion: await updatePromotion(db, staffOf(request), request.params.id, version, input, request.id),
        };
      },
    );

    for (const [verb, enabled] of [
      ['enable', true],
      ['disable', false],
    ] as const) {
      app.post(
        `/promotions/:id/${verb}`,
        {
          config: WRITE,
          schema: {
            tags,
            params: promotionIdParams,
            body: promotionEnableBody,
            response: { 200: promotionAnswerSchema },
          },
        },
        async (request) => ({
          promotion: await setPromotionEnabled(
            db,
            staffOf(request),
            request.params.id,
            request.body.version,
            enabled,
            request.id,
          ),
        }),
      );
    }

    app.delete(
      '/promotions/:id',
      {
        config: WRITE,
        schema: {
          tags,
          params: promotionIdParams,
          querystring: promotionDeleteQuery,
          response: { 200: promotionDeletedSchema },
        },
      },
      async (request) => deletePromotion(db, staffOf(request), request.params.id, request.query.version, request.id),
    );
  };
}
