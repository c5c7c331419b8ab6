import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { US_ADDRESS } from '../support/test-browser';
import { FIXTURE_ADDRESS } from './api-fixture';
import { CARD_SHAPED, hostileJson, hostileRegion, hostileString, MALFORMED_JSON_TEXTS } from './fuzz-values';
import { headerValue, pathSegment, queryString } from './request-encoding';
import { mutated } from './template-mutations';

export type FuzzMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One route as Fastify registered it, e.g. `PUT /api/cart/:cartId/items/:itemId`. */
export interface AppRoute {
  method: FuzzMethod;
  url: string;
}

/** What a signed-in customer owns, so valid ids reach past the access checks into validation and services. */
export interface ApiFixture {
  customerId: number;
  email: string;
  addressId: number;
  orderId: number;
  cartId: string;
  itemId: string;
  productId: number;
  /** The product's content uid, as its page is named (`/en-us/p/{uid}`). */
  productUid: string;
  variantId: number;
  /** The keys the embedded content and search services expect (test config). */
  keys: {
    search: string;
    searchEngine: string;
    contentApiKey: string;
    contentToken: string;
    contentEnvironment: string;
  };
}

export interface FuzzRequest {
  method: FuzzMethod;
  /** Path and query, encoded as a client would send them. */
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** Sent by the signed-in customer of the fixture, else by a visitor. */
  asCustomer: boolean;
  /** Sends the CSRF header (the double-submit cookie is always there). */
  withCsrf: boolean;
  /** The one status the answer must have (a card number: 400), beyond the checks every case meets. */
  expectedStatus?: number;
}

export type Template = Record<string, unknown>;

/** A body the route accepts, or nearly: mutations of it reach deeper than random objects do. */
export function bodyTemplate(route: AppRoute, fx: ApiFixture): Template | undefined {
  const line = { product_id: fx.productId, variant_id: fx.variantId, quantity: 1 };
  const address = FIXTURE_ADDRESS;
  const templates: Record<string, Template> = {
    'POST /api/cart/create': { line_items: [line] },
    'POST /api/cart/:cartId/items': { line_items: [line] },
    'PUT /api/cart/:cartId/items/:itemId': { productID: fx.productId, quantity: 2 },
    'PUT /api/cart/:cartId': { customerID: fx.customerId },
    'POST /api/cart/:cartId/checkout/quote': { country_iso2: 'US', state: 'UT' },
    'POST /api/cart/:cartId/checkout': {
      email: 'fuzz@example.com',
      shipping_address: US_ADDRESS,
      shipping_method_id: 1,
      payment: { intent_id: 'pi_test_fuzz' },
    },
    'POST /api/cart/:cartId/payments': { shipping_address: { country_iso2: 'US', state: 'UT' }, shipping_method_id: 1 },
    'POST /api/customers/login': { email: 'nobody@example.com', pw: 'not the password' },
    'POST /api/customers/create': {
      email: 'fuzz@example.com',
      password: 'a long enough passphrase',
      first_name: 'Fuzz',
      last_name: 'Tester',
    },
    'PUT /api/customers/:id': { first_name: 'Alice', current_password: 'not the password' },
    'DELETE /api/customers/:id': { pw: 'not the password' },
    'POST /api/customers/:id/addresses': address,
    'PUT /api/customers/:id/addresses': { id: fx.addressId, city: 'Provo' },
    'POST /api/customers/validate': { customer: 'nobody@example.com', pw: 'not the password' },
    'POST /api/customers/bclogin': { id: fx.customerId, redirect: '/en-us/account' },
    'POST /api/customers/password-reset': { email: 'nobody@example.com' },
    'POST /api/customers/password-reset/confirm': { token: 'ab'.repeat(32), new_password: 'a long enough passphrase' },
    'POST /api/content/*': { environment: fx.keys.contentEnvironment, locale: 'en-us' },
    'POST /api/search/api/as/v1/engines/*': { query: 'helmet', page: { size: 2 } },
  };
  return templates[`${route.method} ${route.url}`];
}

/** A query the route accepts. */
function queryTemplate(route: AppRoute, fx: ApiFixture): Template {
  const templates: Record<string, Template> = {
    '/api/products': { limit: '5', include: 'variants,options' },
    '/api/variants': { limit: '5', 'product_id:in': String(fx.productId) },
    '/api/categories': { limit: '5', parent_id: '0' },
    '/api/out-of-stock': { ids: String(fx.productId) },
    '/api/category/products/inventory': { ids: String(fx.productId) },
    '/api/customers': { 'email:in': fx.email },
    '/api/customer_groups': { is_group_for_guests: 'true' },
    '/api/orders': { page: '1', limit: '10' },
    '/api/order-status/:id': { email: fx.email },
    '/api/pro/order_total': { customer_id: String(fx.customerId), brand_id: 'us' },
    '/api/pro/shipping_method_settings': { bcRegion: 'us' },
    '/api/bot-protection/challenge': { action: 'login' },
    '/api/interstack/references': {
      content_type: 'product',
      api_key: fx.keys.contentApiKey,
      entry_uids: 'summit-pro-binding',
      locale: 'en-us',
    },
    '/api/content/*': { environment: fx.keys.contentEnvironment, locale: 'en-us' },
  };
  return route.method === 'GET' ? (templates[route.url] ?? {}) : {};
}

