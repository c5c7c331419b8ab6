import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CART_COOKIE,
  customerAddressSchema,
  customerAddressUpdateSchema,
  customerCreateSchema,
  customerDeleteSchema,
  customerUpdateSchema,
  loginSchema,
  parseCartSessionToken,
  parseInput,
  passwordResetRequestSchema,
  passwordResetSchema,
  PRO_BRANDS,
  validateCredentialsSchema,
  type CustomerGroupService,
  type CustomerStatus,
} from '@piste/commerce/server';
import { BOT_TOKEN_HEADER, DEFAULT_LOCALE, DomainError, parseLocale, sameOriginPath } from '@piste/core';
import type { AccountFlows, AccountRequest } from '../../accounts/account-flows';
import { requestCustomer } from '../../accounts/request-customer';
import { errorAnswers, noQuery, type ErrorStatus } from '../../openapi/api-schemas';
import { customer, customerAddress, customerGroup, proOrderTotal } from '../../openapi/customer-answers';
import { shopperOf, signedInCustomer, type SessionServices } from './request-context';

const id = z.coerce.number().int().positive().max(2_147_483_647);
const customerParams = z.strictObject({ id });
const addressParams = z.strictObject({ id, addressId: id });
const emailQuery = z.strictObject({ 'email:in': z.string().trim().min(1).max(2_000) });
const groupQuery = z.strictObject({
  is_group_for_guests: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});
const orderTotalQuery = z.strictObject({ customer_id: id, brand_id: z.enum(PRO_BRANDS) });
const bcLoginBody = z.strictObject({ id: z.number().int().positive(), redirect: z.string().max(2_000).default('/') });
const answer = <Data extends z.ZodType>(data: Data) => z.object({ data, meta: z.object({}) });
const customerAnswer = answer(customer);
const signedOut = z.null().describe('Signed out: the session cookie is cleared.');
const tags = ['customers'];
/** Refusals of a call on the signed-in customer's own account: signed out 401, another id 403. */
const ownErrors = (...more: ErrorStatus[]) => errorAnswers(400, 401, 403, ...more);

/** Where links in emails point: the locale the shopper browses in (`x-locale`, else en-us). */
const localeHeader = z.string().max(20).optional().describe('x-locale');

/**
 * The customer, customer group, order list and pro calls of spec §7 (docs/api.md).
 * Every customer resource is the signed-in customer's own: another id is a 403, signed out a 401.
 */
