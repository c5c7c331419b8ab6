import type { ProductEntry } from '@piste/content';

/** The content half of a product (spec §3 'Content product'), as the content service stores it. */
export type ContentProduct = ProductEntry;
