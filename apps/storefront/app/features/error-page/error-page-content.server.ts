import { resolvedReferences, sanitizeRichText } from '@piste/content/server';
import type { LocaleState } from '@piste/core';
import { currencyFormatFor } from '../catalogue/currency.server';
import { loadRecommendedProducts, type RelatedProductReads } from '../catalogue/related-products.server';
import { toBannerView } from '../content/banner-view';
import { bannerMediaRequest } from '../content/page-module-view';
import type { ErrorPageContentView } from './error-page-content-view';
import type { LoadContextOf } from '@piste/server/load-context';
import type { CurrencyReads } from '../catalogue/region-currencies.server';

/** What the error page's content reads: its entry, media metadata, recommended products in the shopper's prices. */
export type ErrorPageContentReads = RelatedProductReads &
  CurrencyReads &
  LoadContextOf<'content' | 'mediaMetadata', 'shopper'>;

/**
 * The content-managed error page of the visitor's region (spec §3 'Error page content', §2
 * 'Error page'): the 404 copy, its banner only when it has a call to action, the 410 copy and
 * the recommended products. Without an entry for the region the copy is null and the page
 * keeps its built-in wording; the products are still suggested.
 */
export async function loadErrorPageContent(
  context: ErrorPageContentReads,
  localeState: LocaleState,
): Promise<ErrorPageContentView> {
  const { content, mediaMetadata } = context.services;
  const { shopper } = context;
  const [entry, products, currency] = await Promise.all([
    content.client.errorPage(localeState.contentLocale, localeState.ctsRegion),
    loadRecommendedProducts(context, localeState, shopper),
    currencyFormatFor(context, shopper, localeState.locale),
  ]);
  const [bannerEntry] = entry ? resolvedReferences(entry.banner) : [];
  // A plain banner here (no hotspots): only an image-set background needs its members.
  const mediaLookup = bannerEntry ? await mediaMetadata.lookup({ sets: bannerMediaRequest([bannerEntry]).sets }) : null;
  const banner =
    bannerEntry && mediaLookup
      ? toBannerView(bannerEntry, localeState.locale, (id) => mediaLookup.imageSetMembers(id), sanitizeRichText)
      : null;
  return {
    copy: entry && {
      header: entry.header,
      mainContentHtml: sanitizeRichText(entry.main_content),
      linkText: entry.link_text,
      productHeader: entry.product_header,
      // Spec §2: "a banner (only when it has a call to action)".
      banner: banner && banner.ctas.length > 0 ? banner : null,
      productRecommendation: {
        header: entry.product_recommendation_page.header,
        mainContentHtml: sanitizeRichText(entry.product_recommendation_page.main_content),
      },
    },
    products,
    currency,
    language: localeState.language,
  };
}
