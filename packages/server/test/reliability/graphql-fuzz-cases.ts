import fc from 'fast-check';
import { hostileJson, hostileString, MALFORMED_JSON_TEXTS } from './fuzz-values';
import { queryString } from './request-encoding';

/** The storefront's four operations (docs/api.md 'GraphQL') and variables they accept. */
const OPERATIONS: { query: string; variables: Record<string, unknown> }[] = [
  {
    query:
      'query GetColorGroups($locale: String) { colorGroups(locale: $locale) { color_name option_swatch_hex child_colors } }',
    variables: { locale: 'de-de' },
  },
  {
    query: `query GetRelatedProducts($uids: [String], $ids: [Int], $locale: String!, $bcRegion: String!, $retail: Boolean) {
      relatedProducts(uids: $uids, ids: $ids, locale: $locale, bcRegion: $bcRegion, includeVariantRetailPrice: $retail) {
        uid title url bcProduct { id calculatedPrice { value } isInStock variants { id inventoryLevel retailPrice { value } } }
      }
    }`,
    variables: { uids: ['summit-pro-binding'], ids: [100], locale: 'en-us', bcRegion: 'us', retail: true },
  },
  {
    query: `query GetAutomatedRelatedProductIds($categoryId: Int!, $bcRegion: String!, $ctsRegion: String!, $locale: String!, $attributes: [ProductAttributeInput]) {
      automatedRelatedProductIds(categoryId: $categoryId, bcRegion: $bcRegion, ctsRegion: $ctsRegion, locale: $locale, productAttributes: $attributes)
    }`,
    variables: {
      categoryId: 20,
      bcRegion: 'us',
      ctsRegion: 'us',
      locale: 'en-us',
      attributes: [{ attribute: 'Gender', values: ['Unisex'] }],
    },
  },
  {
    query:
      'query GetErrorPage($locale: String!, $bcRegion: String!) { errorPage(locale: $locale, bcRegion: $bcRegion) { title products { uid } } }',
    variables: { locale: 'en-us', bcRegion: 'us' },
  },
];

/** Query documents a parser or validator must refuse: broken, too deep, too long, introspection, mutations. */
const HOSTILE_DOCUMENTS = [
  '{',
  'query { __typename',
  '{ colorGroups { color_name } }',
  '{ __schema { types { name fields { name type { name ofType { name ofType { name ofType { name } } } } } } } }',
  'mutation { deleteEverything }',
  'subscription { colorGroups { color_name } }',
  `{ ${'relatedProducts(locale:"en-us",bcRegion:"us",uids:["a"]){ bcProduct { variants { option_values { values { id '.repeat(8)} } } } } } } } } } } } }`,
  `{ ${'colorGroups { color_name } '.repeat(600)} }`,
  '{ colorGroups(locale: "\' OR 1=1 --") { color_name } }',
  '{ relatedProducts(ids: [99999999999], locale: "en-us", bcRegion: "us") { uid } }',
  'query A { colorGroups { color_name } } query B { colorGroups { color_name } }',
  '{ colorGroups { ...Missing } }',
  'fragment F on ColorGroup { ...F } { colorGroups { ...F } }',
  `{ ${Array.from({ length: 200 }, (_value, index) => `a${index}: colorGroups { color_name }`).join(' ')} }`,
  // JSON where the document's text belongs: mercurius once read it as a syntax tree and crashed.
  '42',
  'null',
  '{}',
  '{"kind":"Document","definitions":[{}]}',
];

export interface GraphqlRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

/** The storefront's operations with variables replaced, dropped or mistyped. */
const mutatedOperation = fc
  .tuple(
    fc.constantFrom(...OPERATIONS),
    fc.array(fc.tuple(fc.string({ maxLength: 12 }), hostileJson, fc.boolean()), { maxLength: 3 }),
  )
  .map(([operation, changes]) => {
    const variables: Record<string, unknown> = { ...operation.variables };
    const names = Object.keys(variables);
    for (const [pick, value, drop] of changes) {
      const name = names[pick.length % names.length]!;
      if (drop) delete variables[name];
      else variables[name] = value;
    }
    return { query: operation.query, variables };
  });

const document = fc.oneof(
  { weight: 6, arbitrary: mutatedOperation },
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_DOCUMENTS).map((query) => ({ query, variables: {} })) },
  { weight: 1, arbitrary: hostileString().map((query) => ({ query, variables: {} })) },
);

/** Requests to `/graphql`: POSTed JSON (valid, malformed, batched) and GET query strings. */
export const graphqlRequests: fc.Arbitrary<GraphqlRequest> = fc.oneof(
  {
    weight: 6,
    arbitrary: document.map((body) => ({
      method: 'POST' as const,
      url: '/graphql',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    })),
  },
  {
    weight: 2,
    arbitrary: fc
      .oneof(
        fc.constantFrom(...MALFORMED_JSON_TEXTS),
        hostileJson.map((value) => JSON.stringify(value ?? null)),
        fc.array(document, { minLength: 2, maxLength: 3 }).map((batch) => JSON.stringify(batch)),
      )
      .map((payload) => ({
        method: 'POST' as const,
        url: '/graphql',
        headers: { 'content-type': 'application/json' },
        payload,
      })),
  },
  {
    weight: 2,
    arbitrary: document.map(({ query, variables }) => ({
      method: 'GET' as const,
      url: `/graphql?${queryString([
        ['query', query],
        ['variables', JSON.stringify(variables)],
      ])}`,
      headers: {},
    })),
  },
);
