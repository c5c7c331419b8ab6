import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { z } from 'zod';
import {
  cancelOrderSchema,
  orderDetailSchema,
  orderFiltersSchema,
  orderListQuerySchema,
  orderListSchema,
  orderNoteSchema,
  ORDER_SORTS,
  refundOrderSchema,
  shipOrderSchema,
} from '@piste/admin';
import {
  addOrderNote,
  cancelOrder,
  listOrders,
  orderConditions,
  orderDetail,
  orderExportRows,
  refundOrder,
  shipOrder,
} from '@piste/admin/server';
import { staffOf, type AdminApp, type AdminDeps } from './admin-context';

const orderParams = z.object({
  id: z.coerce
    .number({ error: 'An order number is a number.' })
    .int('An order number is a whole number.')
    .positive('An order number is positive.')
    .max(2_147_483_647, 'No order has that number.'),
});

const exportQuery = orderFiltersSchema.extend({
  sort: z.enum(ORDER_SORTS, { error: `Sort by one of: ${ORDER_SORTS.join(', ')}.` }).default('-created'),
});

const detailAnswer = { 200: orderDetailSchema };
const createdAnswer = { 201: orderDetailSchema };

/**
 * `/admin/api/orders` (docs/admin/orders.md): the list with filters and its CSV export, an order's
 * detail, and shipping, cancelling, refunding and noting it. Orders are the embedded engine's:
 * on BigCommerce the merchant runs them in BigCommerce's control panel, so none of this exists.
 * Every change answers the order as it now is.
 */
export function orderRoutes(deps: AdminDeps) {
  return async (app: AdminApp) => {
    const embedded = deps.services.embeddedOnly;
    if (!embedded) return;
    const { db } = deps.database;
    const { payments } = embedded;
    const detail = (id: number) => orderDetail(db, payments, id);

    app.get(
      '/orders',
      {
        config: { permission: 'orders:read' },
        schema: { tags: ['orders'], querystring: orderListQuerySchema, response: { 200: orderListSchema } },
      },
      async (request) => listOrders(db, request.query),
    );

    app.get(
      '/orders/export.csv',
      { config: { permission: 'orders:read' }, schema: { tags: ['orders'], querystring: exportQuery } },
      async (request, reply) => {
        // Checked before the first byte, so a contradictory filter still answers 400 with its field.
        const where = orderConditions(request.query);
        const day = new Date().toISOString().slice(0, 10);
        const csv = Readable.from(orderExportRows(db, where, request.query.sort)).pipe(stringify());
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="orders-${day}.csv"`)
          .header('cache-control', 'no-store')
          .send(csv);
      },
    );

    app.get(
      '/orders/:id',
      {
        config: { permission: 'orders:read' },
        schema: { tags: ['orders'], params: orderParams, response: detailAnswer },
      },
      async (request) => detail(request.params.id),
    );

    app.post(
      '/orders/:id/ship',
      {
        config: { permission: 'orders:write' },
        schema: { tags: ['orders'], params: orderParams, body: shipOrderSchema, response: detailAnswer },
      },
      async (request) => {
        const context = { actor: staffOf(request), requestId: request.id, publicUrl: deps.publicUrl };
        await shipOrder(db, context, request.params.id, request.body);
        return detail(request.params.id);
      },
    );

    app.post(
      '/orders/:id/cancel',
      {
        config: { permission: 'orders:write' },
        schema: { tags: ['orders'], params: orderParams, body: cancelOrderSchema, response: detailAnswer },
      },
      async (request) => {
        await cancelOrder(
          db,
          { actor: staffOf(request), requestId: request.id, payments, publicUrl: deps.publicUrl },
          request.params.id,
          request.body,
        );
        return detail(request.params.id);
      },
    );

    app.post(
      '/orders/:id/refunds',
      {
        config: { permission: 'orders:write' },
        schema: { tags: ['orders'], params: orderParams, body: refundOrderSchema, response: createdAnswer },
      },
      async (request, reply) => {
        await refundOrder(
          db,
          { actor: staffOf(request), requestId: request.id, payments },
          request.params.id,
          request.body,
        );
        return reply.status(201).send(await detail(request.params.id));
      },
    );

    app.post(
      '/orders/:id/notes',
      {
        config: { permission: 'orders:write' },
        schema: { tags: ['orders'], params: orderParams, body: orderNoteSchema, response: createdAnswer },
      },
      async (request, reply) => {
        await addOrderNote(db, { actor: staffOf(request), requestId: request.id }, request.params.id, request.body);
        return reply.status(201).send(await detail(request.params.id));
      },
    );
  };
}
