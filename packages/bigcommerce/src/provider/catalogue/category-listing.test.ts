import { describe, expect, it } from 'vitest';
import { listCategory, type ListedProduct, type ListingQuery } from './category-listing';

const colour = (label: string, hex: string[], position = 0) => ({
  optionType: 'swatch',
  optionName: 'Colour',
  label,
  hex,
  position,
});
const size = (label: string, position: number) => ({
  optionType: 'rectangles',
  optionName: 'Size',
  label,
  hex: [],
  position,
});

function product(id: number, overrides: Partial<ListedProduct> = {}): ListedProduct {
  return {
    id,
    name: `Product ${id}`,
    sortOrder: id,
    isNew: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    minPriceMinor: id * 1_000,
    inStock: true,
    optionValues: [],
    attributes: [],
    ...overrides,
  };
}

const query = (overrides: Partial<ListingQuery> = {}): ListingQuery => ({
  colours: [],
  sizes: [],
  inStockOnly: false,
  sort: 'featured',
  page: 1,
  limit: 10,
  ...overrides,
});

describe('a category page computed in memory', () => {
  const products = [
    product(1, {
      name: 'Zephyr',
      optionValues: [colour('Stealth Black', ['#000000']), size('M', 1), size('L', 2)],
      attributes: [{ name: 'Fit', value: 'Regular' }],
    }),
    product(2, {
      name: 'alpine',
      isNew: true,
      minPriceMinor: null,
      optionValues: [colour('stealth black', ['#111111']), size('S', 0)],
      attributes: [{ name: 'fit', value: 'Asian fit' }],
    }),
    product(3, {
      name: 'Boreal',
      inStock: false,
      optionValues: [colour('Ice White', ['#ffffff']), size('M', 1)],
      attributes: [{ name: 'Fit', value: 'regular' }],
    }),
  ];

  it('sorts each way, unpriced products last whatever the direction', () => {
    const ids = (sort: ListingQuery['sort']) => listCategory(products, query({ sort })).productIds;
    expect(ids('featured')).toEqual([1, 2, 3]);
    expect(ids('price-asc')).toEqual([1, 3, 2]);
    expect(ids('price-desc')).toEqual([3, 1, 2]);
    expect(ids('newest')).toEqual([2, 3, 1]);
    expect(ids('name')).toEqual([3, 1, 2]);
  });

  it('filters by colour, size and attribute regardless of case, and by stock and price', () => {
    const ids = (filters: Partial<ListingQuery>) => listCategory(products, query(filters)).productIds;
    expect(ids({ colours: ['STEALTH BLACK'] })).toEqual([1, 2]);
    expect(ids({ sizes: ['m'] })).toEqual([1, 3]);
    expect(ids({ attributes: [{ name: 'FIT', values: ['Regular'] }] })).toEqual([1, 3]);
    expect(ids({ inStockOnly: true })).toEqual([1, 2]);
    expect(ids({ minPriceMinor: 1_500 })).toEqual([3]);
    expect(ids({ maxPriceMinor: 1_500 })).toEqual([1]);
  });

  it('pages the matching products and counts them all', () => {
    const listing = listCategory(products, query({ limit: 2, page: 2 }));
    expect(listing).toMatchObject({ productIds: [3], total: 3 });
    expect(listCategory(products, query({ limit: 2, page: 3 })).productIds).toEqual([]);
  });

  it('counts facets over the whole category, whatever the filters', () => {
    const { facets } = listCategory(products, query({ colours: ['ice white'] }));
    expect(facets.colours).toEqual([
      { label: 'Ice White', hex: ['#ffffff'], count: 1 },
      { label: 'Stealth Black', hex: ['#000000'], count: 2 },
    ]);
    expect(facets.sizes).toEqual([
      { label: 'S', count: 1 },
      { label: 'M', count: 2 },
      { label: 'L', count: 1 },
    ]);
    expect(facets.attributes).toEqual([
      {
        name: 'Fit',
        values: [
          { value: 'Asian fit', count: 1 },
          { value: 'Regular', count: 2 },
        ],
      },
    ]);
    expect(facets.priceMinor).toEqual({ min: 1_000, max: 3_000 });
  });

  it('offers an attribute only when it tells 2 to 6 values apart', () => {
    const same = [1, 2].map((id) => product(id, { attributes: [{ name: 'Lens', value: 'Spherical' }] }));
    expect(listCategory(same, query()).facets.attributes).toEqual([]);
    const many = [1, 2, 3, 4, 5, 6, 7].map((id) => product(id, { attributes: [{ name: 'VLT', value: `${id}0%` }] }));
    expect(listCategory(many, query()).facets.attributes).toEqual([]);
  });

  it('answers an empty category with no price range', () => {
    expect(listCategory([], query())).toEqual({
      productIds: [],
      total: 0,
      facets: { colours: [], sizes: [], attributes: [], priceMinor: null },
    });
  });
});
