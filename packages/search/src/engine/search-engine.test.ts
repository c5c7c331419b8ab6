import { beforeEach, describe, expect, it } from 'vitest';
import type { SearchResponse, SearchResult } from '../app-search-types';
import { createSearchEngine, SearchRequestError, type SearchEngine } from './search-engine';
import { TEST_DOCUMENTS, testDocument } from '../../test/test-documents';

const EN = { locale: 'en-us' };
const DE = { locale: 'de' };

let engine: SearchEngine;

beforeEach(() => {
  engine = createSearchEngine({ name: 'piste' });
  engine.replaceAll(TEST_DOCUMENTS);
});

function ids(response: SearchResponse): string[] {
  return response.results.map((result) => result._meta.id);
}

function searchIds(body: object): string[] {
  return ids(engine.search(body));
}

function fieldOf(result: SearchResult | undefined, field: string): { raw?: unknown; snippet?: string | null } {
  return (result?.[field] ?? {}) as { raw?: unknown; snippet?: string | null };
}

function suggestions(body: object): string[] {
  return engine.querySuggestion(body).results.documents.map(({ suggestion }) => suggestion);
}

describe('text matching', () => {
  it('tolerates typos: gogles finds the goggles', () => {
    expect(searchIds({ query: 'gogles', filters: EN })).toEqual([
      'product-horizon-spherical-goggle-en-us',
      'product-strata-cylindrical-goggle-en-us',
      'product-outlook-otg-goggle-en-us',
      'blog_post-goggle-care-en-us',
    ]);
  });

  it('matches the word being typed as a prefix, but not a finished one', () => {
    expect(searchIds({ query: 'gog', filters: EN })).toHaveLength(4);
    expect(searchIds({ query: 'gog ', filters: EN })).toEqual([]);
    expect(searchIds({ query: 'bindin', filters: EN })).toHaveLength(2);
    expect(searchIds({ query: 'vanta m', filters: EN })).toEqual(['product-vanta-mips-helmet-en-us']);
  });

  it('stems: helmets and helmet find the same documents', () => {
    const helmet = searchIds({ query: 'helmet', filters: EN });
    expect(helmet).toHaveLength(4);
    expect(searchIds({ query: 'helmets', filters: EN })).toEqual(helmet);
  });

  it('stems German: Brille finds Brillen, Helme finds Helm', () => {
    expect(searchIds({ query: 'brille', filters: DE })).toEqual([
      'blog_post-brillen-pflege-de',
      'product-outlook-otg-goggle-de',
    ]);
    expect(searchIds({ query: 'Helme', filters: DE })).toEqual([
      'support-helmet-fit-de',
      'product-vanta-mips-helmet-de',
    ]);
  });

  it('ignores case and diacritics', () => {
    expect(searchIds({ query: 'HÉLMET', filters: EN })).toEqual(searchIds({ query: 'helmet', filters: EN }));
    expect(searchIds({ query: 'fur brillentrager', filters: DE })).toEqual(['product-outlook-otg-goggle-de']);
  });

  it('finds Japanese text by character pairs', () => {
    expect(searchIds({ query: 'ゴーグル', filters: { locale: 'ja' } })).toEqual(['page-goggles-ja']);
    expect(searchIds({ query: 'ゴー', filters: { locale: 'ja' } })).toEqual(['page-goggles-ja']);
  });

  it('needs every word, and takes any when no document has them all', () => {
    expect(searchIds({ query: 'red helmet', filters: EN })).toEqual(['product-vanta-mips-helmet-en-us']);
    expect(searchIds({ query: 'purple helmet', filters: EN })).toHaveLength(4);
    expect(searchIds({ query: 'purple xylophone', filters: EN })).toEqual([]);
  });

  it('searches only the search_fields given', () => {
    expect(searchIds({ query: 'magnets', filters: EN })).toEqual(['product-horizon-spherical-goggle-en-us']);
    expect(searchIds({ query: 'magnets', filters: EN, search_fields: { title: {} } })).toEqual([]);
    expect(searchIds({ query: 'helmet', filters: EN, search_fields: { category: { weight: 10 } } })).toEqual([
      'support-helmet-fit-en-us',
    ]);
  });

  it('searches every locale without a locale filter', () => {
    expect(searchIds({ query: 'vanta' })).toEqual(['product-vanta-mips-helmet-en-us', 'product-vanta-mips-helmet-de']);
  });
});

