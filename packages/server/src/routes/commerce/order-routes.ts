import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BOT_TOKEN_HEADER, DomainError, parseLocale } from '@piste/core';
import type { BotProtection } from '../../bot-protection/bot-protection';
import {
  CART_COOKIE,
  cartIdSchema,
  cartSessionCookie,
  checkoutInputSchema,
  ORDER_COOKIE,
  orderSessionCookie,
  parseCartSessionToken,
  parseOrderSessionToken,
  paymentInputSchema,
  readIdempotencyKey,
  type CartAccess,
  type CheckoutService,
  type OrderAccess,
  type OrderService,
} from '@piste/commerce/server';
import { errorAnswers, noQuery } from '../../openapi/api-schemas';
import { listMeta } from '../../openapi/catalogue-answers';
import { checkoutQuote, order, orderStatusAnswer, paymentIntent, shipment } from '../../openapi/order-answers';
import { shopperOf, signedInCustomer, type SessionServices } from './request-context';

const cartParams = z.strictObject({ cartId: cartIdSchema });
const orderParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const quoteBody = z.strictObject({
  country_iso2: z.string(),
  state: z.string().optional(),
  shipping_method_id: z.number().int().positive().optional(),
});
const orderListQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
const statusQuery = z.strictObject({ email: z.string().trim().min(3).max(254) });
const answer = <Data extends z.ZodType>(data: Data) => z.object({ data, meta: z.object({}) });
const tags = ['checkout and orders'];
/** A checkout call's refusals: bad input, a cart not the caller's, the hosted checkout's 409, a declined payment. */
const checkoutErrors = errorAnswers(400, 403, 404, 409, 422, 429);
/** An order nobody may see is reported as not existing. */
const orderErrors = errorAnswers(400, 404);

/** The `Idempotency-Key` header, or a 400 asking for one. */
function idempotencyKeyOf(request: FastifyRequest): string {
  const key = request.headers['idempotency-key'];
  if (typeof key === 'string') return key;
  throw new DomainError(
    'INVALID_DATA',
    'Send an Idempotency-Key header, such as a new UUID.',
    'MISSING_IDEMPOTENCY_KEY',
  );
}

/**
 * A missing or malformed `Idempotency-Key` is refused before the body is validated, as it was
 * before the routes had schemas: a client hears of the key first (fuzz-regressions.ts).
 */
async function idempotencyKeyFirst(request: FastifyRequest): Promise<void> {
  readIdempotencyKey(idempotencyKeyOf(request));
}

function cartAccessOf(
  request: FastifyRequest,
  cartId: string,
  customerId: number | null,
): CartAccess & { token: { cartId: string; secret: string } | null } {
  const session = parseCartSessionToken(request.cookies[CART_COOKIE]);
  const token = session?.cartId === cartId ? session : null;
  return { secret: token?.secret ?? null, customerId, token };
}

function orderAccessOf(request: FastifyRequest, orderId: number, customerId: number | null): OrderAccess {
  const session = parseOrderSessionToken(request.cookies[ORDER_COOKIE]);
  return { cartSecret: session?.orderId === orderId ? session.secret : null, customerId };
}

/**
 * Our checkout, or a clear refusal when the commerce platform's hosted checkout takes orders
 * (BigCommerce): the storefront's checkout page hands the shopper over to it instead.
 */
function ownCheckout(checkout: CheckoutService | null): CheckoutService {
  if (checkout) return checkout;
  throw new DomainError(
    'CONFLICT',
    "Checkout is taken by the hosted platform: open the shop's checkout page, which hands the cart over.",
    'HOSTED_CHECKOUT',
  );
}

/**
 * The checkout of the embedded engine and the order calls of spec §7 (docs/api.md): a quote
 * for a destination, placing the order with an `Idempotency-Key`, the order and its shipments
 * for the session that placed it, and a guest's status lookup by number and email.
 */
