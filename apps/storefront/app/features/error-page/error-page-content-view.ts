import type { ProductCardView } from '../catalogue/product-card-view';
import type { CurrencyFormatView } from '../../lib/money';
import type { BannerView } from '../content/banner-view';

/** The region's error page entry, ready to draw (rich text already sanitized on the server). */
export interface ErrorPageCopy {
  header: string;
  mainContentHtml: string;
  linkText: string;
  productHeader: string;
  banner: BannerView | null;
  /** The 410 'product no longer available' copy. */
  productRecommendation: { header: string; mainContentHtml: string };
}

/** What the error page shows besides its status: the content copy (null without it) and products to suggest. */
export interface ErrorPageContentView {
  copy: ErrorPageCopy | null;
  products: ProductCardView[];
  currency: CurrencyFormatView | null;
  language: string;
}
