import { describe, expect, it, vi } from 'vitest';
import type { AppLoadContext } from 'react-router';
import type { MainNavEntry, ProductCategoryEntry } from '@piste/content';
import { resolveLocaleState } from '@piste/core';
import { SearchClientError, type SearchOptions, type SearchResponse } from '@piste/search';
import { loadSearchPage, priceListOf } from './search-page.server';

const enUs = resolveLocaleState({ locale: 'en-us' });

function response(fields: Partial<SearchResponse> & { total?: number } = {}): SearchResponse {
  const { total = 0, ...rest } = fields;
  return {
    meta: {
      alerts: [],
      warnings: [],
      precision: 2,
      page: { current: 1, size: 24, total_pages: Math.ceil(total / 24), total_results: total },
      engine: { name: 'piste', type: 'default' },
      request_id: 'request-1',
    },
    results: [],
    facets: {},
    ...rest,
  };
}

const category = (url: string, title: string, regions = ['us']) =>
  ({ uid: url, url, title, display_title: title, regions }) as unknown as ProductCategoryEntry;

const navItem = (uid: string, href: string, regions = ['us']) =>
  ({
    uid,
    locale: 'en-us',
    regions,
    link: { title: uid, type: 'internal_path', href },
    columns: [],
  }) as unknown as MainNavEntry;

/** A load context with just what the search page reads; each test replaces what it is about. */
function contextWith({
  multiSearch = vi.fn(async (queries: { query: string; options?: SearchOptions }[]) => queries.map(() => response())),
  querySuggestion = vi.fn(async () => ({
    results: { documents: [] as { suggestion: string }[] },
    meta: { request_id: 'x' },
  })),
  popularQueries = vi.fn(async () => [] as string[]),
} = {}) {
  const context = {
    customer: null,
    shopper: { region: { id: 'us', priceListRegion: 'us' } },
    services: {
      store: {
        listCurrencies: async () => ({
          data: [{ token: '$', decimal_token: '.', thousands_token: ',', decimal_places: 2, token_location: 'left' }],
        }),
      },
      search: {
        client: { multiSearch, querySuggestion },
        browser: { endpointBase: '/api/search/api/as/v1', engineName: 'piste', searchKey: 'key', hosted: false },
        clicks: { popularQueries },
      },
      content: {
        client: {
          productCategories: async () => [
            category('/goggles', 'Goggles'),
            category('/goggles/spherical', 'Spherical'),
            category('/helmets', 'Helmets'),
            category('/snowshoes', 'Snowshoes', ['eu']),
          ],
          searchMenus: async () => ({
            main_menu: [navItem('nav-goggles', '/c/goggles'), navItem('nav-eu-only', '/c/eu', ['eu'])],
            sidebar_menu: [navItem('nav-team', '/team'), { uid: 'unresolved', _content_type_uid: 'main_nav' }],
          }),
        },
      },
    },
  };
  return { context: context as unknown as AppLoadContext, multiSearch, querySuggestion, popularQueries };
}

const params = (query: string) => new URLSearchParams(query);

describe('loadSearchPage', () => {
  it('offers the region’s top categories as popular searches before any click, and the search menus', async () => {
    const { context, multiSearch, popularQueries } = contextWith();
    const page = await loadSearchPage(context, enUs, params(''));
    expect(multiSearch).not.toHaveBeenCalled();
    expect(popularQueries).toHaveBeenCalledWith('piste', 6, { tag: 'locale:en-us' });
    expect(page.results).toBeNull();
    expect(page.ideas).toEqual({
      popular: ['goggles', 'helmets'],
      shopLinks: [{ href: '/en-us/c/goggles', external: false, label: 'nav-goggles' }],
      exploreLinks: [{ href: '/en-us/team', external: false, label: 'nav-team' }],
    });
  });

  it('puts the most clicked queries first, and fills the list up with the top categories', async () => {
    const { context } = contextWith({ popularQueries: vi.fn(async () => ['mips helmet', 'goggle lenses']) });
    const page = await loadSearchPage(context, enUs, params(''));
    // One click must not shrink the list to one term.
    expect(page.ideas?.popular).toEqual(['mips helmet', 'goggle lenses', 'goggles', 'helmets']);
  });

  it('names a clicked category once, and keeps the list to six terms', async () => {
    const clicked = ['helmets', 'a', 'b', 'c', 'd'];
    const { context } = contextWith({ popularQueries: vi.fn(async () => clicked) });
    const page = await loadSearchPage(context, enUs, params(''));
    expect(page.ideas?.popular).toEqual(['helmets', 'a', 'b', 'c', 'd', 'goggles']);
  });

  it('says search is unavailable instead of failing when the engine does (spec §8)', async () => {
    const multiSearch = vi.fn(async () => {
      throw new SearchClientError(503, ['Service unavailable']);
    });
    const { context } = contextWith({ multiSearch });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const page = await loadSearchPage(context, enUs, params('q=goggles'));
    expect(page).toMatchObject({ unavailable: true, results: null });
    expect(page.ideas?.popular).toEqual(['goggles', 'helmets']);
    expect(console.error).toHaveBeenCalledWith('[search] Search failed', expect.any(SearchClientError));
  });

  it('offers a respelling when the query finds no products, with ways in', async () => {
    const querySuggestion = vi.fn(async () => ({
      results: { documents: [{ suggestion: 'snowboard' }] },
      meta: { request_id: 'x' },
    }));
    const { context } = contextWith({ querySuggestion });
    const page = await loadSearchPage(context, enUs, params('q=snowbord'));
    expect(page.results).toMatchObject({ total: 0, products: [], content: [], suggestion: 'snowboard' });
    expect(page.ideas).not.toBeNull();
    expect(querySuggestion).toHaveBeenCalledWith('snowbord', {
      size: 1,
      filters: { all: [{ locale: 'en-us' }, { regions: 'us' }] },
    });
  });

  it('does not respell a query whose few results come from the shopper’s filters', async () => {
    const { context, querySuggestion } = contextWith();
    const page = await loadSearchPage(context, enUs, params('q=goggles&colour=Sage'));
    expect(querySuggestion).not.toHaveBeenCalled();
    expect(page.results?.suggestion).toBeNull();
    expect(page.ideas).toBeNull();
  });

  it('asks for each chosen facet group’s counts, and for content on the first page only', async () => {
    const { context, multiSearch } = contextWith();
    await loadSearchPage(context, enUs, params('q=goggles&colour=Sage&size=M&page=2'));
    const queries = multiSearch.mock.calls[0]![0];
    expect(queries.map(({ options }) => Object.keys(options?.facets ?? {}))).toEqual([
      ['category', 'colours', 'sizes', 'price_us', 'in_stock'],
      ['colours'],
      ['sizes'],
    ]);

    await loadSearchPage(context, enUs, params('q=goggles'));
    const firstPage = multiSearch.mock.calls[1]![0];
    expect(firstPage).toHaveLength(2);
    expect(firstPage[1]!.options?.filters).toEqual({
      all: [{ type: ['page', 'blog_post', 'support', 'athlete'] }, { locale: 'en-us' }, { regions: 'us' }],
    });
  });
});

describe('priceListOf', () => {
  it('is the shopper’s price list in a country with a shop, and none where content prices show', () => {
    expect(priceListOf(enUs, 'us')).toBe('us');
    expect(priceListOf(resolveLocaleState({ locale: 'de-de' }), 'eu_region_1')).toBe('eu_region_1');
    expect(priceListOf(resolveLocaleState({ locale: 'ja-jp' }), 'us')).toBeNull();
    expect(priceListOf(enUs, 'pro')).toBeNull();
  });
});