describe('relevance', () => {
  it('ranks an exact title first', () => {
    expect(searchIds({ query: 'helmets', filters: EN })[0]).toBe('page-helmets-en-us');
    expect(searchIds({ query: 'cub helmet', filters: EN })[0]).toBe('product-cub-helmet-en-us');
  });

  it('ranks an in-stock product above an equal one out of stock', () => {
    expect(searchIds({ query: 'binding', filters: EN })).toEqual([
      'product-kicker-binding-en-us',
      'product-meridian-binding-en-us',
    ]);
  });

  it('returns the score in _meta, highest first', () => {
    const scores = engine.search({ query: 'goggle', filters: EN }).results.map((result) => result._meta.score);
    expect(scores.every((score) => score > 0)).toBe(true);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });
});

describe('empty query', () => {
  it('matches every document the filter accepts, newest first, with score 0', () => {
    const response = engine.search({ query: '', filters: EN, page: { size: 100 } });
    expect(response.meta.page.total_results).toBe(10);
    expect(ids(response).slice(0, 3)).toEqual([
      'support-helmet-fit-en-us',
      'product-vanta-mips-helmet-en-us',
      'product-horizon-spherical-goggle-en-us',
    ]);
    // Equal dates go by id.
    expect(ids(response).slice(6, 8)).toEqual(['product-kicker-binding-en-us', 'product-meridian-binding-en-us']);
    expect(response.results.every((result) => result._meta.score === 0)).toBe(true);
  });

  it('keeps that order across locales', () => {
    expect(searchIds({ query: '', page: { size: 3 } })).toEqual([
      'support-helmet-fit-de',
      'support-helmet-fit-en-us',
      'product-vanta-mips-helmet-de',
    ]);
  });
});

describe('filters', () => {
  const matching = (filters: object) => searchIds({ query: '', filters, page: { size: 100 } }).sort();

  it('matches text values exactly, any of a list', () => {
    expect(matching({ all: [EN, { type: 'page' }] })).toEqual(['page-helmets-en-us']);
    expect(matching({ all: [EN, { type: ['page', 'support'] }] })).toEqual([
      'page-helmets-en-us',
      'support-helmet-fit-en-us',
    ]);
    expect(matching({ all: [EN, { type: 'Page' }] })).toEqual([]);
    expect(matching({ all: [EN, { in_stock: 'true' }, { type: 'product' }] })).toHaveLength(4);
  });

  it('matches an array field when any element matches', () => {
    expect(matching({ all: [EN, { colours: 'Red' }] })).toEqual([
      'product-strata-cylindrical-goggle-en-us',
      'product-vanta-mips-helmet-en-us',
    ]);
    expect(matching({ all: [EN, { regions: ['ca'] }, { type: 'product' }] })).toEqual([
      'product-cub-helmet-en-us',
      'product-horizon-spherical-goggle-en-us',
      'product-kicker-binding-en-us',
      'product-meridian-binding-en-us',
      'product-vanta-mips-helmet-en-us',
    ]);
  });

  it('takes number ranges from inclusive to exclusive, and exact numbers', () => {
    expect(matching({ price_us: { from: 14_000, to: 19_000 } })).toEqual([
      'product-horizon-spherical-goggle-en-us',
      'product-outlook-otg-goggle-en-us',
    ]);
    expect(matching({ price_us: { to: 9_000 } })).toEqual(['product-cub-helmet-en-us']);
    expect(matching({ price_us: [8_000, { from: 25_000 }] })).toEqual([
      'product-cub-helmet-en-us',
      'product-meridian-binding-en-us',
    ]);
  });

  it('never matches a range on a missing number', () => {
    expect(matching({ all: [DE, { price_us: { from: 0 } }] })).toEqual([]);
    expect(matching({ all: [DE, { none: [{ price_eu_region_1: { from: 0 } }] }] })).toEqual([
      'blog_post-brillen-pflege-de',
      'support-helmet-fit-de',
    ]);
  });

  it('takes date ranges', () => {
    expect(
      matching({ all: [EN, { updated_at: { from: '2025-03-01T10:00:00Z', to: '2025-05-01T10:00:00Z' } }] }),
    ).toEqual(['product-horizon-spherical-goggle-en-us', 'product-vanta-mips-helmet-en-us']);
    expect(matching({ all: [EN, { updated_at: { to: '2024-07-01' } }] })).toEqual(['page-helmets-en-us']);
    expect(matching({ updated_at: '2025-05-01T10:00:00.000Z' })).toEqual([
      'support-helmet-fit-de',
      'support-helmet-fit-en-us',
    ]);
  });

  it('nests all, any and none', () => {
    expect(
      matching({
        all: [
          EN,
          { type: 'product' },
          { any: [{ tags: 'sale' }, { all: [{ colours: 'Red' }, { none: { category: 'MIPS' } }] }] },
        ],
      }),
    ).toEqual(['product-outlook-otg-goggle-en-us', 'product-strata-cylindrical-goggle-en-us']);
    expect(matching({ none: [{ locale: ['en-us', 'de'] }] })).toEqual(['page-goggles-ja']);
  });

  it('filters text matches too', () => {
    expect(searchIds({ query: 'goggle', filters: { all: [EN, { regions: 'eu' }, { type: 'product' }] } })).toEqual([
      'product-horizon-spherical-goggle-en-us',
      'product-strata-cylindrical-goggle-en-us',
    ]);
  });
});

