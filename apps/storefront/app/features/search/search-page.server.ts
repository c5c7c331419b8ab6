import { inRegion, resolvedReferences } from '@piste/content/server';
import type { ShopperContext } from '@piste/commerce';
import type { MainNavEntry, ReferenceField } from '@piste/content';
import type { LocaleState } from '@piste/core';
import { PRICE_LIST_REGIONS, priceFieldOf, type PriceListRegion, type SearchResponse } from '@piste/search';
import type { LoadContextOf } from '@piste/server/load-context';
import { currencyFormatFor } from '../catalogue/currency.server';
import { loadProductCardsByUids, type ProductCardReads } from '../catalogue/product-card.server';
import type { CurrencyReads } from '../catalogue/region-currencies.server';
import { chromeLink } from '../site-chrome/site-chrome.server';
import { didYouMean, FEW_RESULTS } from './did-you-mean';
import { priceRangesFor } from './price-ranges';
import { activeFilterCount, parseSearchQuery, type SearchQuery } from './search-query';
import {
  contentSearchOptions,
  facetCountOptions,
  localeTag,
  productSearchOptions,
  selectedFacetGroups,
  suggestionFilters,
  type FacetGroup,
  type SearchScope,
} from './search-requests';
import { contentResults, productHits, searchFacets } from './search-response';
import type { SearchIdeas, SearchPageData, SearchResultsData } from './search-page-view';

/** What the search page reads: the search engine, the content service, product cards in the shopper's prices. */
type SearchPageReads = LoadContextOf<'search' | 'content', 'shopper'> & ProductCardReads & CurrencyReads;

const POPULAR_QUERY_COUNT = 6;

/** The price list a shopper sees prices of; none in countries without a shop, where content prices show. */
export function priceListOf(localeState: LocaleState, priceListRegion: string): PriceListRegion | null {
  if (!localeState.shoppingRegion || priceFieldOf(priceListRegion) === null) return null;
  return PRICE_LIST_REGIONS.find((region) => region === priceListRegion) ?? null;
}

/** spec §2 `/{lang}/search`: products and content for the query in the URL, degrading to a message when search fails. */
export async function loadSearchPage(
  context: SearchPageReads,
  localeState: LocaleState,
  searchParams: URLSearchParams,
): Promise<SearchPageData> {
  const query = parseSearchQuery(searchParams);
  const { shopper } = context;
  const currency = await currencyFormatFor(context, shopper, localeState.locale);
  const priceList = priceListOf(localeState, shopper.region.priceListRegion);
  const scope: SearchScope = {
    locale: localeState.contentLocale,
    region: localeState.ctsRegion,
    priceField: priceList ? priceFieldOf(priceList) : null,
    decimalPlaces: currency?.decimal_places ?? 2,
    priceRanges: priceList ? priceRangesFor(priceList) : [],
  };
  const page = { query, currency, pricesApply: scope.priceField !== null, language: localeState.language };
  const answers = query.q === '' ? null : await searchEngine(context, query, scope);
  if (answers === 'unavailable') {
    return { ...page, results: null, unavailable: true, ideas: await loadSearchIdeas(context, localeState) };
  }
  const results = answers && (await readResults(context, localeState, shopper, query, scope, answers));
  // No products for the query itself (not for the shopper's filters): offer other ways in.
  const noProducts = !results || (results.total === 0 && activeFilterCount(query) === 0);
  return {
    ...page,
    results,
    unavailable: false,
    ideas: noProducts ? await loadSearchIdeas(context, localeState) : null,
  };
}

interface EngineAnswers {
  products: SearchResponse;
  /** Asked for on the first page only: content is a pointer beside the products, not paged with them. */
  content: SearchResponse | null;
  countsByGroup: Map<FacetGroup, SearchResponse>;
}

