import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  MAX_QUERY_LENGTH,
  parseSearchQuery,
  searchPath,
  searchQueryString,
  withoutFilters,
} from './search-query';

const parse = (query: string) => parseSearchQuery(new URLSearchParams(query));

describe('parseSearchQuery', () => {
  it('reads the query, filters, sort and page', () => {
    expect(
      parse(
        'q=+goggles+&category=Goggles&colour=Stealth+Black&colour=Sage&size=M&min=50&max=99&instock=1&sort=price-asc&page=2',
      ),
    ).toEqual({
      q: 'goggles',
      categories: ['Goggles'],
      colours: ['Stealth Black', 'Sage'],
      sizes: ['M'],
      min: 50,
      max: 99,
      inStock: true,
      sort: 'price-asc',
      page: 2,
    });
  });

  it('starts empty, sorted by relevance, on page 1', () => {
    expect(parse('')).toEqual({
      q: '',
      categories: [],
      colours: [],
      sizes: [],
      min: null,
      max: null,
      inStock: false,
      sort: 'relevance',
      page: 1,
    });
  });

  it('drops what a shopper or an old link got wrong instead of failing', () => {
    const query = parse('sort=cheapest&page=-3&min=ten&max=1e9&instock=yes&colour=&colour=%00');
    expect(query).toMatchObject({ sort: 'relevance', page: 1, min: null, max: null, inStock: false, colours: [] });
  });

  it('caps the page at 100 (spec §9) and cuts a very long query', () => {
    expect(parse('page=250').page).toBe(100);
    expect(parse(`q=${'a'.repeat(500)}`).q).toHaveLength(MAX_QUERY_LENGTH);
  });

  it('removes control characters from the query and keeps each filter value once', () => {
    expect(parse('q=ski%0Ahelmet&size=M&size=M').q).toBe('ski helmet');
    expect(parse('size=M&size=M').sizes).toEqual(['M']);
  });

  it('reads a price range typed the wrong way round as the same range', () => {
    expect(parse('min=200&max=100')).toMatchObject({ min: 100, max: 200 });
  });
});

describe('searchQueryString and searchPath', () => {
  const query = parse('q=goggles&colour=Sage&min=50&max=99&sort=name&page=3');

  it('writes defaults nowhere and the rest in one order', () => {
    expect(searchQueryString(parse('q=helmet&sort=relevance&page=1'))).toBe('q=helmet');
    expect(searchQueryString(query)).toBe('q=goggles&colour=Sage&min=50&max=99&sort=name&page=3');
  });

  it('round-trips through the parser', () => {
    expect(parse(searchQueryString(query))).toEqual(query);
  });

  it('starts a change of filters on page 1, and keeps a page asked for', () => {
    expect(searchPath(query, { inStock: true })).toBe(
      '/search?q=goggles&colour=Sage&min=50&max=99&instock=1&sort=name',
    );
    expect(searchPath(query, { page: 4 })).toContain('page=4');
    expect(searchPath(parse(''))).toBe('/search');
  });

  it('clears every filter but keeps the query and sort', () => {
    expect(searchPath(withoutFilters(query))).toBe('/search?q=goggles&sort=name');
  });
});

describe('activeFilterCount', () => {
  it('counts each value, and a price range once', () => {
    expect(activeFilterCount(parse('colour=a&colour=b&size=M&min=10&max=20&instock=1&category=c'))).toBe(6);
    expect(activeFilterCount(parse('q=x&sort=name'))).toBe(0);
  });
});
