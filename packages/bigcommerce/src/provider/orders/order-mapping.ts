import type { OrderDto, ShipmentDto } from '@piste/commerce';
import type { V2Order, V2OrderProduct, V2Shipment, V2ShippingAddress } from './order-wire';

type OurStatus = OrderDto['custom_status'];

/**
 * BigCommerce's order statuses (reference/orders/orders.v2.yml, `status_id`) as ours: the
 * storefront words its badge from `custom_status`; `status_id` and `status` stay BigCommerce's.
 */
const STATUS_BY_ID: Record<number, OurStatus> = {
  0: 'pending',
  1: 'pending',
  7: 'pending',
  12: 'pending',
  13: 'pending',
  8: 'awaiting_fulfillment',
  9: 'awaiting_fulfillment',
  11: 'awaiting_fulfillment',
  2: 'shipped',
  3: 'shipped',
  10: 'completed',
  5: 'cancelled',
  6: 'cancelled',
  4: 'refunded',
  14: 'refunded',
};

/** Cancelled and refunded orders do not ship (the embedded ORDER_CLOSED rule). */
export const isClosed = (order: V2Order) => ['cancelled', 'refunded'].includes(customStatus(order));

export function customStatus(order: V2Order): OurStatus {
  return STATUS_BY_ID[order.status_id] ?? 'pending';
}

const isoDate = (value: string) => new Date(value).toISOString();
const cents = (amount: number) => Math.round(amount * 100);

/** EU prices include VAT, US and CA tax comes on top (decision 008): the order's currency says which. */
const TAX_INCLUDED_CURRENCIES = new Set(['EUR']);

export function toOrderDto(
  order: V2Order,
  products: readonly V2OrderProduct[],
  shippingAddress: V2ShippingAddress | undefined,
): OrderDto {
  const {
    id: _id,
    shipping_method: shippingMethod = '',
    ...address
  } = shippingAddress ?? {
    ...order.billing_address,
    id: 0,
    shipping_method: '',
  };
  const taxBase = cents(order.total_inc_tax) - cents(order.total_tax);
  return {
    id: order.id,
    customer_id: order.customer_id,
    date_created: isoDate(order.date_created),
    date_modified: isoDate(order.date_modified),
    status_id: order.status_id,
    status: order.status,
    custom_status: customStatus(order),
    currency_code: order.currency_code,
    subtotal_inc_tax: order.subtotal_inc_tax,
    discount_amount: order.discount_amount,
    // Coupons are a sub-resource of BigCommerce's order (orders/{id}/coupons), not read yet.
    coupon_discount: 0,
    coupons: [],
    shipping_cost_inc_tax: order.shipping_cost_inc_tax,
    total_tax: order.total_tax,
    prices_include_tax: TAX_INCLUDED_CURRENCIES.has(order.currency_code),
    tax_rate: taxBase > 0 ? Number((cents(order.total_tax) / taxBase).toFixed(4)) : 0,
    total_inc_tax: order.total_inc_tax,
    items_total: products.reduce((count, line) => count + line.quantity, 0),
    payment_method: order.payment_method,
    billing_address: order.billing_address,
    shipping_address: address,
    shipping_method: shippingMethod,
    products: products.map((line) => ({
      id: line.id,
      product_id: line.product_id,
      variant_id: line.variant_id,
      sku: line.sku,
      name: line.name,
      quantity: line.quantity,
      product_options: line.product_options.map(({ display_name, display_value }) => ({ display_name, display_value })),
      base_price: line.base_price,
      price_inc_tax: line.price_inc_tax,
      total_inc_tax: line.total_inc_tax,
    })),
  };
}

export function toShipmentDto(shipment: V2Shipment): ShipmentDto {
  return {
    id: shipment.id,
    order_id: shipment.order_id,
    date_created: isoDate(shipment.date_created),
    tracking_number: shipment.tracking_number,
    shipping_provider: shipment.shipping_provider,
    items: shipment.items.map(({ order_product_id, quantity }) => ({ order_product_id, quantity })),
  };
}
