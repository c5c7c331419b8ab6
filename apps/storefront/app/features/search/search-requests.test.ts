import { describe, expect, it } from 'vitest';
import type { SearchResponse } from '@piste/search';
import { priceRangesFor } from './price-ranges';
import { parseSearchQuery } from './search-query';
import {
  contentSearchOptions,
  facetCountOptions,
  productSearchOptions,
  selectedFacetGroups,
  type SearchScope,
} from './search-requests';
import { contentResults, productHits, searchFacets } from './search-response';

const scope: SearchScope = {
  locale: 'de',
  region: 'eu',
  priceField: 'price_eu_region_1',
  decimalPlaces: 2,
  priceRanges: priceRangesFor('eu_region_1'),
};
const parse = (query: string) => parseSearchQuery(new URLSearchParams(query));

describe('productSearchOptions', () => {
  it('limits products to the shopper’s locale and region and applies every chosen filter', () => {
    const options = productSearchOptions(parse('q=brille&colour=Sage&size=M&min=50&max=99&instock=1&page=2'), scope);
    expect(options.filters).toEqual({
      all: [
        { type: 'product' },
        { locale: 'de' },
        { regions: 'eu' },
        { colours: ['Sage'] },
        { sizes: ['M'] },
        { price_eu_region_1: { from: 5000, to: 10000 } },
        { in_stock: 'true' },
      ],
    });
    expect(options.page).toEqual({ size: 24, current: 2 });
    expect(Object.keys(options.facets ?? {})).toEqual([
      'category',
      'colours',
      'sizes',
      'price_eu_region_1',
      'in_stock',
    ]);
    expect(options.sort).toBeUndefined();
  });

  it('sorts by the price list’s field, newest first or by name', () => {
    expect(productSearchOptions(parse('sort=price-desc'), scope).sort).toEqual({ price_eu_region_1: 'desc' });
    expect(productSearchOptions(parse('sort=newest'), scope).sort).toEqual({ updated_at: 'desc' });
    expect(productSearchOptions(parse('sort=name'), scope).sort).toEqual({ title: 'asc' });
  });

  it('has no price facet, filter or sort without a price list', () => {
    const options = productSearchOptions(parse('min=10&sort=price-asc'), { ...scope, priceField: null });
    expect(Object.keys(options.facets ?? {})).not.toContain('price_eu_region_1');
    expect(JSON.stringify(options.filters)).not.toContain('price');
    expect(options.sort).toBeUndefined();
  });
});

describe('facet counts', () => {
  it('counts a chosen group without its own selection but with the others', () => {
    const query = parse('colour=Sage&colour=Navy&size=M');
    expect(selectedFacetGroups(query, scope)).toEqual(['colours', 'sizes']);
    const options = facetCountOptions(query, scope, 'colours')!;
    expect(options.filters).toEqual({
      all: [{ type: 'product' }, { locale: 'de' }, { regions: 'eu' }, { sizes: ['M'] }],
    });
    expect(Object.keys(options.facets ?? {})).toEqual(['colours']);
  });

  it('merges the counts: chosen groups from their own query, chosen values first and kept at zero', () => {
    const response = (facets: SearchResponse['facets']): SearchResponse =>
      ({ meta: {}, results: [], facets }) as unknown as SearchResponse;
    const products = response({
      category: [{ type: 'value', data: [{ value: 'Goggles', count: 3 }] }],
      colours: [{ type: 'value', data: [{ value: 'Sage', count: 3 }] }],
      sizes: [{ type: 'value', data: [] }],
      price_eu_region_1: [
        {
          type: 'range',
          data: [
            { name: '50-99', count: 2, from: 5000, to: 10000 },
            { name: '-49', count: 0 },
          ],
        },
      ],
      in_stock: [{ type: 'value', data: [{ value: 'true', count: 2 }] }],
    });
    const colourCounts = response({
      colours: [
        {
          type: 'value',
          data: [
            { value: 'Sage', count: 3 },
            { value: 'Navy', count: 5 },
          ],
        },
      ],
    });
    const query = parse('colour=Sage&colour=Gone&min=50&max=99');
    const facets = searchFacets(products, new Map([['colours', colourCounts]]), query, scope);
    expect(facets.colours).toEqual([
      { value: 'Sage', count: 3, selected: true },
      { value: 'Gone', count: 0, selected: true },
      { value: 'Navy', count: 5, selected: false },
    ]);
    expect(facets.categories).toEqual([{ value: 'Goggles', count: 3, selected: false }]);
    expect(facets.prices).toEqual([{ min: 50, max: 99, count: 2, selected: true }]);
    expect(facets.inStockCount).toBe(2);
  });
});

describe('results', () => {
  const result = (id: string, fields: Record<string, { raw?: unknown; snippet?: string | null }>) => ({
    _meta: { id, engine: 'piste', score: 1 },
    ...fields,
  });

  it('reads product uids and document ids in the engine’s order', () => {
    const response = {
      results: [
        result('product-b-de', { uid: { raw: 'b' } }),
        result('x', {}),
        result('product-a-de', { uid: { raw: 'a' } }),
      ],
    } as unknown as SearchResponse;
    expect(productHits(response)).toEqual([
      { uid: 'b', documentId: 'product-b-de' },
      { uid: 'a', documentId: 'product-a-de' },
    ]);
  });

  it('reads content results with their snippets, skipping what cannot be linked', () => {
    const response = {
      results: [
        result('support-returns-de', {
          type: { raw: 'support' },
          url: { raw: '/support/returns' },
          title: { raw: 'Returns', snippet: '<em>Returns</em>' },
          description: { snippet: null },
        }),
        result('page-x', { type: { raw: 'page' }, url: { raw: 'javascript:alert(1)' }, title: { raw: 'X' } }),
        result('product-y', { type: { raw: 'product' }, url: { raw: '/p/y' }, title: { raw: 'Y' } }),
      ],
    } as unknown as SearchResponse;
    expect(contentResults(response)).toEqual([
      {
        documentId: 'support-returns-de',
        type: 'support',
        url: '/support/returns',
        title: 'Returns',
        titleHtml: '<em>Returns</em>',
        excerptHtml: null,
      },
    ]);
  });

  it('asks for highlighted titles and excerpts of content in the shopper’s scope', () => {
    const options = contentSearchOptions(scope);
    expect(options.filters).toEqual({
      all: [{ type: ['page', 'blog_post', 'support', 'athlete'] }, { locale: 'de' }, { regions: 'eu' }],
    });
    expect(options.result_fields?.description).toEqual({ snippet: { size: 180, fallback: true } });
  });
});
