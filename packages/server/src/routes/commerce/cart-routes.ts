import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CART_COOKIE,
  cartCustomerBodySchema,
  cartIdSchema,
  cartItemIdSchema,
  cartItemUpdateBodySchema,
  cartLineItemsBodySchema,
  cartSessionCookie,
  couponBodySchema,
  parseCartSessionToken,
  type CartAccess,
  type CartDto,
  type CartService,
  type PromotionService,
} from '@piste/commerce/server';
import { errorAnswers, noQuery } from '../../openapi/api-schemas';
import { cartAnswer } from '../../openapi/cart-answers';
import { shopperOf, type SessionServices } from './request-context';

const cartParams = z.strictObject({ cartId: cartIdSchema });
const itemParams = z.strictObject({ cartId: cartIdSchema, itemId: cartItemIdSchema });
/** The code is checked by the service (trimmed, 1–64 characters, no control characters). */
const couponParams = z.strictObject({ cartId: cartIdSchema, code: z.string() });

/**
 * The caller's keys to a cart: the secret of their `piste_cart` session when it names this
 * cart, and the signed-in customer (a customer's cart opens to them alone).
 */
function accessOf(request: FastifyRequest, cartId: string, customerId: number | null): CartAccess {
  const session = parseCartSessionToken(request.cookies[CART_COOKIE]);
  return { secret: session?.cartId === cartId ? session.secret : null, customerId };
}

/** What a cart call answers: the cart, or a refusal (a cart the caller cannot reach is a 404). */
const cartErrors = errorAnswers(400, 403, 404, 409, 422);
const cartResponses = () => ({ 200: cartAnswer, ...cartErrors });
const tags = ['cart'];

const answer = (cart: CartDto) => ({ data: cart, meta: {} });

/**
 * The cart calls of spec §7 under `/api` in BigCommerce's cart shape (docs/api.md). A cart
 * the caller cannot reach is a 404 like one that does not exist.
 */
export function cartRoutes(
  services: {
    cart: CartService;
    /** Coupon codes (docs/promotions.md); absent when BigCommerce keeps commerce. */
    embeddedOnly?: { promotions: PromotionService } | null;
  } & SessionServices,
): FastifyPluginAsyncZod {
  const { cart } = services;
  const promotions = services.embeddedOnly?.promotions;
  return async (app) => {
    const secure = (request: FastifyRequest) => request.protocol === 'https';
    /** The shopper and their keys to the cart of the path. */
    const caller = async (request: FastifyRequest, reply: FastifyReply, cartId: string) => {
      const shopper = await shopperOf(request, reply, services);
      return { shopper, access: accessOf(request, cartId, shopper.customerId) };
    };
    app.addHook('onSend', async (_request, reply: FastifyReply, payload) => {
      reply.header('cache-control', 'no-store');
      return payload;
    });

    app.post(
      '/cart/create',
      {
        schema: {
          tags,
          querystring: noQuery,
          body: cartLineItemsBodySchema,
          response: { 201: cartAnswer, ...cartErrors },
        },
      },
      async (request, reply) => {
        const shopper = await shopperOf(request, reply, services);
        const created = await cart.create(shopper, request.body.line_items);
        reply.header('set-cookie', cartSessionCookie(created.session, { secure: secure(request) }));
        // A signed-in customer's new cart is theirs from the start (spec §4 'Cart').
        const owned =
          shopper.customerId === null
            ? created.cart
            : await cart.linkCustomer(
                shopper,
                created.cart.id,
                { secret: created.session.secret, customerId: shopper.customerId },
                shopper.customerId,
              );
        return reply.status(201).send(answer(owned));
      },
    );

    app.get(
      '/cart/:cartId',
      { schema: { tags, params: cartParams, querystring: noQuery, response: cartResponses() } },
      async (request, reply) => {
        const { cartId } = request.params;
        const { shopper, access } = await caller(request, reply, cartId);
        return answer(await cart.get(shopper, cartId, access));
      },
    );

    app.post(
      '/cart/:cartId/items',
      {
        schema: {
          tags,
          params: cartParams,
          querystring: noQuery,
          body: cartLineItemsBodySchema,
          response: cartResponses(),
        },
      },
      async (request, reply) => {
        const { cartId } = request.params;
        const { shopper, access } = await caller(request, reply, cartId);
        return answer(await cart.addItems(shopper, cartId, access, request.body.line_items));
      },
    );

    app.put(
      '/cart/:cartId/items/:itemId',
      {
        schema: {
          tags,
          params: itemParams,
          querystring: noQuery,
          body: cartItemUpdateBodySchema,
          response: cartResponses(),
        },
      },
      async (request, reply) => {
        const { cartId, itemId } = request.params;
        const { shopper, access } = await caller(request, reply, cartId);
        return answer(await cart.updateItem(shopper, cartId, access, itemId, request.body));
      },
    );

    /** Spec §4 'Cart': logging in links the cart; only to the signed-in customer (403 otherwise). */
    app.put(
      '/cart/:cartId',
      {
        schema: {
          tags,
          params: cartParams,
          querystring: noQuery,
          body: cartCustomerBodySchema,
          response: cartResponses(),
        },
      },
      async (request, reply) => {
        const { cartId } = request.params;
        const { shopper, access } = await caller(request, reply, cartId);
        return answer(await cart.linkCustomer(shopper, cartId, access, request.body.customerID));
      },
    );

    app.delete(
      '/cart/:cartId/items/:itemId',
      { schema: { tags, params: itemParams, querystring: noQuery, response: cartResponses() } },
      async (request, reply) => {
        const { cartId, itemId } = request.params;
        const { shopper, access } = await caller(request, reply, cartId);
        return answer(await cart.removeItem(shopper, cartId, access, itemId));
      },
    );

    if (promotions) {
      /** BigCommerce's checkout coupons (issue 28 §2): the re-priced cart, or a refusal naming the code. */
      app.post(
        '/cart/:cartId/coupons',
        {
          schema: { tags, params: cartParams, querystring: noQuery, body: couponBodySchema, response: cartResponses() },
        },
        async (request, reply) => {
          const { cartId } = request.params;
          const { shopper, access } = await caller(request, reply, cartId);
          return answer(await promotions.applyCoupon(shopper, cartId, access, request.body.coupon_code));
        },
      );

      app.delete(
        '/cart/:cartId/coupons/:code',
        { schema: { tags, params: couponParams, querystring: noQuery, response: cartResponses() } },
        async (request, reply) => {
          const { cartId, code } = request.params;
          const { shopper, access } = await caller(request, reply, cartId);
          return answer(await promotions.removeCoupon(shopper, cartId, access, code));
        },
      );
    }

    /** Spec §4 'Cart': deleting calls the engine, then the session forgets the cart. */
    app.delete(
      '/cart/:cartId',
      {
        schema: {
          tags,
          params: cartParams,
          querystring: noQuery,
          response: { 204: z.null().describe('The cart is gone.'), ...errorAnswers(400, 403, 404) },
        },
      },
      async (request, reply) => {
        const { cartId } = request.params;
        const { access } = await caller(request, reply, cartId);
        await cart.delete(cartId, access);
        if (access.secret) reply.header('set-cookie', cartSessionCookie(null, { secure: secure(request) }));
        return reply.status(204).send(null);
      },
    );
  };
}
