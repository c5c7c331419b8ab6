import { data } from 'react-router';
import { CATEGORY_SORTS, type CategoryFacets, type CategorySort } from '@piste/commerce/server';
import { createAttributeValueLabel, sortAttributeOptions, visibleSpecs } from '@piste/content';
import { isDomainError, type LocaleState } from '@piste/core';
import { currencyFormatFor } from './currency.server';
import { productIdsNotSoldIn, toProductCards, type ProductCardReads } from './product-card.server';
import type { ProductCardView } from './product-card-view';
import type { CurrencyFormatView } from '../../lib/money';
import type { LoadContextOf } from '@piste/server/load-context';
import type { CurrencyReads } from './region-currencies.server';

/** What a category page reads: the category's content, its listing, cards in the shopper's prices. */
type CategoryPageReads = ProductCardReads & CurrencyReads & LoadContextOf<'catalogue' | 'content', 'shopper'>;

export const CATEGORY_PAGE_SIZE = 24;
/** Category url paths as the catalogue writes them (`goggles/spherical`); anything else cannot exist. */
const CATEGORY_PATH = /^[a-z0-9-]{1,60}(\/[a-z0-9-]{1,60}){0,4}$/;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
const MAX_FILTER_VALUES = 20;

/** The filters and sort of a category page, as kept in its URL query so it can be shared. */
export interface CategoryFilters {
  colours: string[];
  sizes: string[];
  /** `attr=Name:Value` pairs, grouped by attribute name. */
  attributes: { name: string; values: string[] }[];
  /** Whole currency units, as a shopper types them. */
  min: number | null;
  max: number | null;
  inStock: boolean;
  sort: CategorySort;
  page: number;
}

function wholeNumber(value: string | null, max: number): number | null {
  if (value === null || !/^\d{1,7}$/.test(value.trim())) return null;
  const parsed = Number(value);
  return parsed <= max ? parsed : null;
}

/** Reads the query leniently: a value a shopper (or an old link) got wrong is dropped, never a 500. */
export function parseCategoryFilters(searchParams: URLSearchParams): CategoryFilters {
  const values = (name: string) =>
    [
      ...new Set(
        searchParams
          .getAll(name)
          .map((value) => value.trim())
          .filter((value) => value && value.length <= 60 && !CONTROL_CHARACTERS.test(value)),
      ),
    ].slice(0, MAX_FILTER_VALUES);
  const sort = searchParams.get('sort');
  const attributes = new Map<string, { name: string; values: string[] }>();
  for (const pair of values('attr')) {
    const separator = pair.indexOf(':');
    const name = pair.slice(0, separator).trim();
    const value = pair.slice(separator + 1).trim();
    if (separator < 1 || value === '') continue;
    const key = name.toLowerCase();
    const attribute = attributes.get(key) ?? { name, values: [] };
    attribute.values.push(value);
    attributes.set(key, attribute);
  }
  return {
    colours: values('colour'),
    sizes: values('size'),
    attributes: [...attributes.values()],
    min: wholeNumber(searchParams.get('min'), 1_000_000),
    max: wholeNumber(searchParams.get('max'), 1_000_000),
    inStock: searchParams.get('instock') === '1',
    sort: (CATEGORY_SORTS as readonly string[]).includes(sort ?? '') ? (sort as CategorySort) : 'featured',
    page: wholeNumber(searchParams.get('page'), 10_000) || 1,
  };
}

export interface CategoryPageData {
  title: string;
  description: string;
  path: string;
  products: ProductCardView[];
  total: number;
  pageCount: number;
  filters: CategoryFilters;
  facets: Omit<CategoryFacets, 'attributes'> & {
    attributes: { name: string; values: { value: string; label: string; count: number }[] }[];
  };
  currency: CurrencyFormatView | null;
}

export async function loadCategoryPage(
  context: CategoryPageReads,
  localeState: LocaleState,
  path: string,
  searchParams: URLSearchParams,
): Promise<CategoryPageData> {
  const categoryPath = path.replace(/^\/+|\/+$/g, '');
  if (!CATEGORY_PATH.test(categoryPath)) throw data(null, { status: 404 });
  const filters = parseCategoryFilters(searchParams);
  const { shopper } = context;
  const currency = await currencyFormatFor(context, shopper, localeState.locale);
  const decimals = 10 ** (currency?.decimal_places ?? 2);
  // The category's copy comes from content (spec §3 'Product category'); the commerce name stands in without it.
  const { client } = context.services.content;
  const categoryContent = client.productCategory(localeState.contentLocale, `/${categoryPath}`);
  // Attribute facets follow the product page's rules: hidden attributes never show, the rest in the editors' order.
  const attributeRules = Promise.all([
    client.hiddenProductAttributes(localeState.contentLocale, localeState.ctsRegion),
    client.productAttributeSorting(localeState.contentLocale),
    client.productAttributeValues(localeState.contentLocale),
  ]);
  const page = await context.services.catalogue
    .categoryPage(shopper, {
      path: categoryPath,
      hiddenProductIds: await productIdsNotSoldIn(context, localeState, shopper),
      colours: filters.colours,
      sizes: filters.sizes,
      attributes: filters.attributes,
      minPriceMinor: filters.min === null ? undefined : filters.min * decimals,
      maxPriceMinor: filters.max === null ? undefined : (filters.max + 1) * decimals - 1,
      inStockOnly: filters.inStock,
      sort: filters.sort,
      page: filters.page,
      limit: CATEGORY_PAGE_SIZE,
    })
    .catch((error: unknown) => {
      if (isDomainError(error, 'NOT_FOUND')) throw data(null, { status: 404 });
      throw error;
    });
  const [content, [hidden, sorting, attributeValues]] = await Promise.all([categoryContent, attributeRules]);
  // Filters keep the commerce value (the URL's and the query's); the shopper reads it in their language.
  const valueLabel = createAttributeValueLabel(attributeValues);
  const attributes = visibleSpecs(page.facets.attributes, hidden, sorting).map((attribute) => {
    const order = sortAttributeOptions(
      attribute.name,
      attribute.values.map(({ value }) => value),
      sorting,
    );
    return {
      ...attribute,
      values: order.map((value) => {
        const facet = attribute.values.find((candidate) => candidate.value === value)!;
        return { ...facet, label: valueLabel(attribute.name, value) };
      }),
    };
  });
  return {
    title: content?.display_title || content?.title || page.category.name,
    description: content?.description || page.category.description,
    path: page.category.path,
    products: await toProductCards(context, localeState, shopper, page.products),
    total: page.total,
    pageCount: Math.max(1, Math.ceil(page.total / CATEGORY_PAGE_SIZE)),
    filters,
    facets: { ...page.facets, attributes },
    currency,
  };
}
