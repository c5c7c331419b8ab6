import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
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
import { jsonBody, shopperOf, signedInCustomer, type SessionServices } from './request-context';

const id = z.coerce.number().int().positive().max(2_147_483_647);
const customerParams = z.strictObject({ id });
const addressParams = z.strictObject({ id, addressId: id });
const noQuery = z.strictObject({});
const emailQuery = z.strictObject({ 'email:in': z.string().trim().min(1).max(2_000) });
const groupQuery = z.strictObject({
  is_group_for_guests: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});
const orderTotalQuery = z.strictObject({ customer_id: id, brand_id: z.enum(PRO_BRANDS) });
const bcLoginBody = z.strictObject({ id: z.number().int().positive(), redirect: z.string().max(2_000).default('/') });
/** Where links in emails point: the locale the shopper browses in (`x-locale`, else en-us). */
const localeHeader = z.string().max(20).optional().describe('x-locale');

/**
 * The customer, customer group, order list and pro calls of spec §7 (docs/api.md).
 * Every customer resource is the signed-in customer's own: another id is a 403, signed out a 401.
 */
export function customerRoutes(
  services: SessionServices & { accounts: AccountFlows; customerGroups: CustomerGroupService },
): FastifyPluginAsync {
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

  const body = <Schema extends z.ZodType>(schema: Schema, request: FastifyRequest): z.output<Schema> =>
    parseInput(schema, jsonBody(request), 'Field');
  const noQueryOf = (request: FastifyRequest) => parseInput(noQuery, request.query, 'Query parameter');

  return async (app) => {
    app.addHook('onSend', async (_request, reply, payload) => {
      reply.header('cache-control', 'no-store');
      return payload;
    });

    app.post('/customers/login', async (request, reply) => {
      noQueryOf(request);
      const { email, pw } = body(loginSchema, request);
      const signedIn = await accounts.signIn(await accountRequest(request, reply), email, pw);
      reply.header('set-cookie', signedIn.cookies);
      return { data: signedIn.status.customer, meta: {} };
    });

    app.post('/customers/logout', async (request, reply) => {
      noQueryOf(request);
      reply.header('set-cookie', await accounts.signOut(await accountRequest(request, reply)));
      return reply.status(204).send();
    });

    app.post('/customers/create', async (request, reply) => {
      noQueryOf(request);
      const input = body(customerCreateSchema, request);
      const signedIn = await accounts.signUp(await accountRequest(request, reply), input);
      reply.header('set-cookie', signedIn.cookies);
      return reply.status(201).send({ data: signedIn.status.customer, meta: {} });
    });

    /** `GET customers?email:in=`: never a directory; it finds the signed-in customer, or nobody. */
    app.get('/customers', async (request, reply) => {
      const query = parseInput(emailQuery, request.query, 'Query parameter');
      const me = await signedInCustomer(request, reply, services);
      const asked = query['email:in'].split(',').map((email) => email.trim().toLowerCase());
      return { data: asked.includes(me.customer.email) ? [me.customer] : [], meta: {} };
    });

    app.get('/customers/:id', async (request, reply) => {
      noQueryOf(request);
      const { id: customerId } = parseInput(customerParams, request.params, 'Path parameter');
      return { data: (await ownCustomer(request, reply, customerId)).customer, meta: {} };
    });

    app.put('/customers/:id', async (request, reply) => {
      noQueryOf(request);
      const { id: customerId } = parseInput(customerParams, request.params, 'Path parameter');
      const input = body(customerUpdateSchema, request);
      const me = await ownCustomer(request, reply, customerId);
      const updated = await accounts.updateCustomer(await accountRequest(request, reply), me, input);
      return { data: updated.customer, meta: {} };
    });

    app.delete('/customers/:id', async (request, reply) => {
      noQueryOf(request);
      const { id: customerId } = parseInput(customerParams, request.params, 'Path parameter');
      const { pw } = body(customerDeleteSchema, request);
      const me = await ownCustomer(request, reply, customerId);
      reply.header('set-cookie', await accounts.deleteAccount(await accountRequest(request, reply), me, pw));
      return reply.status(204).send();
    });

    app.get('/customers/:id/addresses', async (request, reply) => {
      noQueryOf(request);
      const { id: customerId } = parseInput(customerParams, request.params, 'Path parameter');
      await ownCustomer(request, reply, customerId);
      const addresses = await customers.listAddresses(customerId);
      return { data: addresses, meta: { pagination: { total: addresses.length } } };
    });

    app.post('/customers/:id/addresses', async (request, reply) => {
      noQueryOf(request);
      const { id: customerId } = parseInput(customerParams, request.params, 'Path parameter');
      const input = body(customerAddressSchema, request);
      await ownCustomer(request, reply, customerId);
      return reply.status(201).send({ data: await customers.addAddress(customerId, input), meta: {} });
    });

    app.put('/customers/:id/addresses', async (request, reply) => {
      noQueryOf(request);
      const { id: customerId } = parseInput(customerParams, request.params, 'Path parameter');
      const input = body(customerAddressUpdateSchema, request);
      await ownCustomer(request, reply, customerId);
      return { data: await customers.updateAddress(customerId, input), meta: {} };
    });

    app.delete('/customers/:id/addresses/:addressId', async (request, reply) => {
      noQueryOf(request);
      const { id: customerId, addressId } = parseInput(addressParams, request.params, 'Path parameter');
      await ownCustomer(request, reply, customerId);
      await customers.removeAddress(customerId, addressId);
      return reply.status(204).send();
    });

    /** Spec §7 `POST customers/validate` (customer, pw): bot-checked and limited like sign-in, since it checks passwords too. */
    app.post('/customers/validate', async (request, reply) => {
      noQueryOf(request);
      const { customer, pw } = body(validateCredentialsSchema, request);
      return accounts.validateCredentials(await accountRequest(request, reply), customer, pw);
    });

    /** Spec §7 `POST customers/validate-session`: whether the session is signed in, and as whom. */
    app.post('/customers/validate-session', async (request, reply) => {
      noQueryOf(request);
      const { status } = await requestCustomer(request, reply, services);
      return { data: { is_valid: status !== null, customer: status?.customer ?? null }, meta: {} };
    });

    /**
     * `POST customers/bclogin` (spec §7: id, redirect). The spec's platform handed the customer
     * to its hosted storefront; here the customer is already ours, so it confirms the session is
     * theirs and answers where to go: a same-origin path only.
     */
    app.post('/customers/bclogin', async (request, reply) => {
      noQueryOf(request);
      const input = body(bcLoginBody, request);
      await ownCustomer(request, reply, input.id);
      const redirect = sameOriginPath(input.redirect);
      if (!redirect) {
        throw new DomainError('INVALID_DATA', 'Field `redirect` must be a path on this site.', 'INVALID_REDIRECT');
      }
      return { data: { redirect_url: redirect }, meta: {} };
    });

    /** Always 202: the answer never tells whether the email has an account. */
    app.post('/customers/password-reset', async (request, reply) => {
      noQueryOf(request);
      const { email } = body(passwordResetRequestSchema, request);
      await accounts.requestPasswordReset(await accountRequest(request, reply), email);
      return reply.status(202).send({
        data: { message: 'If an account exists for this email, a reset link is on its way.' },
        meta: {},
      });
    });

    app.post('/customers/password-reset/confirm', async (request, reply) => {
      noQueryOf(request);
      const { token, new_password } = body(passwordResetSchema, request);
      const signedIn = await accounts.resetPassword(await accountRequest(request, reply), token, new_password);
      reply.header('set-cookie', signedIn.cookies);
      return { data: signedIn.status.customer, meta: {} };
    });

    /** Spec §6: "A guest customer group exists (queried with is_group_for_guests=true)". */
    app.get('/customer_groups', async (request) => {
      const { is_group_for_guests } = parseInput(groupQuery, request.query, 'Query parameter');
      return { data: await customerGroups.list({ isGroupForGuests: is_group_for_guests }), meta: {} };
    });

    app.get('/customer_groups/:id', async (request) => {
      noQueryOf(request);
      const { id: groupId } = parseInput(customerParams, request.params, 'Path parameter');
      return { data: await customerGroups.get(groupId), meta: {} };
    });

    /** Spec §7 `GET /api/pro/order_total` (customer_id, brand_id): the signed-in customer's own only. */
    app.get('/pro/order_total', async (request, reply) => {
      const { customer_id, brand_id } = parseInput(orderTotalQuery, request.query, 'Query parameter');
      await ownCustomer(request, reply, customer_id);
      return customers.proOrderTotal(customer_id, brand_id);
    });
  };
}
