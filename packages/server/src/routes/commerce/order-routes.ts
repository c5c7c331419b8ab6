import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DomainError } from '@piste/core';
import {
  CART_COOKIE,
  cartIdSchema,
  cartSessionCookie,
  ORDER_COOKIE,
  orderSessionCookie,
  parseCartSessionToken,
  parseInput,
  parseOrderSessionToken,
  resolveCommerceRegion,
  type CartAccess,
  type CheckoutService,
  type OrderAccess,
  type OrderService,
  type ShopperContext,
} from '@piste/commerce';

const cartParams = z.strictObject({ cartId: cartIdSchema });
const orderParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const noQuery = z.strictObject({});
const quoteBody = z.strictObject({
  country_iso2: z.string(),
  state: z.string().optional(),
  shipping_method_id: z.number().int().positive().optional(),
});
const statusQuery = z.strictObject({ email: z.string().trim().min(3).max(254) });

function shopperOf(request: FastifyRequest): ShopperContext {
  return { region: resolveCommerceRegion(request.headers['x-bc-region']) };
}

function cartAccessOf(
  request: FastifyRequest,
  cartId: string,
): CartAccess & { token: { cartId: string; secret: string } | null } {
  const session = parseCartSessionToken(request.cookies[CART_COOKIE]);
  const token = session?.cartId === cartId ? session : null;
  return { secret: token?.secret ?? null, customerId: null, token };
}

function orderAccessOf(request: FastifyRequest, orderId: number): OrderAccess {
  const session = parseOrderSessionToken(request.cookies[ORDER_COOKIE]);
  return { cartSecret: session?.orderId === orderId ? session.secret : null, customerId: null };
}

function jsonBody(request: FastifyRequest): object {
  const value: unknown = request.body;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new DomainError('INVALID_DATA', 'Send the request body as a JSON object.', 'INVALID_BODY');
  }
  return value;
}

/**
 * The checkout of the embedded engine and the order calls of spec §7 (docs/api.md): a quote
 * for a destination, placing the order with an `Idempotency-Key`, the order and its shipments
 * for the session that placed it, and a guest's status lookup by number and email.
 */
export function orderRoutes(services: { checkout: CheckoutService; orders: OrderService }): FastifyPluginAsync {
  const { checkout, orders } = services;
  return async (app) => {
    app.addHook('onSend', async (_request, reply, payload) => {
      reply.header('cache-control', 'no-store');
      return payload;
    });

    app.post('/cart/:cartId/checkout/quote', async (request) => {
      parseInput(noQuery, request.query, 'Query parameter');
      const { cartId } = parseInput(cartParams, request.params, 'Path parameter');
      const { shipping_method_id, ...destination } = parseInput(quoteBody, jsonBody(request), 'Field');
      const quote = await checkout.quote(
        shopperOf(request),
        cartId,
        cartAccessOf(request, cartId),
        destination,
        shipping_method_id,
      );
      return { data: quote, meta: {} };
    });

    app.post('/cart/:cartId/checkout', async (request, reply) => {
      parseInput(noQuery, request.query, 'Query parameter');
      const { cartId } = parseInput(cartParams, request.params, 'Path parameter');
      const key = request.headers['idempotency-key'];
      if (typeof key !== 'string') {
        throw new DomainError(
          'INVALID_DATA',
          'Send an Idempotency-Key header, such as a new UUID.',
          'MISSING_IDEMPOTENCY_KEY',
        );
      }
      const access = cartAccessOf(request, cartId);
      const order = await checkout.placeOrder(shopperOf(request), cartId, access, jsonBody(request) as never, key);
      const secure = request.protocol === 'https';
      // The cart's session ends with the order; the order's begins, keyed by the same secret.
      if (access.token) {
        reply.header('set-cookie', [
          cartSessionCookie(null, { secure }),
          orderSessionCookie({ orderId: order.id, secret: access.token.secret }, { secure }),
        ]);
      }
      return reply.status(201).send({ data: order, meta: {} });
    });

    const getOrder = async (request: FastifyRequest) => {
      parseInput(noQuery, request.query, 'Query parameter');
      const { id } = parseInput(orderParams, request.params, 'Path parameter');
      return { data: await orders.get(id, orderAccessOf(request, id)), meta: {} };
    };
    app.get('/orders/:id', getOrder);
    app.get('/order/:id', getOrder);

    app.get('/orders/:id/shipments', async (request) => {
      parseInput(noQuery, request.query, 'Query parameter');
      const { id } = parseInput(orderParams, request.params, 'Path parameter');
      return { data: await orders.shipments(id, orderAccessOf(request, id)), meta: {} };
    });

    app.get('/order-status/:id', async (request) => {
      const { id } = parseInput(orderParams, request.params, 'Path parameter');
      const { email } = parseInput(statusQuery, request.query, 'Query parameter');
      return { data: await orders.status(id, email), meta: {} };
    });
  };
}
