import { minorToDecimal } from '../money';
import type { OrderAddress, OrderStatus, orderLines, orders, shipments } from '../schema/index';

type OrderRow = typeof orders.$inferSelect;
type OrderLineRow = typeof orderLines.$inferSelect;
type ShipmentRow = typeof shipments.$inferSelect;

/** BigCommerce v2's status ids and names, so platform-shaped clients read them as usual. */
const STATUS_NAMES: Record<OrderStatus, { id: number; name: string }> = {
  pending: { id: 1, name: 'Pending' },
  awaiting_fulfillment: { id: 11, name: 'Awaiting Fulfillment' },
  shipped: { id: 2, name: 'Shipped' },
  completed: { id: 10, name: 'Completed' },
  cancelled: { id: 5, name: 'Cancelled' },
  refunded: { id: 4, name: 'Refunded' },
};

export interface OrderLineDto {
  id: number;
  product_id: number;
  variant_id: number;
  sku: string;
  name: string;
  quantity: number;
  product_options: { display_name: string; display_value: string }[];
  base_price: number;
  price_inc_tax: number;
  total_inc_tax: number;
}

/** A coupon code an order redeemed: `id` is the promotion's. */
export interface OrderCouponDto {
  id: number;
  code: string;
  name: string;
  discount: number;
}

/** `GET orders/{id}`: a BigCommerce v2 order with its products inline. */
export interface OrderDto {
  id: number;
  customer_id: number;
  date_created: string;
  date_modified: string;
  status_id: number;
  status: string;
  custom_status: OrderStatus;
  currency_code: string;
  subtotal_inc_tax: number;
  /** Everything taken off the list prices: sale, group and promotion savings (already out of the subtotal). */
  discount_amount: number;
  /** What the order's coupon codes took off (part of discount_amount). */
  coupon_discount: number;
  /** The coupon codes the order redeemed (BigCommerce's order coupons), `discount` in the order's currency. */
  coupons: OrderCouponDto[];
  shipping_cost_inc_tax: number;
  total_tax: number;
  /** Whether total_tax is contained in the prices (EU VAT) or was added on top (US, CA). */
  prices_include_tax: boolean;
  tax_rate: number;
  total_inc_tax: number;
  items_total: number;
  payment_method: string;
  billing_address: OrderAddress;
  shipping_address: OrderAddress;
  shipping_method: string;
  products: OrderLineDto[];
}

export interface ShipmentDto {
  id: number;
  order_id: number;
  date_created: string;
  tracking_number: string;
  shipping_provider: string;
  items: { order_product_id: number; quantity: number }[];
}

export function toOrderDto(order: OrderRow, lines: readonly OrderLineRow[]): OrderDto {
  const money = (minor: number) => minorToDecimal(minor);
  const status = STATUS_NAMES[order.status];
  const coupons = order.promotions.filter((promotion) => promotion.code !== null);
  return {
    id: order.id,
    customer_id: order.customerId ?? 0,
    date_created: order.createdAt.toISOString(),
    date_modified: order.updatedAt.toISOString(),
    status_id: status.id,
    status: status.name,
    custom_status: order.status,
    currency_code: order.currencyCode,
    subtotal_inc_tax: money(order.subtotalMinor),
    discount_amount: money(order.discountMinor),
    coupon_discount: money(coupons.reduce((sum, coupon) => sum + coupon.discountMinor, 0)),
    coupons: coupons.map((coupon) => ({
      id: coupon.id,
      code: coupon.code!,
      name: coupon.name,
      discount: money(coupon.discountMinor),
    })),
    shipping_cost_inc_tax: money(order.shippingMinor),
    total_tax: money(order.taxMinor),
    prices_include_tax: order.taxIncluded,
    tax_rate: Number(order.taxRate),
    total_inc_tax: money(order.totalMinor),
    items_total: lines.reduce((count, line) => count + line.quantity, 0),
    payment_method: `${order.payment.brand} •••• ${order.payment.last4}`,
    billing_address: order.billingAddress,
    shipping_address: order.shippingAddress,
    shipping_method: order.shippingMethod.name,
    products: lines.map((line) => ({
      id: line.id,
      product_id: line.productId,
      variant_id: line.variantId,
      sku: line.sku,
      name: line.name,
      quantity: line.quantity,
      product_options: line.options.map(({ name, value }) => ({ display_name: name, display_value: value })),
      base_price: money(line.listPriceMinor),
      price_inc_tax: money(line.salePriceMinor),
      total_inc_tax: money(line.totalMinor),
    })),
  };
}

export function toShipmentDto(shipment: ShipmentRow): ShipmentDto {
  return {
    id: shipment.id,
    order_id: shipment.orderId,
    date_created: shipment.shippedAt.toISOString(),
    tracking_number: shipment.trackingNumber,
    shipping_provider: shipment.carrier,
    items: shipment.items.map(({ order_line_id, quantity }) => ({ order_product_id: order_line_id, quantity })),
  };
}
