import { Writable } from 'node:stream';
import { GraphQLError } from 'graphql';
import type { MercuriusContext } from 'mercurius';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSeedContentProducts } from '@piste/commerce/server';
import { DomainError } from '@piste/core';
import { testDatabaseKinds } from '@piste/db/testing';
import { createSeededApiApp } from '../../test/support/app-harness';
import { formatGraphqlErrors } from './graphql-errors';
import { MAX_QUERY_LENGTH } from './index';
import { AUTOMATED_PICKS_PER_CATEGORY } from './resolvers';

/** The storefront's operations (spec §7 'GraphQL'), as it sends them. */
const GET_COLOR_GROUPS = /* GraphQL */ `
  query GetColorGroups($locale: String) {
    colorGroups(locale: $locale) {
      color_name
      option_swatch_hex
      child_colors
    }
  }
`;

const PRODUCT_CARD_FIELDS = /* GraphQL */ `
  fragment ProductCardFields on ProductCard {
    uid
    title
    display_title
    tagline
    description
    regions
    price_range
    url
    bc_products {
      us
      ca
      eu_region_1
    }
    is_new {
      value
    }
    is_redesigned {
      value
    }
    prices {
      au
      at
      ca
      cz
      fr
      de
      it
      jp
      nl
      no
      ru
      pl
      es
      se
      ch
      gb
      nz
    }
    image {
      amplience_id
      imageset
    }
    bcProduct {
      id
      calculatedPrice {
        value
      }
      retailPrice {
        value
      }
      inventory_tracking
      inventoryLevel
      isInStock
      availability
      variants {
        id
        inventoryLevel
        isInStock
        isPurchasable
        thumbnail
        calculatedPrice {
          value
        }
        retailPrice {
          value
        }
        option_values {
          id
          option_display_name
          values {
            id
            label
            hexColors
          }
        }
      }
      product_options {
        id
        displayName
        values {
          entityId
          label
          hexColors
        }
      }
      isNew
      isRedesigned
      customFields {
        name
        value
      }
    }
  }
`;

const GET_RELATED_PRODUCTS = /* GraphQL */ `
  query GetRelatedProducts(
    $uids: [String]
    $ids: [Int]
    $locale: String!
    $bcRegion: String!
    $includeVariantRetailPrice: Boolean
  ) {
    relatedProducts(
      uids: $uids
      ids: $ids
      locale: $locale
      bcRegion: $bcRegion
      includeVariantRetailPrice: $includeVariantRetailPrice
    ) {
      ...ProductCardFields
    }
  }
  ${PRODUCT_CARD_FIELDS}
`;

const GET_AUTOMATED_RELATED_PRODUCT_IDS = /* GraphQL */ `
  query GetAutomatedRelatedProductIds(
    $categoryId: Int!
    $bcRegion: String!
    $ctsRegion: String!
    $locale: String!
    $productAttributes: [ProductAttributeInput]
  ) {
    automatedRelatedProductIds(
      categoryId: $categoryId
      bcRegion: $bcRegion
      ctsRegion: $ctsRegion
      locale: $locale
      productAttributes: $productAttributes
    )
  }
`;

const GET_ERROR_PAGE = /* GraphQL */ `
  query GetErrorPage($locale: String!, $bcRegion: String!) {
    errorPage(locale: $locale, bcRegion: $bcRegion) {
      title
      regions
      header
      main_content
      link_text
      product_header
      automated_related_products {
        category {
          uid
          bcId
        }
      }
      products {
        ...ProductCardFields
      }
      banner {
        uid
        title
      }
      product_recommendation_page {
        header
        main_content
      }
    }
  }
  ${PRODUCT_CARD_FIELDS}
`;

interface Card {
  uid: string;
  regions: string[];
  bc_products: { us: number; ca: number; eu_region_1: number };
  bcProduct: {
    id: number;
    calculatedPrice: { value: number };
    retailPrice: { value: number } | null;
    isInStock: boolean;
    variants: { calculatedPrice: { value: number }; retailPrice: { value: number } | null }[];
    customFields: { name: string; value: string }[];
  };
}

const seedProducts = readSeedContentProducts();
const seedProduct = (uid: string) => seedProducts.find((product) => product.uid === uid)!;

