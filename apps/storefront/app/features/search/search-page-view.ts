import type { ProductCardView } from '../catalogue/product-card-view';
import type { CurrencyFormatView } from '../../lib/money';
import type { ChromeLink } from '../site-chrome/site-chrome-view';
import type { SearchQuery } from './search-query';
import type { ContentResultView, SearchFacetsView } from './search-response';

/** What the search page draws, built on the server by search-page.server.ts. */

/** A product card with the engine's id for the document it came from, so a click on it can be reported. */
export type SearchProductView = ProductCardView & { documentId: string };

/** The engine answered: products for this page, their facets and the content that matched. */
export interface SearchResultsData {
  /** The engine's ids of the product and content searches, reported with clicks on their results. */
  requestId: string;
  contentRequestId: string;
  products: SearchProductView[];
  total: number;
  pageCount: number;
  facets: SearchFacetsView;
  content: ContentResultView[];
  /** A respelling of a query that found nothing or little ("Did you mean …?"). */
  suggestion: string | null;
}

/** What the shopper can try when there is nothing (yet) to show: popular searches and the editors' menus. */
export interface SearchIdeas {
  popular: string[];
  shopLinks: ChromeLink[];
  exploreLinks: ChromeLink[];
}

export interface SearchPageData {
  query: SearchQuery;
  /** null before a query, or when search is unavailable. */
  results: SearchResultsData | null;
  /** The engine failed (spec §8): the page says so instead of failing. */
  unavailable: boolean;
  /** Only when the query found no products (before filters), or there is no query yet. */
  ideas: SearchIdeas | null;
  currency: CurrencyFormatView | null;
  /** The shopper has a price list to filter and sort by (not where content prices show). */
  pricesApply: boolean;
  language: string;
}
