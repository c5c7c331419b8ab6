/** The fake's carts records, seeded from the demo data. */
export interface CartsState {
  readonly seeded: boolean;
}

export function seedCarts(): CartsState {
  return { seeded: true };
}
