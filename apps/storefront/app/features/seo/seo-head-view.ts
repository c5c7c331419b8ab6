/** What the root loader tells the document head about the page (seo-head.server.ts). */
export interface SeoHeadView {
  /** The path the links were made for: after a client navigation elsewhere they no longer apply. */
  pathname: string;
  /** PUBLIC_URL's origin, for absolute URLs in structured data. */
  origin: string;
  canonical: string | null;
  /**
   * hreflang → the page's URL in that locale, on `origin` (without it). One record of short
   * paths: this rides in every page's hydration data, 31 locales long (decision 029-e).
   */
  alternates: Record<string, string>;
  /** Home, categories, page: product and category pages only. */
  breadcrumbs: Array<{ name: string; url: string }>;
}

declare module '../../lib/root-data' {
  interface RootData {
    /** Canonical URL, hreflang alternates and breadcrumbs of the page (docs/seo.md). */
    seo: SeoHeadView;
  }
}