describe('facets', () => {
  it('counts values over every match, each once per document', () => {
    const response = engine.search({
      query: '',
      filters: { all: [EN, { type: 'product' }] },
      page: { size: 1 },
      facets: {
        colours: { type: 'value' },
        sizes: [
          { type: 'value', size: 2 },
          { type: 'value', name: 'all sizes' },
        ],
      },
    });
    expect(response.facets.colours).toEqual([
      {
        type: 'value',
        data: [
          { value: 'Black', count: 3 },
          { value: 'Red', count: 2 },
          { value: 'Blue', count: 1 },
          { value: 'Glacier White', count: 1 },
          { value: 'Matte Black', count: 1 },
          { value: 'Stealth Black', count: 1 },
          { value: 'White', count: 1 },
        ],
      },
    ]);
    expect(response.facets.sizes).toEqual([
      {
        type: 'value',
        data: [
          { value: 'M', count: 3 },
          { value: 'L', count: 3 },
        ].sort((a, b) => (a.value < b.value ? -1 : 1)),
      },
      {
        type: 'value',
        name: 'all sizes',
        data: [
          { value: 'L', count: 3 },
          { value: 'M', count: 3 },
          { value: 'S', count: 2 },
          { value: 'XS', count: 1 },
        ],
      },
    ]);
  });

  it('sorts values by count or value as asked, and leaves out empty values', () => {
    const values = (facets: object) =>
      engine
        .search({ query: '', filters: EN, facets })
        .facets[Object.keys(facets)[0] ?? '']?.[0]?.data.map((data) => ('value' in data ? data.value : undefined));
    const category = (sort: object) => values({ category: { type: 'value', size: 3, sort } });
    expect(category({ value: 'asc' })).toEqual(['All-Mountain', 'Cylindrical', 'Gear care']);
    expect(category({ value: 'desc' })).toEqual(['Spherical', 'Park', 'Over the glasses']);
    expect(category({ count: 'asc' })).toEqual(['All-Mountain', 'Cylindrical', 'Gear care']);
    expect(values({ category_path: { type: 'value', size: 250 } })).not.toContain('');
  });

  it('counts ranges of numbers and dates, echoing the ranges and names', () => {
    const response = engine.search({
      query: 'goggle',
      filters: EN,
      facets: {
        price_us: {
          type: 'range',
          name: 'price',
          ranges: [
            { to: 10_000, name: 'under $100' },
            { from: 10_000, to: 18_000 },
            { from: 18_000 },
            { from: 50_000 },
          ],
        },
        updated_at: { type: 'range', ranges: [{ from: '2025-02-01T10:00:00Z' }] },
      },
    });
    expect(response.facets.price_us).toEqual([
      {
        type: 'range',
        name: 'price',
        data: [
          { to: 10_000, name: 'under $100', count: 1 },
          { from: 10_000, to: 18_000, count: 1 },
          { from: 18_000, count: 1 },
          { from: 50_000, count: 0 },
        ],
      },
    ]);
    expect(response.facets.updated_at).toEqual([{ type: 'range', data: [{ from: '2025-02-01T10:00:00Z', count: 2 }] }]);
  });

  it('lists value facets on numbers as numbers', () => {
    const response = engine.search({ query: 'binding', filters: EN, facets: { price_us: { type: 'value' } } });
    expect(response.facets.price_us?.[0]?.data).toEqual([
      { value: 19_000, count: 1 },
      { value: 25_000, count: 1 },
    ]);
  });
});

