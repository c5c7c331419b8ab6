import { CONTENT_REGIONS } from '@piste/core';
import type { ContentProduct, ContentProductSource } from './content-products';

/** Spec §3 'Error page content'; `products` are the entry's picks, before region and stock checks. */
export interface ErrorPageContent {
  title: string;
  regions: string[];
  header: string;
  main_content: string;
  link_text: string;
  product_header: string;
  automated_related_products: { category: { uid: string; bcId: number | null } }[];
  products: readonly ContentProduct[];
  banner: { uid: string; title: string; content: string | null } | null;
  product_recommendation_page: { header: string; main_content: string };
}

export type ErrorPageContentProvider = (locale: string) => Promise<ErrorPageContent>;

/**
 * SEAM: until the content service (issue 6) stores the error page entry, every locale gets
 * this built-in English page, offering the whole demo catalogue as picks (the resolver shows
 * the first few in stock in the region). The content issue replaces this provider with the
 * localised entry.
 */
export function builtInErrorPageContent(contentProducts: ContentProductSource): ErrorPageContentProvider {
  return async () => ({
    title: 'Page not found',
    regions: [...CONTENT_REGIONS],
    header: 'Sorry, we can’t find that page',
    main_content: 'The page you are looking for may have moved or no longer exists.',
    link_text: 'Return to homepage',
    product_header: 'You might like',
    automated_related_products: [],
    products: contentProducts.list(),
    banner: null,
    product_recommendation_page: {
      header: 'Product Not Available',
      main_content: 'This product is no longer available. Here are some alternatives you might like.',
    },
  });
}
