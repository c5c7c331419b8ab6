import { useRef } from 'react';
import { Form, useLocation, useNavigation, useSubmit } from 'react-router';
import { skeletonCount } from '../lib/slider-config';
import type { CategorySort } from '@piste/commerce';
import { categorySurrogateKey, productSurrogateKey } from '@piste/core';
import { LocaleLink } from '../components/locale-link';
import { PageIntro } from '../components/page-intro';
import { loadCategoryPage } from '../features/catalogue/category-page.server';
import { ProductCard } from '../features/catalogue/product-card';
import { ProductCardSkeleton } from '../features/catalogue/product-card-skeleton';
import { categoryStructuredData } from '../features/seo/page-structured-data';
import { pageTitle } from '../lib/brand';
import { useListAnalytics } from '../features/tracking/analytics';
import { useDisplayText } from '../lib/display-text';
import { useListViewEvent } from '../features/catalogue/use-list-view-event';
import { FilterPanelToggle, useFilterPanel } from '../features/catalogue/filter-panel';
import { ListingPagination } from '../features/catalogue/listing-pagination';
import styles from '../features/catalogue/product-listing.module.css';
import type { Route } from './+types/category';

const SORT_LABELS: Record<CategorySort, string> = {
  featured: 'Featured',
  newest: 'Newest',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  name: 'Name',
};

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { localeState } = context;
  const page = await loadCategoryPage(context, localeState, params['*'] ?? '', new URL(request.url).searchParams);
  // A change to the category or a product listed purges the page from the CDN.
  context.surrogateKeys.add(categorySurrogateKey(page.path));
  for (const shown of page.products) context.surrogateKeys.add(productSurrogateKey(shown.commerceId));
  return { ...page, language: localeState.language };
}

export const meta: Route.MetaFunction = ({ data: page, matches, location }) =>
  page
    ? [
        { title: pageTitle(page.title) },
        { name: 'description', content: page.description },
        ...categoryStructuredData(matches, location.pathname),
      ]
    : [{ title: pageTitle('Shop') }];

/**
 * Spec §2 `/{lang}/c/{uid...}`: a product grid with filters and sort kept in the URL query, so a
 * filtered page can be shared and reloaded; the form and page links work without JavaScript.
 */
