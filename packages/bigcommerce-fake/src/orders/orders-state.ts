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
  statusId: number;
  dateCreated: Date;
  billingEmail: string;
  lines: { productId: number; variantId: number; sku: string; name: string; quantity: number; priceIncTax: number }[];
}

/** The fake's orders. */
export interface OrdersState {
  /** Adds an order (the hosted checkout, or a test's history); answers its id. */
  addOrder(order: FakeOrderInput): number;
}

export function seedOrders(): OrdersState {
  return { addOrder: () => 0 };
}