export function customerRoutes(
  services: SessionServices & { accounts: AccountFlows; customerGroups: CustomerGroupService },
): FastifyPluginAsyncZod {
  const { accounts, customers, customerGroups } = services;

  async function accountRequest(request: FastifyRequest, reply: FastifyReply): Promise<AccountRequest> {
    const session = await requestCustomer(request, reply, services);
    const locale = parseLocale(parseInput(localeHeader, request.headers['x-locale'], 'Header') ?? '')?.locale;
    return {
      ip: request.ip,
      secure: request.protocol === 'https',
      sessionToken: session.token,
      cartToken: parseCartSessionToken(request.cookies[CART_COOKIE]),
      shopper: await shopperOf(request, reply, services),
      locale: locale ?? DEFAULT_LOCALE,
      botToken: typeof request.headers[BOT_TOKEN_HEADER] === 'string' ? request.headers[BOT_TOKEN_HEADER] : null,
    };
  }

  /** The signed-in customer, who must be the one the path names. */
  async function ownCustomer(
    request: FastifyRequest,
    reply: FastifyReply,
    customerId: number,
  ): Promise<CustomerStatus> {
    const me = await signedInCustomer(request, reply, services);
    if (me.customer.id !== customerId) {
      throw new DomainError('NOT_ALLOWED', 'You can only reach your own account.', 'NOT_ALLOWED');
    }
    return me;
  }

  return async (app) => {
    app.addHook('onSend', async (_request, reply, payload) => {
      reply.header('cache-control', 'no-store');
      return payload;
    });

    app.post(
      '/customers/login',
      {
        schema: {
          tags,
          querystring: noQuery,
          body: loginSchema,
          response: { 200: customerAnswer, ...errorAnswers(400, 401, 429) },
        },
      },
      async (request, reply) => {
        const { email, pw } = request.body;
        const signedIn = await accounts.signIn(await accountRequest(request, reply), email, pw);
        reply.header('set-cookie', signedIn.cookies);
        return { data: signedIn.status.customer, meta: {} };
      },
    );

    app.post(
      '/customers/logout',
      { schema: { tags, querystring: noQuery, response: { 204: signedOut, ...errorAnswers(400) } } },
      async (request, reply) => {
        reply.header('set-cookie', await accounts.signOut(await accountRequest(request, reply)));
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/customers/create',
      {
        schema: {
          tags,
          querystring: noQuery,
          body: customerCreateSchema,
          response: { 201: customerAnswer, ...errorAnswers(400, 409, 429) },
        },
      },
      async (request, reply) => {
        const signedIn = await accounts.signUp(await accountRequest(request, reply), request.body);
        reply.header('set-cookie', signedIn.cookies);
        return reply.status(201).send({ data: signedIn.status.customer, meta: {} });
      },
    );

    /** `GET customers?email:in=`: never a directory; it finds the signed-in customer, or nobody. */
    app.get(
      '/customers',
      {
        schema: {
          tags,
          querystring: emailQuery,
          response: { 200: answer(z.array(customer)), ...errorAnswers(400, 401) },
        },
      },
      async (request, reply) => {
        const me = await signedInCustomer(request, reply, services);
        const asked = request.query['email:in'].split(',').map((email) => email.trim().toLowerCase());
        return { data: asked.includes(me.customer.email) ? [me.customer] : [], meta: {} };
      },
    );

    app.get(
      '/customers/:id',
      {
        schema: {
          tags,
          params: customerParams,
          querystring: noQuery,
          response: { 200: customerAnswer, ...ownErrors() },
        },
      },
      async (request, reply) => ({ data: (await ownCustomer(request, reply, request.params.id)).customer, meta: {} }),
    );

    app.put(
      '/customers/:id',
      {
        schema: {
          tags,
          params: customerParams,
          querystring: noQuery,
          body: customerUpdateSchema,
          response: { 200: customerAnswer, ...ownErrors(409, 429) },
        },
      },
      async (request, reply) => {
        const me = await ownCustomer(request, reply, request.params.id);
        const updated = await accounts.updateCustomer(await accountRequest(request, reply), me, request.body);
        return { data: updated.customer, meta: {} };
      },
    );

    app.delete(
      '/customers/:id',
      {
        schema: {
          tags,
          params: customerParams,
          querystring: noQuery,
          body: customerDeleteSchema,
          response: { 204: signedOut, ...ownErrors(429) },
        },
      },
      async (request, reply) => {
        const me = await ownCustomer(request, reply, request.params.id);
        reply.header(
          'set-cookie',
          await accounts.deleteAccount(await accountRequest(request, reply), me, request.body.pw),
        );
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/customers/:id/addresses',
      {
        schema: {
          tags,
          params: customerParams,
          querystring: noQuery,
          response: {
            200: z.object({
              data: z.array(customerAddress),
              meta: z.object({ pagination: z.object({ total: z.number() }) }),
            }),
            ...ownErrors(),
          },
        },
      },
      async (request, reply) => {
        const customerId = request.params.id;
        await ownCustomer(request, reply, customerId);
        const addresses = await customers.listAddresses(customerId);
        return { data: addresses, meta: { pagination: { total: addresses.length } } };
      },
    );

    app.post(
      '/customers/:id/addresses',
      {
        schema: {
          tags,
          params: customerParams,
          querystring: noQuery,
          body: customerAddressSchema,
          response: { 201: answer(customerAddress), ...ownErrors() },
        },
      },
      async (request, reply) => {
        const customerId = request.params.id;
        await ownCustomer(request, reply, customerId);
        return reply.status(201).send({ data: await customers.addAddress(customerId, request.body), meta: {} });
      },
    );

    app.put(
      '/customers/:id/addresses',
      {
        schema: {
          tags,
          params: customerParams,
          querystring: noQuery,
          body: customerAddressUpdateSchema,
          response: { 200: answer(customerAddress), ...ownErrors(404) },
        },
      },
      async (request, reply) => {
        const customerId = request.params.id;
        await ownCustomer(request, reply, customerId);
        return { data: await customers.updateAddress(customerId, request.body), meta: {} };
      },
    );

    app.delete(
      '/customers/:id/addresses/:addressId',
      {
        schema: {
          tags,
          params: addressParams,
          querystring: noQuery,
          response: { 204: z.null().describe('The address is gone.'), ...ownErrors(404) },
        },
      },
      async (request, reply) => {
        const { id: customerId, addressId } = request.params;
        await ownCustomer(request, reply, customerId);
        await customers.removeAddress(customerId, addressId);
        return reply.status(204).send(null);
      },
    );

    /** Spec §7 `POST customers/validate` (customer, pw): bot-checked and limited like sign-in, since it checks passwords too. */
    app.post(
      '/customers/validate',
      {
        schema: {
          tags,
          querystring: noQuery,
          body: validateCredentialsSchema,
          response: {
            200: z.object({ is_valid: z.boolean(), customer_id: z.number().nullable() }),
            ...errorAnswers(400, 429),
          },
        },
      },
      async (request, reply) =>
        accounts.validateCredentials(await accountRequest(request, reply), request.body.customer, request.body.pw),
    );

    /** Spec §7 `POST customers/validate-session`: whether the session is signed in, and as whom. */
    app.post(
      '/customers/validate-session',
      {
        schema: {
          tags,
          querystring: noQuery,
          response: {
            200: answer(z.object({ is_valid: z.boolean(), customer: customer.nullable() })),
            ...errorAnswers(400),
          },
        },
      },
      async (request, reply) => {
        const { status } = await requestCustomer(request, reply, services);
        return { data: { is_valid: status !== null, customer: status?.customer ?? null }, meta: {} };
      },
    );

    /**
     * `POST customers/bclogin` (spec §7: id, redirect). The spec's platform handed the customer
     * to its hosted storefront; here the customer is already ours, so it confirms the session is
     * theirs and answers where to go: a same-origin path only.
     */
    app.post(
      '/customers/bclogin',
      {
        schema: {
          tags,
          querystring: noQuery,
          body: bcLoginBody,
          response: { 200: answer(z.object({ redirect_url: z.string() })), ...ownErrors() },
        },
      },
      async (request, reply) => {
        await ownCustomer(request, reply, request.body.id);
        const redirect = sameOriginPath(request.body.redirect);
        if (!redirect) {
          throw new DomainError('INVALID_DATA', 'Field `redirect` must be a path on this site.', 'INVALID_REDIRECT');
        }
        return { data: { redirect_url: redirect }, meta: {} };
      },
    );

    /** Always 202: the answer never tells whether the email has an account. */
    app.post(
      '/customers/password-reset',
      {
        schema: {
          tags,
          querystring: noQuery,
          body: passwordResetRequestSchema,
          response: { 202: answer(z.object({ message: z.string() })), ...errorAnswers(400, 429) },
        },
      },
      async (request, reply) => {
        await accounts.requestPasswordReset(await accountRequest(request, reply), request.body.email);
        return reply.status(202).send({
          data: { message: 'If an account exists for this email, a reset link is on its way.' },
          meta: {},
        });
      },
    );

    app.post(
      '/customers/password-reset/confirm',
      {
        schema: {
          tags,
          querystring: noQuery,
          body: passwordResetSchema,
          response: { 200: customerAnswer, ...errorAnswers(400, 429) },
        },
      },
      async (request, reply) => {
        const { token, new_password } = request.body;
        const signedIn = await accounts.resetPassword(await accountRequest(request, reply), token, new_password);
        reply.header('set-cookie', signedIn.cookies);
        return { data: signedIn.status.customer, meta: {} };
      },
    );

    /** Spec §6: "A guest customer group exists (queried with is_group_for_guests=true)". */
    app.get(
      '/customer_groups',
      {
        schema: {
          tags,
          querystring: groupQuery,
          response: { 200: answer(z.array(customerGroup)), ...errorAnswers(400) },
        },
      },
      async (request) => ({
        data: await customerGroups.list({ isGroupForGuests: request.query.is_group_for_guests }),
        meta: {},
      }),
    );

    app.get(
      '/customer_groups/:id',
      {
        schema: {
          tags,
          params: customerParams,
          querystring: noQuery,
          response: { 200: answer(customerGroup), ...errorAnswers(400, 404) },
        },
      },
      async (request) => ({ data: await customerGroups.get(request.params.id), meta: {} }),
    );

    /** Spec §7 `GET /api/pro/order_total` (customer_id, brand_id): the signed-in customer's own only. */
    app.get(
      '/pro/order_total',
      { schema: { tags, querystring: orderTotalQuery, response: { 200: proOrderTotal, ...ownErrors() } } },
      async (request, reply) => {
        const { customer_id, brand_id } = request.query;
        await ownCustomer(request, reply, customer_id);
        return customers.proOrderTotal(customer_id, brand_id);
      },
    );
  };
}
