import type { CategoryFacets, CategoryListing, CategoryListingQuery } from '@piste/commerce';

/**
 * A category page computed in memory from the category's products: the same filters, sorts,
 * facets and paging as the embedded engine's SQL (packages/commerce/src/catalogue/category-listing.ts
 * and the upkeep of its counts in packages/db/migrations/0010_category_listing_upkeep.sql).
 */

/** What a category page reads of one of its products. */
export interface ListedProduct {
  id: number;
  name: string;
  sortOrder: number;
  isNew: boolean;
  createdAt: string;
  /** The cheapest sale-aware price of its variants in the region's price list; null when none is priced. */
  minPriceMinor: number | null;
  inStock: boolean;
  /** The option values its variants use. */
  optionValues: { optionType: string; optionName: string; label: string; hex: string[]; position: number }[];
  /** Its custom fields (attributes). */
  attributes: { name: string; value: string }[];
}

export type ListingQuery = Omit<CategoryListingQuery, 'categoryId' | 'priceListRegion' | 'hiddenProductIds'>;

/** An attribute is a useful filter when it tells products apart without listing every product. */
const MAX_ATTRIBUTE_FACET_VALUES = 6;

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** jsonb's text of a colour list, which breaks ties between spellings of one colour. */
const hexText = (hex: string[]) => `[${hex.map((value) => JSON.stringify(value)).join(', ')}]`;
const minText = (values: string[]) => values.reduce((least, value) => (compareText(value, least) < 0 ? value : least));

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

/** The first hex list by (label, hex text): what the embedded engine shows for a value spelt more than one way. */
function firstHex(entries: readonly { label: string; hex: string[] }[]): string[] {
  return [...entries].sort((a, b) => compareText(a.label, b.label) || compareText(hexText(a.hex), hexText(b.hex)))[0]!
    .hex;
}

const SORTS: Record<CategoryListingQuery['sort'], (a: ListedProduct, b: ListedProduct) => number> = {
  featured: (a, b) => a.sortOrder - b.sortOrder || a.id - b.id,
  newest: (a, b) => Number(b.isNew) - Number(a.isNew) || compareText(b.createdAt, a.createdAt) || b.id - a.id,
  'price-asc': (a, b) => comparePrices(a.minPriceMinor, b.minPriceMinor, 1) || a.id - b.id,
  'price-desc': (a, b) => comparePrices(a.minPriceMinor, b.minPriceMinor, -1) || a.id - b.id,
  name: (a, b) => compareText(a.name, b.name) || a.id - b.id,
};

/** Prices in the given direction, unpriced products last either way. */
function comparePrices(a: number | null, b: number | null, direction: 1 | -1): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return (a - b) * direction;
}

function hasOptionValue(product: ListedProduct, optionName: string, values: string[]): boolean {
  const wanted = new Set(values.map((value) => value.toLowerCase()));
  return product.optionValues.some((value) => value.optionName === optionName && wanted.has(value.label.toLowerCase()));
}

function matches(product: ListedProduct, query: ListingQuery): boolean {
  if (query.colours.length > 0 && !hasOptionValue(product, 'Colour', query.colours)) return false;
  if (query.sizes.length > 0 && !hasOptionValue(product, 'Size', query.sizes)) return false;
  for (const { name, values } of query.attributes ?? []) {
    const wanted = new Set(values.map((value) => value.toLowerCase()));
    const found = product.attributes.some(
      (attribute) => attribute.name.toLowerCase() === name.toLowerCase() && wanted.has(attribute.value.toLowerCase()),
    );
    if (!found) return false;
  }
  const price = product.minPriceMinor;
  if (query.minPriceMinor !== undefined && (price === null || price < query.minPriceMinor)) return false;
  if (query.maxPriceMinor !== undefined && (price === null || price > query.maxPriceMinor)) return false;
  return !query.inStockOnly || product.inStock;
}

/** One entry per product and value of an option type, as each product shows it. */
function productOptionFacet(products: readonly ListedProduct[], optionType: string) {
  return products.flatMap((product) =>
    [
      ...groupBy(
        product.optionValues.filter((value) => value.optionType === optionType),
        (value) => value.label.toLowerCase(),
      ),
    ].map(([key, values]) => ({
      key,
      label: minText(values.map((value) => value.label)),
      hex: firstHex(values),
      position: Math.min(...values.map((value) => value.position)),
    })),
  );
}

function facetsOf(products: readonly ListedProduct[]): CategoryFacets {
  const colours = [...groupBy(productOptionFacet(products, 'swatch'), (entry) => entry.key).values()]
    .map((entries) => ({
      label: minText(entries.map((entry) => entry.label)),
      hex: firstHex(entries),
      count: entries.length,
    }))
    .sort((a, b) => compareText(a.label, b.label));
  const sizes = [...groupBy(productOptionFacet(products, 'rectangles'), (entry) => entry.key).values()]
    .map((entries) => ({
      label: minText(entries.map((entry) => entry.label)),
      position: Math.min(...entries.map((entry) => entry.position)),
      count: entries.length,
    }))
    .sort((a, b) => a.position - b.position || compareText(a.label, b.label))
    .map(({ label, count }) => ({ label, count }));

  // Each product counts once per attribute value, however many fields spell it.
  const attributeEntries = products.flatMap((product) =>
    [
      ...groupBy(
        product.attributes,
        (field) => `${field.name.toLowerCase()}\u0000${field.value.toLowerCase()}`,
      ).values(),
    ].map((fields) => ({
      nameKey: fields[0]!.name.toLowerCase(),
      valueKey: fields[0]!.value.toLowerCase(),
      name: minText(fields.map((field) => field.name)),
      value: minText(fields.map((field) => field.value)),
    })),
  );
  const attributes = [...groupBy(attributeEntries, (entry) => entry.nameKey).values()]
    .map((entries) => {
      const values = [...groupBy(entries, (entry) => entry.valueKey).values()]
        .map((same) => ({ value: minText(same.map((entry) => entry.value)), count: same.length }))
        .sort((a, b) => compareText(a.value, b.value));
      return { name: minText(entries.map((entry) => entry.name)), values };
    })
    .filter(({ values }) => values.length >= 2 && values.length <= MAX_ATTRIBUTE_FACET_VALUES)
    .sort((a, b) => compareText(a.name, b.name));

  const prices = products.flatMap((product) => (product.minPriceMinor === null ? [] : [product.minPriceMinor]));
  return {
    colours,
    sizes,
    attributes,
    priceMinor: prices.length ? { min: Math.min(...prices), max: Math.max(...prices) } : null,
  };
}

/**
 * The page of a category's products that match the query, in its sort, with their total and the
 * facets of the whole category (so filters show what exists).
 */
export function listCategory(products: readonly ListedProduct[], query: ListingQuery): CategoryListing {
  const matching = products.filter((product) => matches(product, query)).sort(SORTS[query.sort]);
  const start = (query.page - 1) * query.limit;
  return {
    productIds: matching.slice(start, start + query.limit).map((product) => product.id),
    total: matching.length,
    facets: facetsOf(products),
  };
}
