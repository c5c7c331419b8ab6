/** An order as the fake keeps it, enough to answer v2 `orders`, `orders/{id}/products` and `orders/{id}/shipments`. */
export interface FakeOrderInput {
  customerId: number;
  /** The cart the order was placed from (v2 order `cart_id`). */
  cartId: string | null;
  channelId: number;
  currencyCode: string;
  /** Decimal amounts. */
  subtotalIncTax: number;
  totalIncTax: number;
  /** The tax on the merchandise the subtotal includes (0 when absent); the rest of total − subtotal is shipping. */
  taxTotal?: number;
  statusId: number;
  dateCreated: Date;
  billingEmail: string;
  lines: { productId: number; variantId: number; sku: string; name: string; quantity: number; priceIncTax: number }[];
}

export interface FakeOrder extends FakeOrderInput {
  id: number;
  dateModified: Date;
  /** Order product ids, one per line, in line order. */
  lineIds: number[];
  /** The one shipping address every fake order has (v2 `order_address_id`). */
  addressId: number;
  shipments: FakeShipment[];
}

export interface FakeShipment {
  id: number;
  dateCreated: Date;
  trackingNumber: string;
  shippingProvider: string;
  orderAddressId: number;
  items: { order_product_id: number; quantity: number }[];
}

/** The fake's orders. */
export interface OrdersState {
  /** Adds an order (the hosted checkout, or a test's history); answers its id. */
  addOrder(order: FakeOrderInput): number;
  orders: Map<number, FakeOrder>;
  /** The next id for an order product, an address or a shipment. */
  nextId(): number;
}

/** BigCommerce numbers a store's first order 100. */
const FIRST_ORDER_ID = 100;

export function seedOrders(): OrdersState {
  const orders = new Map<number, FakeOrder>();
  let nextOrderId = FIRST_ORDER_ID;
  let nextRecordId = 1;
  const nextId = () => nextRecordId++;
  return {
    orders,
    nextId,
    addOrder(input) {
      const id = nextOrderId++;
      orders.set(id, {
        ...input,
        id,
        dateModified: input.dateCreated,
        lineIds: input.lines.map(() => nextId()),
        addressId: nextId(),
        shipments: [],
      });
      return id;
    },
  };
}