/** One round trip: the products, the counts of each facet the shopper narrowed by, and the content. */
async function searchEngine(
  context: SearchPageReads,
  query: SearchQuery,
  scope: SearchScope,
): Promise<EngineAnswers | 'unavailable'> {
  const counted = selectedFacetGroups(query, scope).flatMap((group) => {
    const options = facetCountOptions(query, scope, group);
    return options ? [{ group, options }] : [];
  });
  const withContent = query.page === 1;
  try {
    const [products, ...rest] = await context.services.search.client.multiSearch([
      { query: query.q, options: productSearchOptions(query, scope) },
      ...counted.map(({ options }) => ({ query: query.q, options })),
      ...(withContent ? [{ query: query.q, options: contentSearchOptions(scope) }] : []),
    ]);
    const content = withContent ? rest[counted.length] : null;
    if (!products || content === undefined) throw new Error('multi_search answered fewer queries than it was asked');
    const countsByGroup = new Map<FacetGroup, SearchResponse>();
    counted.forEach(({ group }, index) => rest[index] && countsByGroup.set(group, rest[index]));
    return { products, content, countsByGroup };
  } catch (error) {
    // spec §8: a search client failure is logged; the shopper gets a message, never a 500.
    console.error('[search] Search failed', error);
    return 'unavailable';
  }
}

async function readResults(
  context: SearchPageReads,
  localeState: LocaleState,
  shopper: ShopperContext,
  query: SearchQuery,
  scope: SearchScope,
  { products, content, countsByGroup }: EngineAnswers,
): Promise<SearchResultsData> {
  const hits = productHits(products);
  const documentIds = new Map(hits.map((hit) => [hit.uid, hit.documentId]));
  // Cards come from the catalogue, in the engine's order, so prices follow the shopper's region and group.
  const cards = await loadProductCardsByUids(
    context,
    localeState,
    shopper,
    hits.map((hit) => hit.uid),
  );
  const total = products.meta.page.total_results;
  return {
    requestId: products.meta.request_id,
    contentRequestId: content?.meta.request_id ?? '',
    products: cards.map((card) => ({ ...card, documentId: documentIds.get(card.uid) ?? '' })),
    total,
    pageCount: Math.max(1, products.meta.page.total_pages),
    facets: searchFacets(products, countsByGroup, query, scope),
    content: content ? contentResults(content) : [],
    // Few results because of the shopper's own filters is no reason to respell the query.
    suggestion:
      total < FEW_RESULTS && activeFilterCount(query) === 0 ? await respelling(context, query.q, scope, total) : null,
  };
}

/** The first query suggestion, when it corrects rather than completes the query; none if suggestions fail. */
async function respelling(
  context: SearchPageReads,
  q: string,
  scope: SearchScope,
  total: number,
): Promise<string | null> {
  const answer = await context.services.search.client
    .querySuggestion(q, { size: 1, filters: suggestionFilters(scope) })
    .catch(() => null);
  return didYouMean(
    q,
    total,
    (answer?.results.documents ?? []).map((document) => document.suggestion),
  );
}

/**
 * Popular searches (the most clicked queries in this locale first, then the catalogue's top
 * categories, up to six terms), and the editors' search menus (spec §7 'search').
 */
async function loadSearchIdeas(context: SearchPageReads, localeState: LocaleState): Promise<SearchIdeas> {
  const { contentLocale, ctsRegion, locale } = localeState;
  const { search, content } = context.services;
  const [clicked, categories, menus] = await Promise.all([
    search.clicks
      .popularQueries(search.browser.engineName, POPULAR_QUERY_COUNT, { tag: localeTag(contentLocale) })
      .catch(() => []),
    content.client.productCategories(contentLocale),
    content.client.searchMenus(contentLocale),
  ]);
  const topCategories = inRegion(categories, ctsRegion)
    .filter((category) => /^\/[^/]+$/.test(category.url))
    .map((category) => category.title.trim().toLocaleLowerCase(localeState.language))
    .filter((title) => title !== '');
  const links = (field: ReferenceField<MainNavEntry>) =>
    inRegion(resolvedReferences(field), ctsRegion).flatMap((item) => chromeLink(item.link, locale) ?? []);
  return {
    // Clicked queries lead, the categories fill the rest: one click must not leave a list of one.
    popular: [...new Set([...clicked, ...topCategories])].slice(0, POPULAR_QUERY_COUNT),
    shopLinks: menus ? links(menus.main_menu) : [],
    exploreLinks: menus ? links(menus.sidebar_menu) : [],
  };
}