/** Valid values for a path parameter, by its name and the resource the path names. */
function validParams(route: AppRoute, name: string, fx: ApiFixture): string[] {
  if (name === 'cartId') return [fx.cartId];
  if (name === 'itemId') return [fx.itemId];
  if (name === 'variantId') return [String(fx.variantId)];
  if (name === 'addressId') return [String(fx.addressId)];
  const byResource: [string, string][] = [
    ['/api/customers/', String(fx.customerId)],
    ['/api/orders/', String(fx.orderId)],
    ['/api/order/', String(fx.orderId)],
    ['/api/order-status/', String(fx.orderId)],
    ['/api/products/', String(fx.productId)],
    ['/api/categories/', '20'],
    ['/api/countries/', '226'],
  ];
  return [byResource.find(([prefix]) => route.url.startsWith(prefix))?.[1] ?? '1'];
}

/** What fills a wildcard: the paths its service answers, or anything. */
function validWildcards(route: AppRoute, fx: ApiFixture): string[] {
  if (route.url.startsWith('/api/search/')) return [`${fx.keys.searchEngine}/search.json`, 'piste/click.json'];
  if (route.url.startsWith('/api/content/')) return ['v3/content_types/product/entries', 'v3/assets'];
  return ['unknown', 'products/extra/segments'];
}

/** The route's path with valid ids and its query, as the storefront's own call would send it. */
export function validUrl(route: AppRoute, fx: ApiFixture): string {
  const path = route.url
    .replace(/:([A-Za-z]+)/g, (_match, name: string) => validParams(route, name, fx)[0]!)
    .replace('*', validWildcards(route, fx)[0]!);
  const query = queryString(Object.entries(queryTemplate(route, fx)).map(([key, value]) => [key, String(value)]));
  return query === '' ? path : `${path}?${query}`;
}

export const pathValue = (valid: string[]) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...valid).map((value) => ({ value, raw: true })) },
    { weight: 4, arbitrary: fc.record({ value: hostileString(valid), raw: fc.boolean() }) },
    // Past find-my-way's maxParamLength of 500.
    { weight: 1, arbitrary: fc.constant({ value: '7'.repeat(600), raw: true }) },
  );

function pathArbitrary(route: AppRoute, fx: ApiFixture): fc.Arbitrary<string> {
  const parts = route.url.split(/(:[A-Za-z]+|\*)/).filter((part) => part !== '');
  return fc
    .tuple(
      ...parts.map((part) => {
        if (part === '*') return pathValue(validWildcards(route, fx)).map(({ value, raw }) => pathSegment(value, raw));
        if (!part.startsWith(':')) return fc.constant(part);
        return pathValue(validParams(route, part.slice(1), fx)).map(({ value, raw }) => pathSegment(value, raw));
      }),
    )
    .map((segments) => segments.join(''));
}

export interface Body {
  payload?: string;
  contentType?: string;
}

const JSON_TYPE = 'application/json';
/** Over the API's 1 MB body limit. */
const OVERSIZED = JSON.stringify({ line_items: 'x'.repeat(1_100_000) });

export function bodyArbitrary(template: Template | undefined): fc.Arbitrary<Body> {
  const base = template ?? {};
  const json = (value: unknown): Body => ({ payload: JSON.stringify(value ?? null), contentType: JSON_TYPE });
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant(json(base)) },
    { weight: 10, arbitrary: mutated(base, hostileJson).map(json) },
    { weight: 2, arbitrary: hostileJson.map(json) },
    {
      weight: 3,
      arbitrary: fc.constantFrom(...MALFORMED_JSON_TEXTS).map((payload) => ({ payload, contentType: JSON_TYPE })),
    },
    {
      weight: 2,
      arbitrary: fc.constantFrom<Body>(
        {},
        { contentType: JSON_TYPE },
        { payload: '', contentType: JSON_TYPE },
        { payload: JSON.stringify(base), contentType: 'text/plain' },
        { payload: JSON.stringify(base) },
        { payload: 'line_items=1&__proto__[polluted]=1', contentType: 'application/x-www-form-urlencoded' },
        { payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n', contentType: 'multipart/form-data' },
        { payload: JSON.stringify(base), contentType: 'application/json; charset=utf-16' },
        { payload: JSON.stringify(base), contentType: 'application/vnd.api+json' },
      ),
    },
    { weight: 1, arbitrary: fc.constant({ payload: OVERSIZED, contentType: JSON_TYPE }) },
  );
}

