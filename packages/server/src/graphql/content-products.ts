import type { SeedContentProduct } from '@piste/commerce';

export type ContentProduct = SeedContentProduct;
export type CommerceRegionKey = keyof ContentProduct['bc_products'];

/** The content half of products (spec §3 'Content product'), looked up by uid or commerce id. */
export interface ContentProductSource {
  list(): readonly ContentProduct[];
  findByUid(uid: string): ContentProduct | undefined;
  findByCommerceId(region: CommerceRegionKey, id: number): ContentProduct | undefined;
}
