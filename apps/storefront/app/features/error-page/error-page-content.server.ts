import type { AppLoadContext } from 'react-router';
import { resolvedReferences, sanitizeRichText } from '@piste/content/server';
import type { LocaleState } from '@piste/core';
import { currencyFormatFor } from '../catalogue/currency.server';
import { loadRecommendedProducts } from '../catalogue/related-products.server';
import { toBannerView } from '../content/banner-view';
import type { ErrorPageContentView } from './error-page-content-view';

/**
 * The content-managed error page of the visitor's region (spec §3 'Error page content', §2
 * 'Error page'): the 404 copy, its banner only when it has a call to action, the 410 copy and
 * the recommended products. Without an entry for the region the copy is null and the page
 * keeps its built-in wording; the products are still suggested.
 */
export async function loadErrorPageContent(
  context: AppLoadContext,
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
  const banner = bannerEntry
    ? toBannerView(bannerEntry, localeState.locale, (id) => mediaMetadata.imageSetMembers(id), sanitizeRichText)
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