describe('sort', () => {
  it('sorts by a field either way, documents missing it last', () => {
    const byPrice = (direction: string) =>
      searchIds({ query: '', filters: EN, sort: { price_us: direction }, page: { size: 100 } });
    expect(byPrice('asc').slice(0, 3)).toEqual([
      'product-cub-helmet-en-us',
      'product-strata-cylindrical-goggle-en-us',
      'product-outlook-otg-goggle-en-us',
    ]);
    expect(byPrice('desc').slice(0, 2)).toEqual(['product-meridian-binding-en-us', 'product-vanta-mips-helmet-en-us']);
    expect(byPrice('asc').slice(-3)).toEqual(byPrice('desc').slice(-3));
    expect(byPrice('asc').slice(-3)).toEqual([
      'blog_post-goggle-care-en-us',
      'page-helmets-en-us',
      'support-helmet-fit-en-us',
    ]);
  });

  it('sorts by several fields, text and _score, then by score and id', () => {
    expect(
      searchIds({
        query: '',
        filters: { all: [EN, { type: 'product' }] },
        sort: [{ in_stock: 'desc' }, { title: 'asc' }],
        page: { size: 3 },
      }),
    ).toEqual([
      'product-horizon-spherical-goggle-en-us',
      'product-kicker-binding-en-us',
      'product-strata-cylindrical-goggle-en-us',
    ]);
    const scores = engine
      .search({ query: 'goggle', filters: EN, sort: { _score: 'asc' } })
      .results.map((result) => result._meta.score);
    expect([...scores].sort((a, b) => a - b)).toEqual(scores);
  });
});

describe('paging', () => {
  it('pages through the results', () => {
    const all = searchIds({ query: '', filters: EN, page: { size: 100 } });
    const second = engine.search({ query: '', filters: EN, page: { size: 3, current: 2 } });
    expect(ids(second)).toEqual(all.slice(3, 6));
    expect(second.meta.page).toEqual({ current: 2, size: 3, total_results: 10, total_pages: 4 });
    expect(searchIds({ query: '', filters: EN, page: { size: 3, current: 5 } })).toEqual([]);
  });

  it('caps total_pages at 100 but counts every result', () => {
    const many = createSearchEngine({ name: 'many' });
    many.replaceAll(
      Array.from({ length: 1_200 }, (_, index) =>
        testDocument({ type: 'product', uid: `item-${index}`, locale: 'en-us', title: `Beanie ${index}` }),
      ),
    );
    const response = many.search({ query: 'beanie', filters: EN, page: { size: 10, current: 100 } });
    expect(response.meta.page).toEqual({ current: 100, size: 10, total_results: 1_200, total_pages: 100 });
    expect(response.results).toHaveLength(10);
  });

  it('reports no pages without results', () => {
    expect(engine.search({ query: 'xylophone', filters: EN }).meta.page).toEqual({
      current: 1,
      size: 10,
      total_results: 0,
      total_pages: 0,
    });
  });
});

