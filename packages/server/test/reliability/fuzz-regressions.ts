import type { ApiFixture, FuzzMethod } from './api-fuzz-cases';

/** A case the fuzzer once found failing, replayed every run so the defect stays fixed. */
export interface Regression {
  defect: string;
  request(fixture: ApiFixture): { method: FuzzMethod; url: string; headers: Record<string, string>; payload?: string };
  /** Sent this many times (a limit that must engage); the last answer counts. */
  times?: number;
  status: number;
  bodyIncludes?: string;
}

const JSON_TYPE = { 'content-type': 'application/json' };
const FORM_TYPE = { 'content-type': 'application/x-www-form-urlencoded' };

export const REGRESSIONS: Regression[] = [
  {
    defect: 'A GET /graphql document of two operations without an operationName answered code INTERNAL',
    request: () => ({
      method: 'GET',
      url: `/graphql?${new URLSearchParams({
        query: 'query A { colorGroups { color_name } } query B { colorGroups { color_name } }',
        variables: '{}',
      })}`,
      headers: {},
    }),
    status: 400,
    bodyIncludes: 'operationName',
  },
  {
    defect: "A malformed escape in an /api URL answered Fastify's own error body",
    request: () => ({ method: 'DELETE', url: '/api/cart/%', headers: JSON_TYPE, payload: 'null' }),
    status: 400,
    bodyIncludes: '"code":"INVALID_URL"',
  },
  {
    defect: "A malformed escape in a page URL answered Fastify's own error body",
    request: () => ({ method: 'GET', url: '/en-us/p/%E0%A4%A', headers: {} }),
    status: 400,
    bodyIncludes: '"code":"INVALID_URL"',
  },
  {
    defect: 'GET /api/categories?parent_id past 32 bits reached the database and answered 500',
    request: () => ({ method: 'GET', url: '/api/categories?limit=5&parent_id=2147483648', headers: {} }),
    status: 400,
    bodyIncludes: 'parent_id',
  },
  {
    defect: 'An invalid Idempotency-Key was reported as "Header `value`"',
    request: (fixture) => ({
      method: 'POST',
      url: `/api/cart/${fixture.cartId}/checkout`,
      headers: { ...JSON_TYPE, 'idempotency-key': 'not a key' },
      payload: '{}',
    }),
    status: 400,
    bodyIncludes: 'Header `Idempotency-Key`',
  },
  {
    defect: 'A form post under a prefix that is no locale ran its action (the cart changed), then answered 404',
    request: (fixture) => ({
      method: 'POST',
      url: `/%25c0%25ae%25c0%25ae/p/${fixture.productUid}`,
      headers: FORM_TYPE,
      payload: `variantId=${fixture.variantId}&quantity=1`,
    }),
    status: 404,
  },
  {
    defect: 'The country picker answered 500 for a path a Location header cannot carry',
    request: () => ({
      method: 'POST',
      url: '/en-us/country',
      headers: FORM_TYPE,
      payload: 'locale=de-de&path=%2Fp%2Fsummit-pro-binding%F4%8F%BF%BF',
    }),
    status: 302,
  },
  {
    defect: 'The pro code form answered 500 once the pro-code limit (10 an hour) engaged',
    request: () => ({
      method: 'POST',
      url: '/en-us/pro/signup',
      headers: FORM_TYPE,
      payload: 'pro_code=PRO-NOT-A-CODE',
    }),
    times: 11,
    status: 429,
  },
  {
    defect: 'A GraphQL query that was no GraphQL text (`42`) answered 200 INTERNAL and logged a stack trace',
    request: () => ({ method: 'POST', url: '/graphql', headers: JSON_TYPE, payload: '{"query":42}' }),
    status: 400,
    bodyIncludes: '"code":"INVALID_QUERY"',
  },
];