describe('error formatting', () => {
  it('keeps domain messages and hides unexpected failures behind a generic one', () => {
    const logged: unknown[] = [];
    const log = { info: () => undefined, error: (entry: unknown) => logged.push(entry) };
    const context = { app: { log } } as unknown as MercuriusContext;
    const { statusCode, response } = formatGraphqlErrors(
      {
        data: { relatedProducts: null, errorPage: null },
        errors: [
          new GraphQLError('connect ECONNREFUSED 10.0.0.5:5432', {
            path: ['relatedProducts'],
            originalError: new Error('connect ECONNREFUSED 10.0.0.5:5432'),
          }),
          new GraphQLError('wrapped', {
            path: ['errorPage'],
            originalError: new DomainError('NOT_FOUND', 'Product 1 does not exist.'),
          }),
        ],
      },
      context,
    );
    expect(statusCode).toBe(200);
    expect(response.errors).toEqual([
      {
        message: 'Something went wrong on our side. Please try again.',
        path: ['relatedProducts'],
        extensions: { code: 'INTERNAL' },
      },
      { message: 'Product 1 does not exist.', path: ['errorPage'], extensions: { code: 'NOT_FOUND' } },
    ]);
    expect(logged).toHaveLength(1);
  });
});

describe.each(testDatabaseKinds())('/graphql on $name', (kind) => {
  let harness: Awaited<ReturnType<typeof createSeededApiApp>>;
  /** Each warning or error the app logged, as pino's JSON line; others are not kept. */
  const logged: { level: number; msg: string }[] = [];

  beforeAll(async () => {
    const logStream = new Writable({
      write(line: Buffer, _encoding, done) {
        logged.push(JSON.parse(line.toString()));
        done();
      },
    });
    harness = await createSeededApiApp(kind, {}, { logger: { level: 'warn', stream: logStream } });
  });
  afterAll(() => harness.close());

  const post = (query: string, variables: Record<string, unknown> = {}) =>
    harness.app.inject({ method: 'POST', url: '/graphql', payload: { query, variables } });

  /** A successful operation's data: 200, JSON and no errors. */
  async function data<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const response = await post(query, variables);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = response.json();
    expect(body.errors, response.body).toBeUndefined();
    return body.data as T;
  }

  const relatedProducts = async (variables: Record<string, unknown>) =>
    (await data<{ relatedProducts: Card[] }>(GET_RELATED_PRODUCTS, variables)).relatedProducts;

  const apiProduct = async (id: number, region: string) =>
    (
      await harness.app.inject({
        method: 'GET',
        url: `/api/products/${id}?include=variants`,
        headers: { 'x-bc-region': region },
      })
    ).json().data;

  describe('GetColorGroups', () => {
    it('groups every catalogue colour under one family with a swatch', async () => {
      const { colorGroups } = await data<{
        colorGroups: { color_name: string; option_swatch_hex: string; child_colors: string[] }[];
      }>(GET_COLOR_GROUPS, { locale: 'en-us' });
      expect(colorGroups.length).toBeGreaterThan(5);
      for (const group of colorGroups) {
        expect(group.option_swatch_hex).toMatch(/^#[0-9a-f]{6}$/);
        expect(group.child_colors.length).toBeGreaterThan(0);
      }
      const blue = colorGroups.find((group) => group.color_name === 'Blue');
      expect(blue?.child_colors).toContain('Glacier Blue');
      const names = colorGroups.flatMap((group) => group.child_colors);
      expect(new Set(names).size).toBe(names.length);
      expect(await data(GET_COLOR_GROUPS, { locale: null })).toEqual({ colorGroups });
    });
  });

  describe('GetRelatedProducts', () => {
    it('answers the spec §3 product card for uids, in the order asked', async () => {
      const uids = ['horizon-spherical-goggle', 'summit-pro-binding', 'couloir-carbon-binding'];
      const cards = await relatedProducts({ uids, locale: 'en-us', bcRegion: 'us' });
      expect(cards.map((card) => card.uid)).toEqual(uids);

      const [goggle] = cards;
      const seed = seedProduct('horizon-spherical-goggle');
      expect(goggle).toMatchObject({
        uid: seed.uid,
        title: seed.title,
        display_title: seed.display_title,
        tagline: seed.tagline,
        url: seed.url,
        regions: seed.regions,
        price_range: seed.price_range,
        bc_products: seed.bc_products,
        is_new: seed.is_new,
        is_redesigned: seed.is_redesigned,
        prices: { gb: '£179.00', jp: '¥33,800', de: null },
        image: seed.image,
        bcProduct: {
          id: seed.bc_products.us,
          calculatedPrice: { value: 229.95 },
          inventory_tracking: 'variant',
          isInStock: true,
          availability: 'available',
          isNew: false,
          isRedesigned: true,
          customFields: expect.arrayContaining([{ name: 'Lens', value: 'Spherical' }]),
          product_options: expect.arrayContaining([
            expect.objectContaining({
              displayName: 'Colour',
              values: expect.arrayContaining([
                expect.objectContaining({ label: 'Sage – Gold Mirror', hexColors: ['#9caf88', '#d4a017'] }),
              ]),
            }),
          ]),
        },
      });
      const variant = (goggle as unknown as { bcProduct: { variants: Record<string, unknown>[] } }).bcProduct
        .variants[0]!;
      expect(variant).toMatchObject({
        id: expect.any(Number),
        inventoryLevel: expect.any(Number),
        isInStock: true,
        isPurchasable: true,
        thumbnail: expect.stringContaining('/media/i/'),
        calculatedPrice: { value: 229.95 },
        retailPrice: null,
        option_values: [
          {
            id: expect.any(Number),
            option_display_name: 'Colour',
            values: [
              { id: expect.any(Number), label: 'Stealth Black – Ember Mirror', hexColors: ['#1b1b1f', '#e2583e'] },
            ],
          },
          expect.objectContaining({ option_display_name: 'Size' }),
        ],
      });
    });

    it('accepts commerce ids, keeps their order and skips unknown uids and ids', async () => {
      const cards = await relatedProducts({ ids: [104, 999_999, 100], locale: 'en-us', bcRegion: 'us' });
      expect(cards.map((card) => card.bcProduct.id)).toEqual([104, 100]);
      const mixed = await relatedProducts({
        uids: ['no-such-product', 'cornice-binding'],
        ids: [100, 102],
        locale: 'en-us',
        bcRegion: 'us',
      });
      expect(mixed.map((card) => card.uid)).toEqual(['cornice-binding', 'summit-pro-binding']);
      expect(await relatedProducts({ uids: [], locale: 'en-us', bcRegion: 'us' })).toEqual([]);
    });

    it('prices in the commerce region’s currency (EUR for eu_region_1)', async () => {
      const variables = { uids: ['couloir-carbon-binding'], locale: 'de-de' };
      const [euro] = await relatedProducts({ ...variables, bcRegion: 'eu_region_1' });
      const [dollar] = await relatedProducts({ ...variables, locale: 'en-us', bcRegion: 'us' });
      // Seed prices: USD 599.95 (retail 649.95), EUR 569.99 (retail 614.99).
      expect(euro!.bcProduct.calculatedPrice.value).toBe(569.99);
      expect(euro!.bcProduct.retailPrice).toEqual({ value: 614.99 });
      expect(dollar!.bcProduct.calculatedPrice.value).toBe(599.95);
      const api = await apiProduct(euro!.bcProduct.id, 'eu_region_1');
      expect(euro!.bcProduct.calculatedPrice.value).toBe(api.calculated_price);
    });

    it('gives variants their retail price only when includeVariantRetailPrice is set', async () => {
      const variables = { uids: ['couloir-carbon-binding'], locale: 'en-us', bcRegion: 'us' };
      const [without] = await relatedProducts(variables);
      const [withRetail] = await relatedProducts({ ...variables, includeVariantRetailPrice: true });
      expect(without!.bcProduct.variants.every((variant) => variant.retailPrice === null)).toBe(true);
      expect(withRetail!.bcProduct.variants[0]!.retailPrice).toEqual({ value: 649.95 });
    });

    it('shows only products sold in the locale’s content region and the commerce region', async () => {
      // switchback-rear-entry-binding is sold in us, ca and jp only; col-split-binding only in Europe.
      const uids = ['switchback-rear-entry-binding', 'col-split-binding', 'summit-pro-binding'];
      const inGermany = await relatedProducts({ uids, locale: 'de-de', bcRegion: 'eu_region_1' });
      expect(inGermany.map((card) => card.uid)).toEqual(['col-split-binding', 'summit-pro-binding']);
      const inUs = await relatedProducts({ uids, locale: 'en-us', bcRegion: 'us' });
      expect(inUs.map((card) => card.uid)).toEqual(['switchback-rear-entry-binding', 'summit-pro-binding']);
    });

    it('answers an unknown region or locale with a GraphQL error naming it', async () => {
      const badRegion = await post(GET_RELATED_PRODUCTS, {
        uids: ['summit-pro-binding'],
        locale: 'en-us',
        bcRegion: 'mars',
      });
      expect(badRegion.statusCode).toBe(200);
      expect(badRegion.json()).toMatchObject({
        data: { relatedProducts: null },
        errors: [
          {
            message: expect.stringContaining('Unknown bcRegion "mars"'),
            path: ['relatedProducts'],
            extensions: { code: 'INVALID_REGION' },
          },
        ],
      });
      const badLocale = await post(GET_RELATED_PRODUCTS, { uids: [], locale: 'xx-yy', bcRegion: 'us' });
      expect(badLocale.json().errors[0]).toMatchObject({
        message: expect.stringContaining('Unknown locale "xx-yy"'),
        extensions: { code: 'INVALID_LOCALE' },
      });
      const neither = await post(GET_RELATED_PRODUCTS, { locale: 'en-us', bcRegion: 'us' });
      expect(neither.json().errors[0].message).toBe('Give uids or ids: the products to show.');
    });
  });

  describe('GetAutomatedRelatedProductIds', () => {
    const gogglesCategoryId = async () => {
      const tree = (await harness.app.inject({ method: 'GET', url: '/api/category_tree' })).json();
      return tree.data.find((node: { name: string }) => node.name === 'Goggles').id as number;
    };
    const automatedIds = async (variables: Record<string, unknown>) =>
      (
        await data<{ automatedRelatedProductIds: number[] }>(GET_AUTOMATED_RELATED_PRODUCT_IDS, {
          bcRegion: 'us',
          ctsRegion: 'us',
          locale: 'en-us',
          ...variables,
        })
      ).automatedRelatedProductIds;

    it('lists the category’s products sold in the region, capped at 24', async () => {
      const categoryId = await gogglesCategoryId();
      const ids = await automatedIds({ categoryId });
      const inCategory = (
        await harness.app.inject({ method: 'GET', url: `/api/products?categories:in=${categoryId}&limit=250` })
      )
        .json()
        .data.map((product: { id: number }) => product.id);
      expect(ids.length).toBeGreaterThan(0);
      expect(ids.length).toBeLessThanOrEqual(AUTOMATED_PICKS_PER_CATEGORY);
      for (const id of ids) expect(inCategory).toContain(id);
      // ember-goggle (140) is not sold in Europe.
      expect(ids).toContain(140);
      expect(
        await automatedIds({ categoryId, bcRegion: 'eu_region_1', ctsRegion: 'eu_region_1', locale: 'de-de' }),
      ).not.toContain(140);
      expect(await automatedIds({ categoryId: 999_999 })).toEqual([]);
    });

    it('keeps only products whose attributes match', async () => {
      const categoryId = await gogglesCategoryId();
      const ids = await automatedIds({
        categoryId,
        productAttributes: [{ attribute: 'lens', values: ['SPHERICAL', 'Toric'] }],
      });
      expect(ids.length).toBeGreaterThan(0);
      const cards = await relatedProducts({ ids, locale: 'en-us', bcRegion: 'us' });
      expect(cards).toHaveLength(ids.length);
      for (const card of cards) {
        const lens = card.bcProduct.customFields.find((field) => field.name === 'Lens');
        expect(['Spherical', 'Toric']).toContain(lens?.value);
      }
      expect(
        await automatedIds({ categoryId, productAttributes: [{ attribute: 'Lens', values: ['Square'] }] }),
      ).toEqual([]);
    });

    it('refuses an unknown content region', async () => {
      const response = await post(GET_AUTOMATED_RELATED_PRODUCT_IDS, {
        categoryId: 1,
        bcRegion: 'us',
        ctsRegion: 'atlantis',
        locale: 'en-us',
      });
      expect(response.json().errors[0]).toMatchObject({
        message: expect.stringContaining('Unknown ctsRegion "atlantis"'),
        extensions: { code: 'INVALID_REGION' },
      });
    });
  });

  describe('GetErrorPage', () => {
    it('answers the region’s error page entry with its first four picks in stock in the region', async () => {
      const { errorPage } = await data<{ errorPage: Record<string, unknown> & { products: Card[] } }>(GET_ERROR_PAGE, {
        locale: 'en-us',
        bcRegion: 'us',
      });
      expect(errorPage).toMatchObject({
        title: 'Error page',
        header: 'Looks like you’ve gone off-piste',
        link_text: 'Return to homepage',
        product_header: 'You might like',
        banner: { uid: 'error-page-banner' },
        product_recommendation_page: { header: 'Product Not Available' },
      });
      expect(errorPage.automated_related_products).toContainEqual({
        category: { uid: 'goggles', bcId: expect.any(Number) },
      });
      // The entry's picks (data/seed/content/entries/error_page.json), in its order, in stock only.
      const picks = [
        'horizon-spherical-goggle',
        'vanta-mips-helmet',
        'summit-pro-binding',
        'meridian-binding',
        'storm-shell-glove',
        'merino-rib-beanie',
      ];
      const uids = errorPage.products.map((card) => card.uid);
      expect(uids).toHaveLength(4);
      expect(uids).toEqual(picks.filter((uid) => uids.includes(uid)));
      for (const card of errorPage.products) expect(card.bcProduct.isInStock).toBe(true);
    });

    it('shows products of the region in its currency', async () => {
      const { errorPage } = await data<{ errorPage: { products: Card[] } }>(GET_ERROR_PAGE, {
        locale: 'de-de',
        bcRegion: 'eu_region_1',
      });
      expect(errorPage.products).toHaveLength(4);
      for (const card of errorPage.products) {
        expect(card.regions).toContain('eu_region_1');
        expect(card.bcProduct.isInStock).toBe(true);
      }
      // The Horizon goggle, the first pick, costs €219.99 in eu_region_1.
      expect(errorPage.products[0]!.bcProduct.calculatedPrice.value).toBe(219.99);
    });
  });

  describe('limits and transport', () => {
    it('answers a missing required variable with a 400 naming it', async () => {
      const response = await post(GET_ERROR_PAGE, { locale: 'en-us' });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].message).toBe(
        'Variable "$bcRegion" of required type "String!" was not provided.',
      );
    });

    it('answers a variable of the wrong type with a 400 naming it', async () => {
      const response = await post(GET_AUTOMATED_RELATED_PRODUCT_IDS, {
        categoryId: 'goggles',
        bcRegion: 'us',
        ctsRegion: 'us',
        locale: 'en-us',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].message).toBe(
        'Variable "$categoryId" got invalid value "goggles"; Int cannot represent non-integer value: "goggles"',
      );
    });

    it('answers a query that is no GraphQL text with a 400 request error, and logs no error for it', async () => {
      const loggedBefore = logged.length;
      const bodies = [{ query: 42 }, { query: '42' }, { query: 'null' }, { query: '{}' }, { query: true }, {}];
      const requests = [
        ...bodies.map((payload) => ({ method: 'POST' as const, url: '/graphql', payload })),
        { method: 'GET' as const, url: '/graphql?query=42' },
      ];
      for (const request of requests) {
        const response = await harness.app.inject(request);
        const asked = JSON.stringify(request);
        expect(response.statusCode, asked).toBe(400);
        expect(response.json().errors, asked).toMatchObject([{ message: expect.stringMatching(/query/i) }]);
      }
      const pinoWarn = 40;
      expect(logged.slice(loggedBefore).filter((line) => line.level > pinoWarn)).toEqual([]);
    });

    it('refuses a query deeper than the depth limit', async () => {
      const deep = `{ __schema { types { fields { type { ofType { ofType { ofType { ofType { ofType { ofType { name } } } } } } } } } } }`;
      const response = await post(deep);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].message).toMatch(/query depth \(\d+\) exceeds the query depth limit of 10/);
    });

    it('refuses a query longer than the size limit', async () => {
      const padded = `${GET_COLOR_GROUPS}${' '.repeat(MAX_QUERY_LENGTH)}`;
      const response = await post(padded);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0]).toMatchObject({
        message: expect.stringContaining(`the limit is ${MAX_QUERY_LENGTH}`),
        extensions: { code: 'QUERY_TOO_LARGE' },
      });
    });

    it('answers queries over GET and refuses other operations there', async () => {
      const query = new URLSearchParams({ query: GET_COLOR_GROUPS, variables: JSON.stringify({ locale: 'en-us' }) });
      const response = await harness.app.inject({ method: 'GET', url: `/graphql?${query}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json().data.colorGroups.length).toBeGreaterThan(0);

      const mutation = new URLSearchParams({ query: 'mutation { __typename }' });
      const refused = await harness.app.inject({ method: 'GET', url: `/graphql?${mutation}` });
      expect(refused.statusCode).toBe(405);
      expect(refused.json()).toEqual({
        data: null,
        errors: [{ message: 'Operation cannot be performed via a GET request' }],
      });
    });

    it('answers a document of several operations without an operationName with a 400 naming the rule', async () => {
      // GraphQL spec 6.1 'GetOperation': several operations need an operationName; found by fuzzing (a 500).
      const document = 'query A { colorGroups { color_name } } query B { colorGroups { color_name } }';
      for (const request of [
        { method: 'GET' as const, url: `/graphql?${new URLSearchParams({ query: document, variables: '{}' })}` },
        { method: 'POST' as const, url: '/graphql', payload: { query: document } },
      ]) {
        const response = await harness.app.inject(request);
        expect(response.statusCode, `${request.method} ${response.body}`).toBe(400);
        expect(response.json().errors[0].message).toMatch(/several operations: name the one to run in operationName/);
      }
    });
  });
});