describe('results', () => {
  it('returns every field raw without result_fields, with id and _meta', () => {
    const [result] = engine.search({ query: 'cub helmet', filters: EN }).results;
    expect(result?._meta).toEqual({ id: 'product-cub-helmet-en-us', engine: 'piste', score: expect.any(Number) });
    expect(fieldOf(result, 'id')).toEqual({ raw: 'product-cub-helmet-en-us' });
    expect(fieldOf(result, 'sizes')).toEqual({ raw: ['XS', 'S'] });
    expect(fieldOf(result, 'price_us')).toEqual({ raw: 8_000 });
    expect(result && 'price_ca' in result).toBe(false);
  });

  it('returns only the result_fields asked for, raw cut to size', () => {
    const [result] = engine.search({
      query: 'horizon',
      filters: EN,
      result_fields: { tagline: { raw: { size: 20 } }, colours: { raw: { size: 20 } }, price_ca: { raw: {} } },
    }).results;
    expect(Object.keys(result ?? {}).sort()).toEqual(['_meta', 'colours', 'id', 'price_ca', 'tagline']);
    expect(fieldOf(result, 'tagline')).toEqual({ raw: 'A wider view and a l' });
    expect(fieldOf(result, 'price_ca')).toEqual({ raw: 24_000 });
  });

  it('highlights typo, prefix and stem matches in snippets', () => {
    const snippet = (query: string, field = 'title') =>
      fieldOf(engine.search({ query, filters: EN, result_fields: { [field]: { snippet: {} } } }).results[0], field)
        .snippet;
    expect(snippet('gogles')).toBe('Horizon Spherical <em>Goggle</em>');
    expect(snippet('sph')).toBe('Horizon <em>Spherical</em> Goggle');
    expect(snippet('helmets')).toBe('<em>Helmets</em>');
    expect(snippet('magnets', 'description')).toContain('Eight rare-earth <em>magnets</em> hold the lens securely.');
  });

  it('escapes everything in a snippet but the highlights', () => {
    const [result] = engine.search({
      query: 'goggle care',
      filters: EN,
      result_fields: { title: { snippet: {} } },
    }).results;
    expect(fieldOf(result, 'title').snippet).toBe(
      '<em>Goggle</em> <em>care</em>: &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;tips&quot;',
    );
  });

  it('gives a null snippet without a match, or the start of the text with fallback', () => {
    const [result] = engine.search({
      query: 'goggle care',
      filters: EN,
      result_fields: {
        stack: { snippet: {} },
        environment: { snippet: { fallback: true } },
        url: { snippet: {} },
      },
    }).results;
    expect(fieldOf(result, 'stack')).toEqual({ snippet: null });
    expect(fieldOf(result, 'environment')).toEqual({ snippet: 'production' });
    expect(fieldOf(result, 'url')).toEqual({ snippet: '/blog/p/<em>goggle</em>-<em>care</em>' });
    const [browsed] = engine.search({ query: '', filters: EN, result_fields: { title: { snippet: {} } } }).results;
    expect(fieldOf(browsed, 'title')).toEqual({ snippet: null });
  });

  it('fills the response meta as App Search does', () => {
    const { meta } = engine.search({ query: 'goggle', filters: EN });
    expect(meta).toMatchObject({ alerts: [], warnings: [], precision: 2, engine: { name: 'piste', type: 'default' } });
    expect(meta.request_id).toMatch(/^[0-9a-f]{32}$/);
    expect(engine.search({ query: 'goggle', filters: EN }).meta.request_id).not.toBe(meta.request_id);
  });
});

