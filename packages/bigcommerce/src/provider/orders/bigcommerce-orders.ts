import { DomainError } from '@piste/core';
import {
  orderNotFound,
  toOrderStatusDto,
  type OrderAccess,
  type OrderService,
  type OrderStatusDto,
} from '@piste/commerce';
import { BigCommerceError } from '../../client/bigcommerce-error';
import { cartRecords } from '../cart/cart-records';
import { cartSecretKey, cartSecretMatches } from '../cart/cart-secret';
import type { BigCommerceProviderDeps } from '../provider-deps';
import { isClosed, toOrderDto, toShipmentDto } from './order-mapping';
import {
  v2CountSchema,
  v2OrderProductSchema,
  v2OrderSchema,
  v2ShipmentSchema,
  v2ShippingAddressSchema,
  type V2Order,
} from './order-wire';

/**
 * Orders and shipments over BigCommerce's v2 orders (reference/orders/orders.v2.yml), with the
 * embedded access rules: an order opens to its customer, to the session holding the secret of the
 * cart it was placed from (v2 `cart_id`), and to a guest's lookup with its billing email.
 */
export function createBigCommerceOrders(deps: BigCommerceProviderDeps): OrderService {
  const { client } = deps;
  const records = cartRecords(deps.db);
  const secretKey = cartSecretKey(deps.settings.clientSecret);

  async function load(id: number): Promise<V2Order> {
    try {
      return client.parse('GET /v2/orders/{id}', v2OrderSchema, await client.v2(`/orders/${id}`));
    } catch (error) {
      if (error instanceof BigCommerceError && error.status === 404) throw orderNotFound(id);
      throw error;
    }
  }

  async function mayRead(order: V2Order, access: OrderAccess): Promise<boolean> {
    if (order.customer_id !== 0 && access.customerId != null && access.customerId === order.customer_id) return true;
    if (!access.cartSecret || !order.cart_id) return false;
    // The session's secret names our cart id, which may differ from the BigCommerce cart that was ordered.
    const record = await records.findByBigCommerceId(order.cart_id);
    return cartSecretMatches(secretKey, record?.id ?? order.cart_id, access.cartSecret);
  }

  const products = async (id: number) =>
    client.parse(
      'GET /v2/orders/{id}/products',
      v2OrderProductSchema.array(),
      await client.v2All(`/orders/${id}/products`),
    );
  const shippingAddresses = async (id: number) =>
    client.parse(
      'GET /v2/orders/{id}/shipping_addresses',
      v2ShippingAddressSchema.array(),
      await client.v2All(`/orders/${id}/shipping_addresses`),
    );
  const shipments = async (id: number) =>
    client.parse(
      'GET /v2/orders/{id}/shipments',
      v2ShipmentSchema.array(),
      await client.v2All(`/orders/${id}/shipments`),
    );

  async function dto(order: V2Order) {
    const [lines, addresses] = await Promise.all([products(order.id), shippingAddresses(order.id)]);
    return toOrderDto(order, lines, addresses[0]);
  }

  return {
    async get(id, access) {
      const order = await load(id);
      if (!(await mayRead(order, access))) throw orderNotFound(id);
      return dto(order);
    },

    async listForCustomer(customerId, page) {
      const [listed, counted] = await Promise.all([
        client.v2('/orders', {
          query: { customer_id: customerId, sort: 'date_created:desc', page: page.page, limit: page.limit },
        }),
        client.v2('/orders/count', { query: { customer_id: customerId } }),
      ]);
      const orders = client.parse('GET /v2/orders', v2OrderSchema.array(), listed ?? []);
      const { count } = client.parse('GET /v2/orders/count', v2CountSchema, counted);
      return { orders: await Promise.all(orders.map(dto)), total: count };
    },

    async shipments(id, access) {
      const order = await load(id);
      if (!(await mayRead(order, access))) throw orderNotFound(id);
      return (await shipments(id)).map(toShipmentDto);
    },

    /** A wrong email answers as if the order did not exist, so numbers cannot be probed. */
    async status(id, email): Promise<OrderStatusDto> {
      const order = await load(id);
      if (order.billing_address.email.trim().toLowerCase() !== email.trim().toLowerCase()) throw orderNotFound(id);
      const [full, parcels] = await Promise.all([dto(order), shipments(id)]);
      return toOrderStatusDto(full, parcels.map(toShipmentDto));
    },

    /** Every line, all of its quantity, to the order's first shipping address. BigCommerce mails the shopper. */
    async shipAll(id, parcel) {
      const order = await load(id);
      if (isClosed(order)) {
        throw new DomainError(
          'CONFLICT',
          `Order ${id} is ${order.status.toLowerCase()} and cannot ship.`,
          'ORDER_CLOSED',
        );
      }
      const [lines, addresses] = await Promise.all([products(id), shippingAddresses(id)]);
      const address = addresses[0];
      if (!address) throw new DomainError('CONFLICT', `Order ${id} has no shipping address.`, 'ORDER_CLOSED');
      const created = await client.v2(`/orders/${id}/shipments`, {
        method: 'POST',
        json: {
          order_address_id: address.id,
          tracking_number: parcel.trackingNumber,
          shipping_provider: parcel.carrier,
          items: lines.map((line) => ({ order_product_id: line.id, quantity: line.quantity })),
        },
      });
      return toShipmentDto(client.parse('POST /v2/orders/{id}/shipments', v2ShipmentSchema, created));
    },
  };
}
