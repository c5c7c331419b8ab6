import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { includes, v3Error } from '../fake-http';
import type { FakeState } from '../state';
import { cartAnswer, newCartLine, priceListOf, type FakeCart, type FakeCartLine } from './carts-state';

/**
 * The v3 carts endpoints of the Management API (github.com/bigcommerce/docs
 * reference/carts/carts.v3.yml): create with `channel_id`, `currency` and `line_items`, read,
 * add, update and delete lines (BigCommerce deletes a cart with its last line and answers 204),
 * set the customer, delete, and `redirect_urls`. Refusals are 422 with BigCommerce's error shape;
 * a missing cart or line is 404.
 */

const positiveInt = z.number().int().positive();
const lineItemSchema = z.object({ quantity: positiveInt, product_id: positiveInt, variant_id: positiveInt });
const createSchema = z.object({
  channel_id: positiveInt,
  customer_id: z.number().int().min(0).optional(),
  currency: z.object({ code: z.string().regex(/^[A-Z]{3}$/) }).optional(),
  line_items: z.array(lineItemSchema).min(1),
});
const addSchema = z.object({ line_items: z.array(lineItemSchema).min(1) });
const updateSchema = z.object({ line_item: lineItemSchema });
const customerSchema = z.object({ customer_id: z.number().int().min(0) });

/** `errors` as BigCommerce lists them: the field path and what is wrong with it. */
function fieldErrors(error: z.ZodError): Record<string, string> {
  return Object.fromEntries(error.issues.map((issue) => [issue.path.join('.') || 'body', issue.message]));
}

/** The storefront origin this fake answers at: its checkout and cart pages live there. */
function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

