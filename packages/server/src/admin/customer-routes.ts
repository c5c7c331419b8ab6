import { desc, eq } from 'drizzle-orm';
import {
  customerDetail,
  customerDetailSchema,
  customerEraseBody,
  customerErasedSchema,
  customerExport,
  customerIdParams,
  customerListQuery,
  customerListSchema,
  customerNotFound,
  customerUpdateBody,
  eraseCustomer,
  listCustomers,
  passwordResetSentSchema,
  recordAudit,
  updateCustomer,
} from '@piste/admin/server';
import { commerceSchema } from '@piste/commerce/server';
import { STOREFRONT_LOCALES, storefrontRegionFor } from '@piste/content';
import { DEFAULT_LOCALE } from '@piste/core';
import { staffOf, type AdminApp, type AdminDeps } from './admin-context';

const { customers, orders } = commerceSchema;

/**
 * `/admin/api/customers` (issue 27 'Customers'): search and filter, the detail with orders,
 * addresses, group and pro status, edits with a version, a password reset email, and GDPR
 * export and erasure. Registered only on the embedded engine: on BigCommerce its control
 * panel keeps customers.
 */
export function customerRoutes(deps: AdminDeps) {
  const { database, services } = deps;
  const { db } = database;

  /** The storefront locale a customer's emails are written in: their latest order's, else the default. */
  async function localeOf(customerId: number): Promise<string> {
    const [latest] = await db
      .select({ locale: orders.locale })
      .from(orders)
      .where(eq(orders.customerId, customerId))
      .orderBy(desc(orders.createdAt))
      .limit(1);
    return STOREFRONT_LOCALES[storefrontRegionFor(latest?.locale ?? DEFAULT_LOCALE)];
  }

  return async (app: AdminApp) => {
    if (!services.embeddedOnly) return;

    app.get(
      '/customers',
      {
        config: { permission: 'customers:read' },
        schema: { tags: ['customers'], querystring: customerListQuery, response: { 200: customerListSchema } },
      },
      async (request) => {
        const query = request.query;
        return { ...(await listCustomers(db, query)), page: query.page, pageSize: query.pageSize };
      },
    );

    app.get(
      '/customers/:id',
      {
        config: { permission: 'customers:read' },
        schema: { tags: ['customers'], params: customerIdParams, response: { 200: customerDetailSchema } },
      },
      async (request) => customerDetail(db, services.customers, request.params.id),
    );

    app.patch(
      '/customers/:id',
      {
        config: { permission: 'customers:write' },
        schema: {
          tags: ['customers'],
          params: customerIdParams,
          body: customerUpdateBody,
          response: { 200: customerDetailSchema },
        },
      },
      async (request) => {
        const { id } = request.params;
        await updateCustomer(db, services.customers, staffOf(request), id, request.body, request.id);
        return customerDetail(db, services.customers, id);
      },
    );

    app.post(
      '/customers/:id/password-reset',
      {
        config: { permission: 'customers:write' },
        schema: { tags: ['customers'], params: customerIdParams, response: { 202: passwordResetSentSchema } },
      },
      async (request, reply) => {
        const { id } = request.params;
        const [customer] = await db.select({ email: customers.email }).from(customers).where(eq(customers.id, id));
        if (!customer) throw customerNotFound(id);
        // The shop's own per-address limit: staff and the shop's form together send at most 3 an hour.
        await services.rateLimits.consume('password-reset-account', customer.email);
        await services.customers.createPasswordReset(customer.email, await localeOf(id));
        await recordAudit(
          db,
          staffOf(request),
          { action: 'customer.password-reset', entityType: 'customer', entityId: id },
          request.id,
        );
        return reply.status(202).send({ sentTo: customer.email });
      },
    );

    // A POST: handing over someone's personal data is recorded in the audit log, and a GET writes nothing.
    app.post(
      '/customers/:id/export',
      { config: { permission: 'customers:read' }, schema: { tags: ['customers'], params: customerIdParams } },
      async (request, reply) => {
        const { id } = request.params;
        const data = await customerExport(db, id);
        await recordAudit(
          db,
          staffOf(request),
          { action: 'customer.export', entityType: 'customer', entityId: id },
          request.id,
        );
        return reply
          .header('content-disposition', `attachment; filename="customer-${id}.json"`)
          .header('cache-control', 'no-store')
          .send(data);
      },
    );

    app.post(
      '/customers/:id/erase',
      {
        config: { permission: 'customers:write' },
        schema: {
          tags: ['customers'],
          params: customerIdParams,
          body: customerEraseBody,
          response: { 200: customerErasedSchema },
        },
      },
      async (request) => {
        const { id } = request.params;
        const outcome = await eraseCustomer(db, staffOf(request), id, request.body.confirmEmail, request.id);
        await services.sessions.destroyAllFor(id);
        return outcome;
      },
    );
  };
}
