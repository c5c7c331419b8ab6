import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DomainError } from '@piste/core';
import {
  CART_COOKIE,
  cartCustomerBodySchema,
  cartIdSchema,
  cartItemIdSchema,
  cartItemUpdateBodySchema,
  cartLineItemsBodySchema,
  cartSessionCookie,
  parseCartSessionToken,
  parseInput,
  resolveCommerceRegion,
  type CartAccess,
  type CartDto,
  type CartService,
  type ShopperContext,
} from '@piste/commerce';

const cartParams = z.strictObject({ cartId: cartIdSchema });
const itemParams = z.strictObject({ cartId: cartIdSchema, itemId: cartItemIdSchema });
const noQuery = z.strictObject({});

function shopperOf(request: FastifyRequest): ShopperContext {
  return { region: resolveCommerceRegion(request.headers['x-bc-region']) };
}

/**
 * The caller's key to a cart: the secret of their `piste_cart` session when it names this
 * cart. Signed-in customers arrive with sessions (issue 8); until then every caller is a guest.
 */
function accessOf(request: FastifyRequest, cartId: string): CartAccess {
  const session = parseCartSessionToken(request.cookies[CART_COOKIE]);
  return { secret: session?.cartId === cartId ? session.secret : null, customerId: null };
}

function body<Schema extends z.ZodType>(schema: Schema, request: FastifyRequest): z.output<Schema> {
  const value: unknown = request.body;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new DomainError('INVALID_DATA', 'Send the request body as a JSON object.', 'INVALID_BODY');
  }
  return parseInput(schema, value, 'Field');
}

function params<Schema extends z.ZodType>(schema: Schema, request: FastifyRequest): z.output<Schema> {
  parseInput(noQuery, request.query, 'Query parameter');
  return parseInput(schema, request.params, 'Path parameter');
}

const answer = (cart: CartDto) => ({ data: cart, meta: {} });

/**
 * The cart calls of spec §7 under `/api` in BigCommerce's cart shape (docs/api.md). A cart
 * the caller cannot reach is a 404 like one that does not exist (issue 7).
 */
export function cartRoutes(services: { cart: CartService }): FastifyPluginAsync {
  const { cart } = services;
  return async (app) => {
    const secure = (request: FastifyRequest) => request.protocol === 'https';
    app.addHook('onSend', async (_request, reply: FastifyReply, payload) => {
      reply.header('cache-control', 'no-store');
      return payload;
    });

    app.post('/cart/create', async (request, reply) => {
      parseInput(noQuery, request.query, 'Query parameter');
      const { line_items } = body(cartLineItemsBodySchema, request);
      const created = await cart.create(shopperOf(request), line_items);
      reply.header('set-cookie', cartSessionCookie(created.session, { secure: secure(request) }));
      return reply.status(201).send(answer(created.cart));
    });

    app.get('/cart/:cartId', async (request) => {
      const { cartId } = params(cartParams, request);
      return answer(await cart.get(shopperOf(request), cartId, accessOf(request, cartId)));
    });

    app.post('/cart/:cartId/items', async (request) => {
      const { cartId } = params(cartParams, request);
      const { line_items } = body(cartLineItemsBodySchema, request);
      return answer(await cart.addItems(shopperOf(request), cartId, accessOf(request, cartId), line_items));
    });

    app.put('/cart/:cartId/items/:itemId', async (request) => {
      const { cartId, itemId } = params(itemParams, request);
      const update = body(cartItemUpdateBodySchema, request);
      return answer(await cart.updateItem(shopperOf(request), cartId, accessOf(request, cartId), itemId, update));
    });

    /** Linking needs the signed-in customer, so until sessions exist only `customerID: null` passes (403 otherwise). */
    app.put('/cart/:cartId', async (request) => {
      const { cartId } = params(cartParams, request);
      const { customerID } = body(cartCustomerBodySchema, request);
      return answer(await cart.linkCustomer(shopperOf(request), cartId, accessOf(request, cartId), customerID));
    });

    app.delete('/cart/:cartId/items/:itemId', async (request) => {
      const { cartId, itemId } = params(itemParams, request);
      return answer(await cart.removeItem(shopperOf(request), cartId, accessOf(request, cartId), itemId));
    });

    /** Spec §4 'Cart': deleting calls the engine, then the session forgets the cart. */
    app.delete('/cart/:cartId', async (request, reply) => {
      const { cartId } = params(cartParams, request);
      const access = accessOf(request, cartId);
      await cart.delete(cartId, access);
      if (access.secret) reply.header('set-cookie', cartSessionCookie(null, { secure: secure(request) }));
      return reply.status(204).send();
    });
  };
}