export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { title, description, path, products, total, pageCount, filters, facets, currency, language } = loaderData;
  const t = useDisplayText();
  const submit = useSubmit();
  const navigation = useNavigation();
  const location = useLocation();
  const pageLink = (page: number) => {
    const query = new URLSearchParams();
    for (const colour of filters.colours) query.append('colour', colour);
    for (const size of filters.sizes) query.append('size', size);
    for (const { name, values } of filters.attributes)
      for (const value of values) query.append('attr', `${name}:${value}`);
    if (filters.min !== null) query.set('min', String(filters.min));
    if (filters.max !== null) query.set('max', String(filters.max));
    if (filters.inStock) query.set('instock', '1');
    if (filters.sort !== 'featured') query.set('sort', filters.sort);
    if (page > 1) query.set('page', String(page));
    const search = query.toString();
    return `/c/${path}${search ? `?${search}` : ''}`;
  };
  // A navigation to this same category with other filters, sort or page.
  const loadingNewResults = navigation.state === 'loading' && navigation.location.pathname === location.pathname;
  const activeFilterCount =
    filters.colours.length +
    filters.sizes.length +
    filters.attributes.reduce((count, attribute) => count + attribute.values.length, 0) +
    (filters.min !== null || filters.max !== null ? 1 : 0) +
    (filters.inStock ? 1 : 0);
  // On narrow screens the filters fold away behind a toggle (open without JavaScript).
  const filterPanel = useFilterPanel();
  const resultsRef = useRef<HTMLElement>(null);
  const analytics = useListAnalytics({ id: `category_${path}`, name: title });
  useListViewEvent(resultsRef, products, analytics.enabled, analytics.viewed);

  return (
    <>
      <PageIntro eyebrow={t('Shop')} title={title}>
        {description}
      </PageIntro>
      <div className={styles.layout}>
        <FilterPanelToggle panel={filterPanel} activeCount={activeFilterCount} />
        <Form
          id={filterPanel.id}
          method="get"
          className={filterPanel.className}
          aria-label={t('Filter and sort')}
          onChange={(event) => submit(event.currentTarget, { preventScrollReset: true, replace: true })}
        >
          <label className={styles.sort}>
            {t('Sort by')}
            <select name="sort" defaultValue={filters.sort}>
              {Object.entries(SORT_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {t(label)}
                </option>
              ))}
            </select>
          </label>
          {facets.colours.length > 0 ? (
            <fieldset>
              <legend>{t('Colour')}</legend>
              <div className={styles.colourOptions}>
                {facets.colours.map((colour) => (
                  <label key={colour.label} className={styles.option}>
                    <input
                      type="checkbox"
                      name="colour"
                      value={colour.label.toLowerCase()}
                      defaultChecked={filters.colours.includes(colour.label.toLowerCase())}
                    />
                    <span className={styles.dot} style={{ background: colour.hex[0] ?? '#ccc' }} aria-hidden="true" />
                    {colour.label} <span className={styles.count}>({colour.count})</span>
                  </label>
                ))}
              </div>
            </fieldset>
          ) : null}
          {facets.sizes.length > 1 ? (
            <fieldset>
              <legend>{t('Size')}</legend>
              {facets.sizes.map((size) => (
                <label key={size.label} className={styles.option}>
                  <input
                    type="checkbox"
                    name="size"
                    value={size.label}
                    defaultChecked={filters.sizes.includes(size.label)}
                  />
                  {t(size.label)} <span className={styles.count}>({size.count})</span>
                </label>
              ))}
            </fieldset>
          ) : null}
          {facets.attributes.map((attribute) => {
            const chosen = filters.attributes.find(
              (candidate) => candidate.name.toLowerCase() === attribute.name.toLowerCase(),
            );
            const isChosen = (value: string) =>
              chosen?.values.some((candidate) => candidate.toLowerCase() === value.toLowerCase()) ?? false;
            return (
              <fieldset key={attribute.name}>
                <legend>{t(attribute.name)}</legend>
                {attribute.values.map(({ value, label, count }) => (
                  <label key={value} className={styles.option}>
                    <input
                      type="checkbox"
                      name="attr"
                      value={`${attribute.name}:${value}`}
                      defaultChecked={isChosen(value)}
                    />
                    {label} <span className={styles.count}>({count})</span>
                  </label>
                ))}
              </fieldset>
            );
          })}
          <fieldset className={styles.price}>
            <legend>{t('Price')}</legend>
            <label>
              {t('Min')}
              <input type="number" name="min" min={0} inputMode="numeric" defaultValue={filters.min ?? ''} />
            </label>
            <label>
              {t('Max')}
              <input type="number" name="max" min={0} inputMode="numeric" defaultValue={filters.max ?? ''} />
            </label>
          </fieldset>
          <label className={styles.option}>
            <input type="checkbox" name="instock" value="1" defaultChecked={filters.inStock} /> {t('In stock only')}
          </label>
          <button type="submit" className="button-secondary">
            {t('Apply')}
          </button>
          {activeFilterCount > 0 ? (
            <LocaleLink to={`/c/${path}`} className={styles.clear}>
              {t('Clear filters')}
            </LocaleLink>
          ) : null}
        </Form>
        <section ref={resultsRef} aria-labelledby="results-heading" aria-busy={loadingNewResults}>
          <h2 id="results-heading" className={styles.resultCount}>
            {t('{count, plural, one {# product} other {# products}}', { count: total })}
          </h2>
          {/* While new filters load, skeletons stand in for the grid (spec §4 'Product grid'). */}
          {loadingNewResults ? (
            <ul className={styles.grid}>
              {Array.from({ length: skeletonCount() }, (_, index) => (
                <li key={index}>
                  <ProductCardSkeleton />
                </li>
              ))}
            </ul>
          ) : products.length === 0 ? (
            <div className={styles.empty}>
              <p>{t('No products match these filters.')}</p>
              <LocaleLink to={`/c/${path}`} className="button-primary">
                {t('Show all {category}', { category: title.toLowerCase() })}
              </LocaleLink>
            </div>
          ) : (
            <ul className={styles.grid}>
              {products.map((product, index) => (
                <li key={product.uid}>
                  <ProductCard
                    product={product}
                    currency={currency}
                    language={language}
                    priority={index < 2}
                    onOpen={() => analytics.selected(product)}
                  />
                </li>
              ))}
            </ul>
          )}
          <ListingPagination current={filters.page} pageCount={pageCount} pageHref={pageLink} />
        </section>
      </div>
    </>
  );
}
