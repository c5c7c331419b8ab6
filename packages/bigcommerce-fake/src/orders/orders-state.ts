/** The fake's orders records, seeded from the demo data. */
export interface OrdersState {
  readonly seeded: boolean;
}

export function seedOrders(): OrdersState {
  return { seeded: true };
}
