import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { pageOf, v2Date, v2Error, v2Page } from '../fake-http';
import type { FakeState } from '../state';
import type { FakeOrder, FakeShipment } from './orders-state';

/**
 * The v2 orders endpoints (github.com/bigcommerce/docs reference/orders/orders.v2.yml): orders by
 * customer and date, the count, one order, its products, shipping addresses and shipments, and
 * creating a shipment. Money is a decimal string with four places, dates RFC 2822, errors
 * `[{ status, message }]`, an empty list 204.
 */

/** v2 status ids and names (reference/orders/orders.v2.yml, `status_id`). */
const STATUS_NAMES: Record<number, string> = {
  0: 'Incomplete',
  1: 'Pending',
  2: 'Shipped',
  3: 'Partially Shipped',
  4: 'Refunded',
  5: 'Cancelled',
  6: 'Declined',
  7: 'Awaiting Payment',
  8: 'Awaiting Pickup',
  9: 'Awaiting Shipment',
  10: 'Completed',
  11: 'Awaiting Fulfillment',
  12: 'Manual Verification Required',
  13: 'Disputed',
  14: 'Partially Refunded',
};

const money = (amount: number) => amount.toFixed(4);

function addressOf(order: FakeOrder, state: FakeState) {
  const customer = order.customerId ? state.customers.lookupCustomer(order.customerId) : null;
  return {
    first_name: customer?.firstName ?? 'Guest',
    last_name: customer?.lastName ?? 'Shopper',
    company: '',
    street_1: '1 Piste Way',
    street_2: '',
    city: 'Denver',
    state: 'Colorado',
    zip: '80202',
    country: 'United States',
    country_iso2: 'US',
    phone: '',
    email: order.billingEmail,
  };
}

function orderAnswer(order: FakeOrder, state: FakeState) {
  const tax = order.taxTotal ?? 0;
  return {
    id: order.id,
    customer_id: order.customerId,
    cart_id: order.cartId ?? '',
    channel_id: order.channelId,
    date_created: v2Date(order.dateCreated),
    date_modified: v2Date(order.dateModified),
    status_id: order.statusId,
    status: STATUS_NAMES[order.statusId] ?? 'Pending',
    currency_code: order.currencyCode,
    subtotal_ex_tax: money(order.subtotalIncTax - tax),
    subtotal_inc_tax: money(order.subtotalIncTax),
    discount_amount: money(0),
    shipping_cost_inc_tax: money(order.totalIncTax - order.subtotalIncTax),
    total_tax: money(tax),
    total_ex_tax: money(order.totalIncTax - tax),
    total_inc_tax: money(order.totalIncTax),
    items_total: order.lines.reduce((sum, line) => sum + line.quantity, 0),
    items_shipped: order.shipments.flatMap((parcel) => parcel.items).reduce((sum, item) => sum + item.quantity, 0),
    payment_method: 'Test Payment Gateway',
    billing_address: addressOf(order, state),
    products: { url: `/v2/orders/${order.id}/products`, resource: `/orders/${order.id}/products` },
    shipping_addresses: {
      url: `/v2/orders/${order.id}/shipping_addresses`,
      resource: `/orders/${order.id}/shipping_addresses`,
    },
  };
}

function shipmentAnswer(order: FakeOrder, shipment: FakeShipment) {
  return {
    id: shipment.id,
    order_id: order.id,
    customer_id: order.customerId,
    order_address_id: shipment.orderAddressId,
    date_created: v2Date(shipment.dateCreated),
    tracking_number: shipment.trackingNumber,
    shipping_provider: shipment.shippingProvider,
    tracking_carrier: '',
    items: shipment.items.map((item) => ({
      ...item,
      product_id: order.lines[order.lineIds.indexOf(item.order_product_id)]?.productId ?? 0,
    })),
  };
}

const shipmentSchema = z.object({
  order_address_id: z.number().int().positive(),
  tracking_number: z.string().max(50).optional(),
  shipping_provider: z.string().optional(),
  items: z
    .array(z.object({ order_product_id: z.number().int().positive(), quantity: z.number().int().positive() }))
    .min(1),
});