export function registerCartsRoutes(app: FastifyInstance, state: FakeState): void {
  const carts = state.carts.carts;

  function send(request: FastifyRequest, reply: FastifyReply, cart: FakeCart, status = 200) {
    const query = request.query as { include?: string };
    const withOptions = includes(query.include).has('line_items.physical_items.options');
    return reply
      .status(status)
      .send({ data: cartAnswer(cart, state.catalog, originOf(request), withOptions), meta: {} });
  }

  function findCart(request: FastifyRequest, reply: FastifyReply): FakeCart | null {
    const { cartId } = request.params as { cartId: string };
    const cart = carts.get(cartId);
    if (!cart) v3Error(reply, 404, 'Cart not found');
    return cart ?? null;
  }

  /** The lines a change leaves, checked against the catalogue: the variant exists for its product, is purchasable and in stock. */
  function refusal(cart: Pick<FakeCart, 'currencyCode'>, lines: FakeCartLine[]): string | null {
    const priceList = priceListOf(cart.currencyCode);
    for (const line of lines) {
      const variant = state.catalog.lookupVariant(line.variantId, priceList);
      if (!variant || variant.productId !== line.productId) {
        return `Variant ${line.variantId} of product ${line.productId} does not exist.`;
      }
      const label = `"${variant.name}" (${variant.sku})`;
      if (variant.purchasingDisabled) return `${label} cannot be purchased.`;
      if (variant.inventoryTracking === 'none') continue;
      const wanted =
        variant.inventoryTracking === 'product'
          ? lines.filter((other) => other.productId === line.productId).reduce((sum, other) => sum + other.quantity, 0)
          : line.quantity;
      if (wanted > variant.inventoryLevel) {
        return variant.inventoryLevel <= 0
          ? `${label} is out of stock.`
          : `Only ${variant.inventoryLevel} of ${label} ${variant.inventoryLevel === 1 ? 'is' : 'are'} in stock; the cart cannot hold ${wanted}.`;
      }
    }
    return null;
  }

  /** Adds quantities to the cart's lines: a variant it holds gets more on its line. */
  function merged(lines: FakeCartLine[], items: z.infer<typeof lineItemSchema>[]): FakeCartLine[] {
    const next = lines.map((line) => ({ ...line }));
    for (const item of items) {
      const existing = next.find((line) => line.variantId === item.variant_id);
      if (existing) existing.quantity += item.quantity;
      else next.push(newCartLine(item.product_id, item.variant_id, item.quantity));
    }
    return next;
  }

  app.post('/v3/carts', async (request, reply) => {
    const body = createSchema.safeParse(request.body);
    if (!body.success) return v3Error(reply, 422, 'The cart is not valid.', fieldErrors(body.error));
    const now = new Date();
    const cart: FakeCart = {
      id: randomUUID(),
      customerId: body.data.customer_id ?? 0,
      channelId: body.data.channel_id,
      currencyCode: body.data.currency?.code ?? 'USD',
      lines: [],
      checkoutToken: null,
      createdAt: now,
      updatedAt: now,
    };
    if (priceListOf(cart.currencyCode) === null) {
      return v3Error(reply, 422, `The currency ${cart.currencyCode} is not enabled for this channel.`, {
        'currency.code': 'is not a transactional currency of the channel',
      });
    }
    if (body.data.customer_id && !state.customers.lookupCustomer(body.data.customer_id)) {
      return v3Error(reply, 422, `Customer ${body.data.customer_id} does not exist.`, { customer_id: 'not found' });
    }
    const lines = merged([], body.data.line_items);
    const problem = refusal(cart, lines);
    if (problem) return v3Error(reply, 422, problem);
    cart.lines = lines;
    carts.set(cart.id, cart);
    return send(request, reply, cart, 201);
  });

  app.get('/v3/carts/:cartId', async (request, reply) => {
    const cart = findCart(request, reply);
    return cart && send(request, reply, cart);
  });

  app.post('/v3/carts/:cartId/items', async (request, reply) => {
    const cart = findCart(request, reply);
    if (!cart) return reply;
    const body = addSchema.safeParse(request.body);
    if (!body.success) return v3Error(reply, 422, 'The line items are not valid.', fieldErrors(body.error));
    const lines = merged(cart.lines, body.data.line_items);
    const problem = refusal(cart, lines);
    if (problem) return v3Error(reply, 422, problem);
    cart.lines = lines;
    cart.updatedAt = new Date();
    return send(request, reply, cart, 201);
  });

  app.put('/v3/carts/:cartId/items/:itemId', async (request, reply) => {
    const cart = findCart(request, reply);
    if (!cart) return reply;
    const { itemId } = request.params as { itemId: string };
    const line = cart.lines.find((candidate) => candidate.id === itemId);
    if (!line) return v3Error(reply, 404, 'Line item not found');
    const body = updateSchema.safeParse(request.body);
    if (!body.success) return v3Error(reply, 422, 'The line item is not valid.', fieldErrors(body.error));
    const { product_id, variant_id, quantity } = body.data.line_item;
    const lines = cart.lines.map((candidate) =>
      candidate === line ? { ...line, productId: product_id, variantId: variant_id, quantity } : candidate,
    );
    const problem = refusal(cart, lines);
    if (problem) return v3Error(reply, 422, problem);
    cart.lines = lines;
    cart.updatedAt = new Date();
    return send(request, reply, cart);
  });

  app.delete('/v3/carts/:cartId/items/:itemId', async (request, reply) => {
    const cart = findCart(request, reply);
    if (!cart) return reply;
    const { itemId } = request.params as { itemId: string };
    if (!cart.lines.some((line) => line.id === itemId)) return v3Error(reply, 404, 'Line item not found');
    cart.lines = cart.lines.filter((line) => line.id !== itemId);
    cart.updatedAt = new Date();
    if (cart.lines.length > 0) return send(request, reply, cart);
    // Removing a cart's last line deletes the cart: 204 and no cart (reference/carts/carts.v3.yml, Delete Cart Line Item).
    carts.delete(cart.id);
    return reply.status(204).send();
  });

  app.put('/v3/carts/:cartId', async (request, reply) => {
    const cart = findCart(request, reply);
    if (!cart) return reply;
    const body = customerSchema.safeParse(request.body);
    if (!body.success) return v3Error(reply, 422, 'The cart update is not valid.', fieldErrors(body.error));
    if (body.data.customer_id !== 0 && !state.customers.lookupCustomer(body.data.customer_id)) {
      return v3Error(reply, 422, `Customer ${body.data.customer_id} does not exist.`, { customer_id: 'not found' });
    }
    cart.customerId = body.data.customer_id;
    cart.updatedAt = new Date();
    return send(request, reply, cart);
  });

  app.delete('/v3/carts/:cartId', async (request, reply) => {
    const cart = findCart(request, reply);
    if (!cart) return reply;
    carts.delete(cart.id);
    return reply.status(204).send();
  });

  app.post('/v3/carts/:cartId/redirect_urls', async (request, reply) => {
    const cart = findCart(request, reply);
    if (!cart) return reply;
    cart.checkoutToken = randomBytes(16).toString('hex');
    const query = `id=${cart.id}&token=${cart.checkoutToken}`;
    return reply.status(201).send({
      data: {
        cart_url: `${originOf(request)}/cart.php?action=load&${query}`,
        checkout_url: `${originOf(request)}/checkout?cart=${cart.id}&token=${cart.checkoutToken}`,
        embedded_checkout_url: `${originOf(request)}/cart.php?embedded=1&action=loadInCheckout&${query}`,
      },
      meta: {},
    });
  });
}
