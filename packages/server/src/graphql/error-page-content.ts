import { resolvedReferences, sanitizeRichText, type ContentClient } from '@piste/content/server';
import type { Region } from '@piste/core';
import type { ContentProduct } from './content-products';

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

/**
 * The region's error page entry for GetErrorPage, with its references resolved and its rich
 * text sanitized; null when the content service has none (or cannot be reached, spec §8).
 * `bcId` is the category's commerce id in the commerce region asked for.
 */
export async function loadErrorPageContent(
  client: ContentClient,
  contentLocale: string,
  ctsRegion: Region,
  commerceRegion: 'us' | 'ca' | 'eu_region_1',
): Promise<ErrorPageContent | null> {
  const entry = await client.errorPage(contentLocale, ctsRegion);
  if (!entry) return null;
  const [banner] = resolvedReferences(entry.banner);
  return {
    title: entry.title,
    regions: entry.regions,
    header: entry.header,
    main_content: sanitizeRichText(entry.main_content),
    link_text: entry.link_text,
    product_header: entry.product_header,
    automated_related_products: entry.automated_related_products.flatMap(({ category }) =>
      resolvedReferences(category).map((resolved) => ({
        category: { uid: resolved.uid, bcId: resolved.cat_ids_bc[commerceRegion] ?? null },
      })),
    ),
    products: resolvedReferences(entry.products),
    banner: banner ? { uid: banner.uid, title: banner.title, content: sanitizeRichText(banner.content) } : null,
    product_recommendation_page: {
      header: entry.product_recommendation_page.header,
      main_content: sanitizeRichText(entry.product_recommendation_page.main_content),
    },
  };
}
