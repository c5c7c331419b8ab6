/** The fake's store records, seeded from the demo data. */
export interface StoreState {
  readonly seeded: boolean;
}

export function seedStore(): StoreState {
  return { seeded: true };
}
