/** The fake's customers and customer groups, seeded from the demo customers. */
export interface CustomersState {
  /** The customer with this id, as a cart or order names it; null when there is none. */
  lookupCustomer(
    id: number,
  ): { id: number; email: string; customerGroupId: number; firstName: string; lastName: string } | null;
}

export function seedCustomers(): CustomersState {
  return { lookupCustomer: () => null };
}