export function orderRoutes(
  services: {
    /** Null when the platform's hosted checkout takes orders: the checkout calls then answer 409. */
    checkout: CheckoutService | null;
    orders: OrderService;
    botProtection: { protection: BotProtection };
  } & SessionServices,
): FastifyPluginAsyncZod {
  const { checkout, orders } = services;
  return async (app) => {
    app.addHook('onSend', async (_request, reply, payload) => {
      reply.header('cache-control', 'no-store');
      return payload;
    });

    app.post(
      '/cart/:cartId/checkout/quote',
      {
        schema: {
          tags,
          params: cartParams,
          querystring: noQuery,
          body: quoteBody,
          response: { 200: answer(checkoutQuote), ...checkoutErrors },
        },
      },
      async (request, reply) => {
        const { cartId } = request.params;
        const { shipping_method_id, ...destination } = request.body;
        const shopper = await shopperOf(request, reply, services);
        const quote = await ownCheckout(checkout).quote(
          shopper,
          cartId,
          cartAccessOf(request, cartId, shopper.customerId),
          destination,
          shipping_method_id,
        );
        return { data: quote, meta: {} };
      },
    );

    /**
     * Step 1 of paying (issue 28 'The payment flow'): a payment intent for the cart's total where
     * it ships, created under the checkout's Idempotency-Key (the one the order will be placed
     * with). The bot check guards it: an intent is what a card can be tried against.
     */
    app.post(
      '/cart/:cartId/payments',
      {
        preValidation: idempotencyKeyFirst,
        schema: {
          tags,
          params: cartParams,
          querystring: noQuery,
          body: paymentInputSchema,
          response: { 201: answer(paymentIntent), ...checkoutErrors },
        },
      },
      async (request, reply) => {
        const { cartId } = request.params;
        const paying = ownCheckout(checkout);
        const key = idempotencyKeyOf(request);
        const token = request.headers[BOT_TOKEN_HEADER];
        await services.botProtection.protection.assertHuman(
          'checkout',
          typeof token === 'string' ? token : null,
          request.ip,
        );
        const shopper = await shopperOf(request, reply, services);
        const payment = await paying.createPayment(
          shopper,
          cartId,
          cartAccessOf(request, cartId, shopper.customerId),
          request.body.shipping_address,
          request.body.shipping_method_id,
          key,
        );
        return reply.status(201).send({
          data: {
            id: payment.intentId,
            client_secret: payment.clientSecret,
            amount: payment.amountMinor,
            currency: payment.currency,
            provider: payment.provider,
          },
          meta: {},
        });
      },
    );

    /** Step 3: the order, for the payment intent the shopper confirmed (`payment: { intent_id }`). */
    app.post(
      '/cart/:cartId/checkout',
      {
        preValidation: idempotencyKeyFirst,
        schema: {
          tags,
          params: cartParams,
          querystring: noQuery,
          body: checkoutInputSchema,
          response: { 201: answer(order), ...checkoutErrors },
        },
      },
      async (request, reply) => {
        const { cartId } = request.params;
        const placing = ownCheckout(checkout);
        const key = idempotencyKeyOf(request);
        const shopper = await shopperOf(request, reply, services);
        const access = cartAccessOf(request, cartId, shopper.customerId);
        const locale = parseLocale(String(request.headers['x-locale'] ?? ''))?.locale;
        // A retry after the order's answer set the order cookie still proves the session that paid.
        const orderSecret = parseOrderSessionToken(request.cookies[ORDER_COOKIE])?.secret ?? null;
        const placed = await placing.placeOrder(shopper, cartId, { ...access, orderSecret }, request.body, key, locale);
        const secure = request.protocol === 'https';
        // The cart's session ends with the order; the order's begins, keyed by the same secret.
        if (access.token) {
          reply.header('set-cookie', [
            cartSessionCookie(null, { secure }),
            orderSessionCookie({ orderId: placed.id, secret: access.token.secret }, { secure }),
          ]);
        }
        return reply.status(201).send({ data: placed, meta: {} });
      },
    );

    const orderRead = {
      schema: { tags, params: orderParams, querystring: noQuery, response: { 200: answer(order), ...orderErrors } },
    };
    const getOrder = async (request: FastifyRequest<{ Params: z.output<typeof orderParams> }>, reply: FastifyReply) => {
      const { id } = request.params;
      const { customerId } = await shopperOf(request, reply, services);
      return { data: await orders.get(id, orderAccessOf(request, id, customerId)), meta: {} };
    };
    app.get('/orders/:id', orderRead, getOrder);
    app.get('/order/:id', orderRead, getOrder);

    app.get(
      '/orders/:id/shipments',
      {
        schema: {
          tags,
          params: orderParams,
          querystring: noQuery,
          response: { 200: answer(z.array(shipment)), ...orderErrors },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const { customerId } = await shopperOf(request, reply, services);
        return { data: await orders.shipments(id, orderAccessOf(request, id, customerId)), meta: {} };
      },
    );

    /** `GET orders`: the signed-in customer's orders, newest first. */
    app.get(
      '/orders',
      {
        schema: {
          tags,
          querystring: orderListQuery,
          response: { 200: z.object({ data: z.array(order), meta: listMeta }), ...errorAnswers(400, 401) },
        },
      },
      async (request, reply) => {
        const { page, limit } = request.query;
        const customer = await signedInCustomer(request, reply, services);
        const { orders: found, total } = await orders.listForCustomer(customer.customer.id, { page, limit });
        return {
          data: found,
          meta: {
            pagination: {
              total,
              count: found.length,
              per_page: limit,
              current_page: page,
              total_pages: Math.ceil(total / limit),
            },
          },
        };
      },
    );

    app.get(
      '/order-status/:id',
      {
        schema: {
          tags,
          params: orderParams,
          querystring: statusQuery,
          response: { 200: answer(orderStatusAnswer), ...orderErrors },
        },
      },
      async (request) => ({ data: await orders.status(request.params.id, request.query.email), meta: {} }),
    );
  };
}
