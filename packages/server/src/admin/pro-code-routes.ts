import {
  createProCode,
  expireProCode,
  listProCodes,
  proCodeAnswerSchema,
  proCodeCreateBody,
  proCodeCustomers,
  proCodeCustomersSchema,
  proCodeExpireBody,
  proCodeListSchema,
  proCodeParams,
  proCodeUpdateBody,
  proCodeUpdatedSchema,
  proCodeView,
  updateProCode,
} from '@piste/admin/server';
import { staffOf, type AdminApp, type AdminDeps } from './admin-context';

/**
 * `/admin/api/pro-codes` (issue 27 'Pro codes'): list with uses so far, create, edit with a
 * version, expire now, and who used a code. A code's use limit is enforced where shoppers join
 * with it (commerce pro-memberships.ts).
 */
export function proCodeRoutes(deps: AdminDeps) {
  const { db } = deps.database;

  return async (app: AdminApp) => {
    app.get(
      '/pro-codes',
      {
        config: { permission: 'pro-codes:read' },
        schema: { tags: ['pro-codes'], response: { 200: proCodeListSchema } },
      },
      async () => listProCodes(db),
    );

    app.post(
      '/pro-codes',
      {
        config: { permission: 'pro-codes:write' },
        schema: { tags: ['pro-codes'], body: proCodeCreateBody, response: { 201: proCodeAnswerSchema } },
      },
      async (request, reply) => {
        const proCode = await createProCode(db, staffOf(request), request.body, request.id);
        return reply.status(201).send({ proCode });
      },
    );

    app.get(
      '/pro-codes/:code',
      {
        config: { permission: 'pro-codes:read' },
        schema: { tags: ['pro-codes'], params: proCodeParams, response: { 200: proCodeAnswerSchema } },
      },
      async (request) => ({ proCode: await proCodeView(db, request.params.code) }),
    );

    app.patch(
      '/pro-codes/:code',
      {
        config: { permission: 'pro-codes:write' },
        schema: {
          tags: ['pro-codes'],
          params: proCodeParams,
          body: proCodeUpdateBody,
          response: { 200: proCodeUpdatedSchema },
        },
      },
      async (request) => {
        const { version, ...changes } = request.body;
        return updateProCode(db, staffOf(request), request.params.code, version, changes, request.id);
      },
    );

    app.post(
      '/pro-codes/:code/expire',
      {
        config: { permission: 'pro-codes:write' },
        schema: {
          tags: ['pro-codes'],
          params: proCodeParams,
          body: proCodeExpireBody,
          response: { 200: proCodeAnswerSchema },
        },
      },
      async (request) => ({
        proCode: await expireProCode(db, staffOf(request), request.params.code, request.body.version, request.id),
      }),
    );

    app.get(
      '/pro-codes/:code/customers',
      {
        config: { permission: 'pro-codes:read' },
        schema: { tags: ['pro-codes'], params: proCodeParams, response: { 200: proCodeCustomersSchema } },
      },
      async (request) => ({ customers: await proCodeCustomers(db, request.params.code) }),
    );
  };
}
