import type { MediaImage, SeoMeta } from '@piste/content';
import type { PageLayoutName } from '../../lib/page-layout';
import type { ProductCardView } from '../catalogue/product-card-view';
import type { CurrencyFormatView } from '../../lib/money';
import type { PageModuleView } from '../content/page-module-view';

/**
 * What the editorial pages show, built on the server from content entries. Paths are app paths
 * without the locale (`/blog/p/first-tracks`), for `LocaleLink`; rich text is already sanitized.
 */

/** A link to another editorial page. */
export interface EditorialLinkView {
  title: string;
  path: string;
}

export interface BlogCardView {
  uid: string;
  title: string;
  summary: string;
  path: string;
  hero: MediaImage | null;
  /** ISO date for `<time dateTime>`. */
  publishedDate: string;
  /** The date as the visitor's locale writes it, formatted on the server so hydration matches. */
  publishedLabel: string;
  readingMinutes: number;
  category: EditorialLinkView | null;
}

export interface BlogPostView extends BlogCardView {
  author: string;
  bodyHtml: string;
}

export interface SupportArticleSummaryView {
  uid: string;
  title: string;
  summary: string;
  path: string;
}

export interface SupportTopicView {
  topic: string;
  articles: SupportArticleSummaryView[];
}

export interface SupportArticleView {
  title: string;
  topic: string;
  summary: string;
  bodyHtml: string;
}

export interface AthleteView {
  uid: string;
  /** The id of the athlete's section on the team page. */
  anchor: string;
  name: string;
  discipline: string;
  hometown: string;
  quote: string;
  bioHtml: string;
  portrait: MediaImage | null;
  products: ProductCardView[];
}

/** A generic or landing page, ready to draw. */
export interface ContentPageView {
  title: string;
  /** Spec §2: the page picks its layout by name, default otherwise. */
  layout: PageLayoutName;
  /** A generic page's rich text, sanitized; '' for landing pages. */
  contentHtml: string;
  /** A generic page's banners, or a landing page's blocks. */
  modules: PageModuleView[];
  /** For product sliders. */
  currency: CurrencyFormatView | null;
  language: string;
  seo: SeoMeta | undefined;
}