/** `min_date_created` takes RFC 2822 or ISO 8601. */
function dateOf(value: string | undefined): Date | null | undefined {
  if (value === undefined || value === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

export function registerOrdersRoutes(app: FastifyInstance, state: FakeState): void {
  const { orders } = state.orders;

  function findOrder(request: FastifyRequest, reply: FastifyReply): FakeOrder | null {
    const order = orders.get(Number((request.params as { orderId: string }).orderId));
    if (!order) v2Error(reply, 404, 'The requested resource was not found.');
    return order ?? null;
  }

  /** Orders matching `customer_id` and `min_date_created`, or a 400 sent. */
  function matching(request: FastifyRequest, reply: FastifyReply): FakeOrder[] | null {
    const query = request.query as { customer_id?: string; min_date_created?: string };
    const customerId = query.customer_id === undefined ? null : Number(query.customer_id);
    const since = dateOf(query.min_date_created);
    if ((customerId !== null && !Number.isInteger(customerId)) || since === undefined) {
      v2Error(reply, 400, 'The filter parameters are not valid.');
      return null;
    }
    return [...orders.values()].filter(
      (order) => (customerId === null || order.customerId === customerId) && (!since || order.dateCreated >= since),
    );
  }

  app.get('/v2/orders', async (request, reply) => {
    const page = pageOf(request, reply, 'v2');
    const found = page && matching(request, reply);
    if (!page || !found) return reply;
    const sort = (request.query as { sort?: string }).sort ?? 'id:asc';
    const [field, direction] = sort.split(':');
    if (!['id', 'date_created'].includes(field!) || !['asc', 'desc'].includes(direction ?? 'asc')) {
      return v2Error(reply, 400, `The sort "${sort}" is not supported.`);
    }
    const key = (order: FakeOrder) => (field === 'id' ? order.id : order.dateCreated.getTime() * 1000 + order.id);
    found.sort((a, b) => (direction === 'desc' ? key(b) - key(a) : key(a) - key(b)));
    return v2Page(
      reply,
      found.map((order) => orderAnswer(order, state)),
      page,
    );
  });

  app.get('/v2/orders/count', async (request, reply) => {
    const found = matching(request, reply);
    if (!found) return reply;
    const statuses = Object.entries(STATUS_NAMES).map(([id, name]) => ({
      id: Number(id),
      name,
      count: found.filter((order) => order.statusId === Number(id)).length,
    }));
    return reply.send({ count: found.length, statuses });
  });

  app.get('/v2/orders/:orderId', async (request, reply) => {
    const order = findOrder(request, reply);
    return order && reply.send(orderAnswer(order, state));
  });

  app.get('/v2/orders/:orderId/products', async (request, reply) => {
    const order = findOrder(request, reply);
    const page = order && pageOf(request, reply, 'v2');
    if (!order || !page) return reply;
    const products = order.lines.map((line, index) => {
      const variant = state.catalog.lookupVariant(line.variantId, null);
      return {
        id: order.lineIds[index]!,
        order_id: order.id,
        product_id: line.productId,
        variant_id: line.variantId,
        order_address_id: order.addressId,
        name: line.name,
        sku: line.sku,
        type: 'physical',
        base_price: money(line.priceIncTax),
        price_ex_tax: money(line.priceIncTax),
        price_inc_tax: money(line.priceIncTax),
        total_ex_tax: money(line.priceIncTax * line.quantity),
        total_inc_tax: money(line.priceIncTax * line.quantity),
        quantity: line.quantity,
        quantity_shipped: order.shipments
          .flatMap((parcel) => parcel.items)
          .filter((item) => item.order_product_id === order.lineIds[index])
          .reduce((sum, item) => sum + item.quantity, 0),
        product_options: (variant?.options ?? []).map((option) => ({
          option_id: option.nameId,
          value: String(option.valueId),
          display_name: option.name,
          display_value: option.value,
        })),
      };
    });
    return v2Page(reply, products, page);
  });

  app.get('/v2/orders/:orderId/shipping_addresses', async (request, reply) => {
    const order = findOrder(request, reply);
    const page = order && pageOf(request, reply, 'v2');
    if (!order || !page) return reply;
    const address = {
      id: order.addressId,
      order_id: order.id,
      ...addressOf(order, state),
      shipping_method: 'Standard',
    };
    return v2Page(reply, [address], page);
  });

  app.get('/v2/orders/:orderId/shipments', async (request, reply) => {
    const order = findOrder(request, reply);
    const page = order && pageOf(request, reply, 'v2');
    if (!order || !page) return reply;
    return v2Page(
      reply,
      order.shipments.map((shipment) => shipmentAnswer(order, shipment)),
      page,
    );
  });

  app.post('/v2/orders/:orderId/shipments', async (request, reply) => {
    const order = findOrder(request, reply);
    if (!order) return reply;
    const body = shipmentSchema.safeParse(request.body);
    if (!body.success) {
      const problem = body.error.issues[0]!;
      return v2Error(reply, 400, `The field '${problem.path.join('.')}' is invalid: ${problem.message}`);
    }
    if (body.data.order_address_id !== order.addressId) {
      return v2Error(reply, 400, `The order address ${body.data.order_address_id} is not an address of this order.`);
    }
    const unknown = body.data.items.find((item) => !order.lineIds.includes(item.order_product_id));
    if (unknown) return v2Error(reply, 400, `The order product ${unknown.order_product_id} is not in this order.`);
    const shipment: FakeShipment = {
      id: state.orders.nextId(),
      dateCreated: new Date(),
      trackingNumber: body.data.tracking_number ?? '',
      shippingProvider: body.data.shipping_provider ?? '',
      orderAddressId: body.data.order_address_id,
      items: body.data.items,
    };
    order.shipments.push(shipment);
    const shipped = order.shipments.flatMap((parcel) => parcel.items).reduce((sum, item) => sum + item.quantity, 0);
    const ordered = order.lines.reduce((sum, line) => sum + line.quantity, 0);
    order.statusId = shipped >= ordered ? 2 : 3;
    order.dateModified = new Date();
    return reply.status(201).send(shipmentAnswer(order, shipment));
  });
}
