import { useMemo, useRef } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { skeletonCount } from '../lib/slider-config';
import { LocaleLink } from '../components/locale-link';
import { PageIntro } from '../components/page-intro';
import { FilterPanelToggle, useFilterPanel } from '../features/catalogue/filter-panel';
import { ListingPagination } from '../features/catalogue/listing-pagination';
import listing from '../features/catalogue/product-listing.module.css';
import { ProductCard } from '../features/catalogue/product-card';
import { ProductCardSkeleton } from '../features/catalogue/product-card-skeleton';
import { useListViewEvent } from '../features/catalogue/use-list-view-event';
import { ContentResults } from '../features/search/content-results';
import { DidYouMean } from '../features/search/did-you-mean-notice';
import { SearchBox } from '../features/search/search-box';
import { SearchFilters } from '../features/search/search-filters';
import { SearchIdeas } from '../features/search/search-ideas';
import { loadSearchPage } from '../features/search/search-page.server';
import { activeFilterCount, searchPath, withoutFilters } from '../features/search/search-query';
import { useReportSearchClick } from '../features/search/use-report-search-click';
import { useListAnalytics } from '../features/tracking/analytics';
import { pageTitle } from '../lib/brand';
import { translateFrom, useDisplayText } from '../lib/display-text';
import styles from './search.module.css';
import type { Route } from './+types/search';

export async function loader({ context, request }: Route.LoaderArgs) {
  const { localeState } = context;
  return loadSearchPage(context, localeState, new URL(request.url).searchParams);
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const t = translateFrom(matches[0]?.loaderData?.displayTexts);
  const q = data?.query.q ?? '';
  if (q === '') return [{ title: pageTitle(t('Search')) }];
  // Result lists are endless variations of the catalogue: no search engine should index them.
  return [
    { title: pageTitle(t('Search results for “{query}”', { query: q })) },
    { name: 'description', content: t('Gear, guides and stories matching “{query}” at Piste.', { query: q }) },
    { name: 'robots', content: 'noindex' },
  ];
};

/**
 * Spec §2 `/{lang}/search`: products for the query in the URL, with facets, sort and pages
 * kept in the URL as on category pages (all working without JavaScript), the content that
 * matched, and, when nothing did, a respelling and places to go instead.
 */
export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { query, results, unavailable, ideas, currency, pricesApply, language } = loaderData;
  const t = useDisplayText();
  const navigation = useNavigation();
  const location = useLocation();
  // A new query, filters, sort or page on this page: the grid is about to change.
  const loadingNewResults = navigation.state === 'loading' && navigation.location.pathname === location.pathname;
  const filterPanel = useFilterPanel();
  const resultsRef = useRef<HTMLElement>(null);
  const products = results?.products ?? [];
  const list = useMemo(() => ({ id: 'search_results', name: 'Search results' }), []);
  const analytics = useListAnalytics(list);
  useListViewEvent(resultsRef, products, analytics.enabled, analytics.viewed);
  const reportClick = useReportSearchClick(query.q);
  const filterCount = activeFilterCount(query);
  const showListing = results !== null && (results.total > 0 || filterCount > 0);
  const nothingFound = results !== null && results.total === 0 && results.content.length === 0 && filterCount === 0;

  return (
    <>
      <PageIntro title={t('Search')} />
      <SearchBox query={query.q} />
      {unavailable ? (
        <p className={styles.notice} role="status">
          {t('Search is not available right now. Please try again in a moment.')}
        </p>
      ) : null}
      {nothingFound ? (
        <section aria-labelledby="results-heading" className={styles.empty}>
          <h2 id="results-heading" className={styles.emptyHeading}>
            {t('No results for “{query}”', { query: query.q })}
          </h2>
          {results.suggestion ? <DidYouMean suggestion={results.suggestion} /> : null}
          <p>{t('Check the spelling, or try a more general word.')}</p>
        </section>
      ) : null}
      {results && !showListing && !nothingFound ? (
        <section aria-labelledby="results-heading" className={styles.empty}>
          <h2 id="results-heading" className={styles.emptyHeading}>
            {t('No products for “{query}”', { query: query.q })}
          </h2>
          {results.suggestion ? <DidYouMean suggestion={results.suggestion} /> : null}
        </section>
      ) : null}
      {showListing ? (
        <div className={listing.layout}>
          <FilterPanelToggle panel={filterPanel} activeCount={filterCount} />
          <SearchFilters
            id={filterPanel.id}
            className={filterPanel.className}
            query={query}
            facets={results.facets}
            currency={currency}
            pricesApply={pricesApply}
          />
          <section ref={resultsRef} aria-labelledby="results-heading" aria-busy={loadingNewResults}>
            <h2 id="results-heading" className={listing.resultCount}>
              {t('{count, plural, one {# result} other {# results}} for “{query}”', {
                count: results.total,
                query: query.q,
              })}
            </h2>
            {results.suggestion ? <DidYouMean suggestion={results.suggestion} /> : null}
            {/* While new results load, skeletons stand in for the grid (spec §4 'Product grid'). */}
            {loadingNewResults ? (
              <ul className={listing.grid}>
                {Array.from({ length: skeletonCount() }, (_, index) => (
                  <li key={index}>
                    <ProductCardSkeleton />
                  </li>
                ))}
              </ul>
            ) : products.length === 0 ? (
              <div className={listing.empty}>
                <p>{t('No products match these filters.')}</p>
                <LocaleLink to={searchPath(withoutFilters(query))} className="button-primary">
                  {t('Clear filters')}
                </LocaleLink>
              </div>
            ) : (
              <ul className={listing.grid}>
                {products.map((product, index) => (
                  <li key={product.uid}>
                    <ProductCard
                      product={product}
                      currency={currency}
                      language={language}
                      priority={index < 2}
                      onOpen={() => {
                        analytics.selected(product);
                        reportClick(product.documentId, results.requestId);
                      }}
                    />
                  </li>
                ))}
              </ul>
            )}
            <ListingPagination
              current={Math.min(query.page, results.pageCount)}
              pageCount={results.pageCount}
              pageHref={(page) => searchPath(query, { page })}
            />
          </section>
        </div>
      ) : null}
      {results ? (
        <ContentResults
          results={results.content}
          onOpen={(documentId) => reportClick(documentId, results.contentRequestId)}
        />
      ) : null}
      {ideas ? <SearchIdeas ideas={ideas} /> : null}
    </>
  );
}
