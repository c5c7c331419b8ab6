/** The fake's customers records, seeded from the demo data. */
export interface CustomersState {
  readonly seeded: boolean;
}

export function seedCustomers(): CustomersState {
  return { seeded: true };
}
