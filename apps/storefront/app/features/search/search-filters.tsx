import type { ChangeEvent, FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { formatCurrency } from '@piste/core';
import { LocaleLink } from '../../components/locale-link';
import { useDisplayText, type Translate } from '../../lib/display-text';
import { useLocalizePath } from '../../lib/locale';
import type { CurrencyFormatView } from '../../lib/money';
import listing from '../catalogue/product-listing.module.css';
import type { PriceRange } from './price-ranges';
import {
  activeFilterCount,
  parseSearchQuery,
  searchPath,
  withoutFilters,
  type SearchQuery,
  type SearchSort,
} from './search-query';
import type { FacetValueView, SearchFacetsView } from './search-response';
import styles from './search-filters.module.css';

const SORT_LABELS: Record<SearchSort, string> = {
  relevance: 'Relevance',
  newest: 'Newest',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  name: 'Name',
};

interface SearchFiltersProps {
  id: string;
  className?: string;
  query: SearchQuery;
  facets: SearchFacetsView;
  currency: CurrencyFormatView | null;
  /** Prices can be filtered and sorted by only where the shopper has a price list. */
  pricesApply: boolean;
}

/** "$50 – $99", "Under $50", "$300 and up": whole units, as the bands are cut. */
function priceRangeLabel({ min, max }: PriceRange, currency: CurrencyFormatView | null, t: Translate): string {
  const format = (amount: number) => formatCurrency(amount, { ...(currency ?? {}), decimal_places: 0 });
  if (min === null && max !== null) return t('Under {price}', { price: format(max + 1) });
  if (max === null && min !== null) return t('{price} and up', { price: format(min) });
  return `${format(min ?? 0)} – ${format(max ?? 0)}`;
}

/** `label` words a value for the shopper (a size such as One Size); the form keeps the value. */
function ValueFacet({
  legend,
  name,
  values,
  label = (value) => value,
}: {
  legend: string;
  name: string;
  values: FacetValueView[];
  label?: (value: string) => string;
}) {
  if (values.length === 0) return null;
  return (
    <fieldset>
      <legend>{legend}</legend>
      <div className={listing.colourOptions}>
        {values.map(({ value, count, selected }) => (
          <label key={value} className={listing.option}>
            <input type="checkbox" name={name} value={value} defaultChecked={selected} />
            <span>
              {label(value)} <span className={listing.count}>({count})</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The search page's facets and sort: a GET form that works without JavaScript and, with it,
 * applies each change at once. Price bands are links (each sets `min` and `max`); the min and
 * max boxes take any other range and apply on Enter or Apply, not at every keystroke.
 */
export function SearchFilters({ id, className, query, facets, currency, pricesApply }: SearchFiltersProps) {
  const t = useDisplayText();
  const navigate = useNavigate();
  const localize = useLocalizePath();

  // With JavaScript the URL is written in its short, canonical form (no empty `min=`).
  const apply = (form: HTMLFormElement) => {
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (typeof value === 'string') params.append(name, value);
    navigate(localize(searchPath(parseSearchQuery(params))), { preventScrollReset: true, replace: true });
  };
  const onChange = (event: ChangeEvent<HTMLFormElement>) => {
    if (event.target instanceof HTMLInputElement && event.target.type === 'number') return;
    apply(event.currentTarget);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(event.currentTarget);
  };

  return (
    <form
      id={id}
      method="get"
      className={className}
      aria-label={t('Filter and sort')}
      onChange={onChange}
      onSubmit={onSubmit}
    >
      <input type="hidden" name="q" value={query.q} />
      <label className={listing.sort}>
        {t('Sort by')}
        <select name="sort" defaultValue={query.sort}>
          {Object.entries(SORT_LABELS)
            .filter(([value]) => pricesApply || !value.startsWith('price'))
            .map(([value, label]) => (
              <option key={value} value={value}>
                {t(label)}
              </option>
            ))}
        </select>
      </label>
      <ValueFacet legend={t('Category')} name="category" values={facets.categories} />
      <ValueFacet legend={t('Colour')} name="colour" values={facets.colours} />
      <ValueFacet legend={t('Size')} name="size" values={facets.sizes} label={(size) => t(size)} />
      {pricesApply ? (
        <fieldset>
          <legend>{t('Price')}</legend>
          <ul className={styles.bands}>
            {facets.prices.map((band) => (
              <li key={`${band.min}-${band.max}`}>
                <LocaleLink
                  to={searchPath(query, band.selected ? { min: null, max: null } : { min: band.min, max: band.max })}
                  className={styles.band}
                  aria-current={band.selected ? 'true' : undefined}
                  preventScrollReset
                  replace
                >
                  <span className={styles.mark} aria-hidden="true" />
                  {priceRangeLabel(band, currency, t)} <span className={listing.count}>({band.count})</span>
                </LocaleLink>
              </li>
            ))}
          </ul>
          {/* Keyed on the range, so a band chosen by link shows in the boxes too. */}
          <div key={`${query.min}-${query.max}`} className={`${listing.price} ${styles.custom}`}>
            <label>
              {t('Min')}
              <input type="number" name="min" min={0} inputMode="numeric" defaultValue={query.min ?? ''} />
            </label>
            <label>
              {t('Max')}
              <input type="number" name="max" min={0} inputMode="numeric" defaultValue={query.max ?? ''} />
            </label>
          </div>
        </fieldset>
      ) : null}
      <label className={listing.option}>
        <input type="checkbox" name="instock" value="1" defaultChecked={query.inStock} /> {t('In stock only')}{' '}
        <span className={listing.count}>({facets.inStockCount})</span>
      </label>
      <button type="submit" className="button-secondary">
        {t('Apply')}
      </button>
      {activeFilterCount(query) > 0 ? (
        <LocaleLink to={searchPath(withoutFilters(query))} className={listing.clear}>
          {t('Clear filters')}
        </LocaleLink>
      ) : null}
    </form>
  );
}