describe('multiSearch', () => {
  it('answers each query in order', () => {
    const responses = engine.multiSearch({
      queries: [
        { query: 'binding', filters: EN },
        { query: 'helm', filters: DE },
      ],
    });
    expect(responses.map(ids)).toEqual([
      ['product-kicker-binding-en-us', 'product-meridian-binding-en-us'],
      ['support-helmet-fit-de', 'product-vanta-mips-helmet-de'],
    ]);
  });
});

describe('querySuggestion', () => {
  it('completes the word being typed from titles, the most common first', () => {
    expect(suggestions({ query: 'gog', filters: EN })).toEqual([
      'goggle',
      'goggles',
      'goggle care',
      'cylindrical goggle',
      'otg goggles',
    ]);
    expect(suggestions({ query: 'vanta m', filters: EN, size: 2 })).toEqual(['vanta mips', 'vanta mips helmet']);
  });

  it('corrects a typo with the nearest spelling first', () => {
    expect(suggestions({ query: 'gogles', filters: EN, size: 2 })).toEqual(['goggles', 'goggle']);
  });

  it('offers corrections only when nothing completes the query as typed', () => {
    const french = createSearchEngine({ name: 'fr' });
    french.replaceAll([
      testDocument({ type: 'product', uid: 'nova', locale: 'fr', title: 'Casque Nova' }),
      testDocument({ type: 'product', uid: 'vista', locale: 'fr', title: 'Masque Vista' }),
    ]);
    const frenchSuggestions = (query: string) =>
      french
        .querySuggestion({ query, filters: { locale: 'fr' } })
        .results.documents.map(({ suggestion }) => suggestion);
    expect(frenchSuggestions('casque')).toEqual(['casque', 'casque nova']);
    expect(frenchSuggestions('kasque')).toEqual(['casque', 'masque', 'casque nova', 'masque vista']);
  });

  it('follows the filters, the fields and the size asked for', () => {
    expect(suggestions({ query: 'helm', filters: DE })).toEqual([
      'helm',
      'helmet',
      'helm sitzen',
      'mein helm',
      'mips helmet',
    ]);
    expect(suggestions({ query: 'brill', filters: DE, types: { documents: { fields: ['category'] } } })).toEqual([
      'brillenträger',
      'für brillenträger',
    ]);
    expect(suggestions({ query: 'hel', filters: EN, size: 1 })).toEqual(['helmet']);
  });

  it('suggests nothing for nothing', () => {
    expect(suggestions({ query: '', filters: EN })).toEqual([]);
    expect(suggestions({ query: 'xylophone', filters: EN })).toEqual([]);
  });

  it('carries a request id', () => {
    expect(engine.querySuggestion({ query: 'gog' }).meta.request_id).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('documents held', () => {
  it('counts, lists and filters ids', () => {
    expect(engine.size).toBe(TEST_DOCUMENTS.length);
    expect(engine.documentIds((document) => document.locale === 'de').sort()).toEqual([
      'blog_post-brillen-pflege-de',
      'product-outlook-otg-goggle-de',
      'product-vanta-mips-helmet-de',
      'support-helmet-fit-de',
    ]);
    expect(engine.documentIds()).toHaveLength(TEST_DOCUMENTS.length);
  });

  it('replaces a document on upsert and forgets its old text', () => {
    const [cub] = TEST_DOCUMENTS.filter((document) => document.uid === 'cub-helmet');
    engine.upsert([{ ...cub!, title: 'Cub Junior Helmet', in_stock: 'true' }]);
    expect(engine.size).toBe(TEST_DOCUMENTS.length);
    expect(searchIds({ query: 'junior', filters: EN })).toEqual(['product-cub-helmet-en-us']);
    expect(searchIds({ query: 'cub helmet', filters: EN, result_fields: { title: { raw: {} } } })).toEqual([
      'product-cub-helmet-en-us',
    ]);
    expect(searchIds({ query: '', filters: { all: [EN, { in_stock: 'true' }, { uid: 'cub-helmet' }] } })).toHaveLength(
      1,
    );
  });

  it('moves a document whose locale changes', () => {
    const [cub] = TEST_DOCUMENTS.filter((document) => document.uid === 'cub-helmet');
    engine.upsert([{ ...cub!, locale: 'fr' }]);
    expect(searchIds({ query: 'cub', filters: EN })).toEqual([]);
    expect(searchIds({ query: 'cub', filters: { locale: 'fr' } })).toEqual(['product-cub-helmet-en-us']);
    expect(engine.size).toBe(TEST_DOCUMENTS.length);
    engine.upsert([cub!, { ...cub!, locale: 'it' }]);
    expect(searchIds({ query: 'cub' })).toEqual(['product-cub-helmet-en-us']);
    expect(searchIds({ query: 'cub', filters: { locale: 'it' } })).toEqual(['product-cub-helmet-en-us']);
  });

  it('removes documents, ignoring unknown ids', () => {
    engine.remove(['product-cub-helmet-en-us', 'no-such-id']);
    expect(engine.size).toBe(TEST_DOCUMENTS.length - 1);
    expect(searchIds({ query: 'cub', filters: EN })).toEqual([]);
    engine.remove(['page-goggles-ja']);
    expect(searchIds({ query: '', filters: { locale: 'ja' } })).toEqual([]);
  });

  it('rebuilds with replaceAll, the last of a repeated id winning', () => {
    const first = testDocument({ type: 'page', uid: 'a', locale: 'en-us', title: 'First' });
    engine.replaceAll([first, { ...first, title: 'Second', display_title: 'Second' }]);
    expect(engine.size).toBe(1);
    expect(searchIds({ query: 'second' })).toEqual(['page-a-en-us']);
    expect(searchIds({ query: 'first' })).toEqual([]);
  });

  it('stays correct through many updates of the same documents', () => {
    const [vanta] = TEST_DOCUMENTS.filter((document) => document.id === 'product-vanta-mips-helmet-en-us');
    for (let round = 0; round < 1_500; round++) engine.upsert([{ ...vanta!, price_us: 20_000 + round }]);
    const response = engine.search({ query: 'vanta', filters: EN, facets: { price_us: { type: 'value' } } });
    expect(ids(response)).toEqual(['product-vanta-mips-helmet-en-us']);
    expect(response.facets.price_us?.[0]?.data).toEqual([{ value: 21_499, count: 1 }]);
  });
});

describe('hostile requests', () => {
  const bodies: unknown[] = [
    undefined,
    null,
    'goggles',
    42,
    [],
    { query: 'x'.repeat(100_000) },
    JSON.parse('{"query": "a", "__proto__": {"admin": true}}'),
    { query: 'a', filters: JSON.parse('{"__proto__": "x"}') },
    { query: 'a', filters: { constructor: { prototype: 1 } } },
    { query: 'a', facets: { toString: { type: 'value' } } },
    { query: 'a', sort: { hasOwnProperty: 'asc' } },
    { query: 'a', result_fields: JSON.parse('{"__proto__": {"raw": {}}}') },
    { query: 'a', filters: { all: Array.from({ length: 100_000 }, () => ({ locale: 'de' })) } },
    { query: 'a', filters: JSON.parse('{"all": '.repeat(1_000) + '{}' + '}'.repeat(1_000)) },
    { query: 'a', page: { size: Number.POSITIVE_INFINITY } },
    { query: 'a', facets: { price_us: { type: 'range', ranges: [{ from: Number.NaN }] } } },
  ];

  it('rejects them with SearchRequestError only', () => {
    for (const body of bodies) {
      for (const call of [
        () => engine.search(body),
        () => engine.multiSearch({ queries: [body] }),
        () => engine.querySuggestion(body),
      ]) {
        expect(call).toThrow(SearchRequestError);
      }
    }
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('treats markup and odd characters in the query as text', () => {
    for (const query of ['<script>', '\u0000\uffff', '🎿🎿', 'a'.repeat(128), '"); DROP TABLE', '*:*', '\ud800']) {
      expect(() => engine.search({ query, filters: EN })).not.toThrow();
      expect(() => engine.querySuggestion({ query })).not.toThrow();
    }
  });
});