export function queryArbitrary(template: Template): fc.Arbitrary<string> {
  const values = hostileString(Object.values(template).map(String));
  const pairsOf = (query: unknown): [string, string][] =>
    query && typeof query === 'object'
      ? Object.entries(query).map(([key, value]) => [
          key,
          typeof value === 'string' ? value : JSON.stringify(value ?? null),
        ])
      : [];
  return fc
    .oneof(
      { weight: 2, arbitrary: fc.constant(pairsOf(template)) },
      { weight: 6, arbitrary: mutated(template, values).map(pairsOf) },
      // The same key twice arrives as an array.
      {
        weight: 1,
        arbitrary: values.map((value) => [
          ...pairsOf(template),
          [Object.keys(template)[0] ?? 'page', value] as [string, string],
        ]),
      },
    )
    .map(queryString);
}

/** The headers of a case: region, locale, the services' keys, an idempotency key. */
function headersArbitrary(route: AppRoute, fx: ApiFixture): fc.Arbitrary<Record<string, string>> {
  const searchAuth = fc.oneof(fc.constant(`Bearer ${fx.keys.search}`), hostileString(['Bearer x']));
  return fc
    .record(
      {
        'x-bc-region': hostileRegion,
        'x-locale': fc.option(hostileString(['de-de', 'en-us']), { nil: undefined }),
        'idempotency-key': fc.option(fc.oneof(fc.constant(randomUUID()), hostileString()), { nil: undefined }),
        authorization: route.url.startsWith('/api/search/') ? searchAuth : fc.constant(undefined),
        api_key: fc.constant(route.url.startsWith('/api/content/') ? fx.keys.contentApiKey : undefined),
        access_token: fc.constant(route.url.startsWith('/api/content/') ? fx.keys.contentToken : undefined),
        'x-http-method-override': fc.constantFrom(undefined, 'GET', 'DELETE'),
      },
      { requiredKeys: [] },
    )
    .map((headers) =>
      Object.fromEntries(
        Object.entries(headers).flatMap(([name, value]) =>
          typeof value === 'string' ? [[name, headerValue(value)]] : [],
        ),
      ),
    );
}

/**
 * A request the route would take but for a card number in its query or in a field of its body
 * (replaced or added): refused with 400 before any check or handler reads it.
 */
function cardShapedRequests(route: AppRoute, fx: ApiFixture): fc.Arbitrary<FuzzRequest> {
  const template = bodyTemplate(route, fx) ?? {};
  const hasBody = route.method !== 'GET';
  return fc
    .record({
      card: CARD_SHAPED,
      field: fc.constantFrom(...Object.keys(template), 'note'),
      inQuery: hasBody ? fc.boolean() : fc.constant(true),
      asCustomer: fc.boolean(),
    })
    .map(({ card, field, inQuery, asCustomer }): FuzzRequest => {
      const url = validUrl(route, fx);
      const body = inQuery ? template : { ...template, [field]: card };
      return {
        method: route.method,
        url: inQuery ? `${url}${url.includes('?') ? '&' : '?'}${queryString([[field, String(card)]])}` : url,
        headers: hasBody ? { 'content-type': JSON_TYPE } : {},
        ...(hasBody ? { payload: JSON.stringify(body) } : {}),
        asCustomer,
        withCsrf: true,
        expectedStatus: 400,
      };
    });
}

/** Requests to one route: its path, query, body and headers, each valid or hostile, or holding a card number. */
export function apiRequests(route: AppRoute, fx: ApiFixture): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(
    { weight: 9, arbitrary: hostileApiRequests(route, fx) },
    { weight: 1, arbitrary: cardShapedRequests(route, fx) },
  );
}

function hostileApiRequests(route: AppRoute, fx: ApiFixture): fc.Arbitrary<FuzzRequest> {
  const hasBody = route.method !== 'GET';
  return fc
    .record({
      path: pathArbitrary(route, fx),
      query: queryArbitrary(queryTemplate(route, fx)),
      body: hasBody ? bodyArbitrary(bodyTemplate(route, fx)) : fc.constant<Body>({}),
      headers: headersArbitrary(route, fx),
      asCustomer: fc.boolean(),
      // Mostly with the CSRF header, so the handlers behind the check are reached.
      withCsrf: fc.oneof({ weight: 9, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    })
    .map(({ path, query, body, headers, asCustomer, withCsrf }) => ({
      method: route.method,
      url: query === '' ? path : `${path}?${query}`,
      headers: body.contentType ? { ...headers, 'content-type': body.contentType } : headers,
      ...(body.payload === undefined ? {} : { payload: body.payload }),
      asCustomer,
      withCsrf,
    }));
}
