/** The fake's catalog records, seeded from the demo data. */
export interface CatalogState {
  readonly seeded: boolean;
}

export function seedCatalog(): CatalogState {
  return { seeded: true };
}
