import { US_ADDRESS } from '../support/test-browser';

/**
 * The access-control matrix (docs/reliability.md 'Access-control matrix'): every customer resource
 * × every role × every verb, through both doors (the `/api` calls and the account pages), with the
 * status each cell must answer. Pure data: access-matrix.reliability.test.ts sets the scene and
 * asserts each cell.
 */

export const ROLES = ['visitor', 'customer A', 'customer B', 'pro', 'employee'] as const;
export type Role = (typeof ROLES)[number];

/** The ids of the moment: the owner's resources and the caller's own account. */
export interface MatrixIds {
  customerA: number;
  emailA: string;
  passwordA: string;
  pro: number;
  /** The caller's own customer id (A's for the visitor, who has none). */
  self: number;
  orderId: number;
  /** The cart A's order was placed from, and the Idempotency-Key that placed it. */
  orderCartId: string;
  orderKey: string;
  productId: number;
  variantId: number;
  /** A's cart and address made for this row (rows with `prepare`). */
  cartId: string;
  itemId: string;
  shippingMethodId: number;
  /** A's payment for that cart, confirmed, and the checkout key it was made under. */
  intentId: string;
  checkoutKey: string;
  addressId: number;
}

export interface MatrixCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: unknown;
  /** A page form: the payload goes urlencoded. */
  form?: boolean;
  headers?: Record<string, string>;
}

export interface MatrixRow {
  resource: 'cart' | 'addresses' | 'orders' | 'shipments' | 'profile' | 'pro totals' | 'pro prices';
  /** How the docs name the call, e.g. `GET /api/cart/{A's cart}`. */
  verb: string;
  /** The role whose resource it is; it goes last, so its success proves the others left it intact. */
  owner: 'customer A' | 'pro';
  /** A fresh resource of A's for this row: calls may take it away. */
  prepare?: 'cart' | 'address';
  expected: Record<Role, number>;
  call(ids: MatrixIds, role: Role): MatrixCall;
  /** A problem with a 2xx answer's content (it shows what the caller may not see), or null. */
  check?(body: string, ids: MatrixIds, role: Role): string | null;
}

const OWNER_ONLY_404 = { visitor: 404, 'customer A': 200, 'customer B': 404, pro: 404, employee: 404 };
const SIGNED_IN_403 = { visitor: 401, 'customer A': 200, 'customer B': 403, pro: 403, employee: 403 };
/** Account pages send the signed-out to sign in, and show the signed-in their own. */
const ACCOUNT_PAGE = { visitor: 302, 'customer A': 200, 'customer B': 200, pro: 200, employee: 200 };

/** What a caller who is not A writes, so a change that got through is easy to find. */
export const MALLORY = 'Mallory';

const isOwner = (role: Role) => role === 'customer A';
const addressBody = (role: Role) => ({
  first_name: isOwner(role) ? 'Tessa' : MALLORY,
  last_name: 'Calloway',
  address1: '1450 South West Temple',
  city: isOwner(role) ? 'Salt Lake City' : `${MALLORY}town`,
  state_or_province: 'UT',
  postal_code: '84115',
  country_code: 'US',
});
const form = (url: string, fields: Record<string, string | number>): MatrixCall => ({
  method: 'POST',
  url,
  form: true,
  payload: Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, String(value)])),
});

/** A body may not show A's order to anyone but A. */
const hidesOrderOfA = (body: string, ids: MatrixIds, role: Role) =>
  !isOwner(role) && new RegExp(`\\b${ids.orderId}\\b`).test(body) ? `shows A's order ${ids.orderId}` : null;
const hidesEmailOfA = (body: string, ids: MatrixIds, role: Role) =>
  !isOwner(role) && body.includes(ids.emailA) ? "shows A's email" : null;

export const MATRIX: MatrixRow[] = [
  // Cart: A's cart answers to A alone; anyone else gets 404, as for a cart that does not exist.
  {
    resource: 'cart',
    verb: "GET /api/cart/{A's cart}",
    owner: 'customer A',
    prepare: 'cart',
    expected: OWNER_ONLY_404,
    call: (ids) => ({ method: 'GET', url: `/api/cart/${ids.cartId}` }),
  },
  {
    resource: 'cart',
    verb: "POST /api/cart/{A's cart}/items",
    owner: 'customer A',
    prepare: 'cart',
    expected: OWNER_ONLY_404,
    call: (ids) => ({
      method: 'POST',
      url: `/api/cart/${ids.cartId}/items`,
      payload: { line_items: [{ product_id: ids.productId, variant_id: ids.variantId, quantity: 1 }] },
    }),
  },
  {
    resource: 'cart',
    verb: "PUT /api/cart/{A's cart}/items/{line}",
    owner: 'customer A',
    prepare: 'cart',
    expected: OWNER_ONLY_404,
    call: (ids) => ({
      method: 'PUT',
      url: `/api/cart/${ids.cartId}/items/${ids.itemId}`,
      payload: { productID: ids.productId, quantity: 3 },
    }),
  },
  {
    resource: 'cart',
    verb: "DELETE /api/cart/{A's cart}/items/{line}",
    owner: 'customer A',
    prepare: 'cart',
    expected: OWNER_ONLY_404,
    call: (ids) => ({ method: 'DELETE', url: `/api/cart/${ids.cartId}/items/${ids.itemId}` }),
  },
  {
    resource: 'cart',
    verb: "PUT /api/cart/{A's cart} { customerID: own id }",
    owner: 'customer A',
    prepare: 'cart',
    expected: OWNER_ONLY_404,
    call: (ids) => ({ method: 'PUT', url: `/api/cart/${ids.cartId}`, payload: { customerID: ids.self } }),
  },
  {
    resource: 'cart',
    verb: "POST /api/cart/{A's cart}/checkout/quote",
    owner: 'customer A',
    prepare: 'cart',
    expected: OWNER_ONLY_404,
    call: (ids) => ({
      method: 'POST',
      url: `/api/cart/${ids.cartId}/checkout/quote`,
      payload: { country_iso2: 'US', state: 'UT' },
    }),
  },
  {
    resource: 'cart',
    verb: "POST /api/cart/{A's cart}/checkout",
    owner: 'customer A',
    prepare: 'cart',
    expected: { ...OWNER_ONLY_404, 'customer A': 201 },
    call: (ids) => ({
      method: 'POST',
      url: `/api/cart/${ids.cartId}/checkout`,
      headers: { 'idempotency-key': ids.checkoutKey },
      payload: {
        email: ids.emailA,
        shipping_address: US_ADDRESS,
        shipping_method_id: ids.shippingMethodId,
        payment: { intent_id: ids.intentId },
      },
    }),
  },
  {
    resource: 'cart',
    verb: "DELETE /api/cart/{A's cart}",
    owner: 'customer A',
    prepare: 'cart',
    expected: { ...OWNER_ONLY_404, 'customer A': 204 },
    call: (ids) => ({ method: 'DELETE', url: `/api/cart/${ids.cartId}` }),
  },

  // Addresses: another customer's id in the path is 403; A's address id under one's own path is 404.
  {
    resource: 'addresses',
    verb: 'GET /api/customers/{A}/addresses',
    owner: 'customer A',
    expected: SIGNED_IN_403,
    call: (ids) => ({ method: 'GET', url: `/api/customers/${ids.customerA}/addresses` }),
  },
  {
    resource: 'addresses',
    verb: 'POST /api/customers/{A}/addresses',
    owner: 'customer A',
    expected: { ...SIGNED_IN_403, 'customer A': 201 },
    call: (ids, role) => ({
      method: 'POST',
      url: `/api/customers/${ids.customerA}/addresses`,
      payload: addressBody(role),
    }),
  },
  {
    resource: 'addresses',
    verb: "PUT /api/customers/{A}/addresses { id: A's address }",
    owner: 'customer A',
    prepare: 'address',
    expected: SIGNED_IN_403,
    call: (ids, role) => ({
      method: 'PUT',
      url: `/api/customers/${ids.customerA}/addresses`,
      payload: { id: ids.addressId, city: addressBody(role).city },
    }),
  },
  {
    resource: 'addresses',
    verb: "PUT /api/customers/{own id}/addresses { id: A's address }",
    owner: 'customer A',
    prepare: 'address',
    expected: { visitor: 401, 'customer A': 200, 'customer B': 404, pro: 404, employee: 404 },
    call: (ids, role) => ({
      method: 'PUT',
      url: `/api/customers/${ids.self}/addresses`,
      payload: { id: ids.addressId, city: addressBody(role).city, is_default: true },
    }),
  },
  {
    resource: 'addresses',
    verb: "DELETE /api/customers/{A}/addresses/{A's address}",
    owner: 'customer A',
    prepare: 'address',
    expected: { ...SIGNED_IN_403, 'customer A': 204 },
    call: (ids) => ({ method: 'DELETE', url: `/api/customers/${ids.customerA}/addresses/${ids.addressId}` }),
  },
  {
    resource: 'addresses',
    verb: "DELETE /api/customers/{own id}/addresses/{A's address}",
    owner: 'customer A',
    prepare: 'address',
    expected: { visitor: 401, 'customer A': 204, 'customer B': 404, pro: 404, employee: 404 },
    call: (ids) => ({ method: 'DELETE', url: `/api/customers/${ids.self}/addresses/${ids.addressId}` }),
  },
  {
    resource: 'addresses',
    verb: 'GET /en-us/account/addresses (page)',
    owner: 'customer A',
    prepare: 'address',
    expected: ACCOUNT_PAGE,
    call: () => ({ method: 'GET', url: '/en-us/account/addresses' }),
    check: (body, ids, role) => (!isOwner(role) && body.includes(`edit=${ids.addressId}`) ? "lists A's address" : null),
  },
  {
    resource: 'addresses',
    verb: "POST /en-us/account/addresses intent=update (A's address)",
    owner: 'customer A',
    prepare: 'address',
    expected: { visitor: 302, 'customer A': 302, 'customer B': 404, pro: 404, employee: 404 },
    call: (ids, role) =>
      form('/en-us/account/addresses', { intent: 'update', address_id: ids.addressId, ...addressBody(role) }),
  },
  {
    resource: 'addresses',
    verb: "POST /en-us/account/addresses intent=default (A's address)",
    owner: 'customer A',
    prepare: 'address',
    expected: { visitor: 302, 'customer A': 302, 'customer B': 404, pro: 404, employee: 404 },
    call: (ids) => form('/en-us/account/addresses', { intent: 'default', address_id: ids.addressId }),
  },
  {
    // Deleting what is not there has the outcome asked for (the page says 'deleted'); A's address stays.
    resource: 'addresses',
    verb: "POST /en-us/account/addresses intent=delete (A's address)",
    owner: 'customer A',
    prepare: 'address',
    expected: { visitor: 302, 'customer A': 302, 'customer B': 302, pro: 302, employee: 302 },
    call: (ids) => form('/en-us/account/addresses', { intent: 'delete', address_id: ids.addressId }),
  },

  // Orders and shipments: A's order is 404 to everyone else, as one that does not exist.
  {
    resource: 'orders',
    verb: "GET /api/orders/{A's order}",
    owner: 'customer A',
    expected: OWNER_ONLY_404,
    call: (ids) => ({ method: 'GET', url: `/api/orders/${ids.orderId}` }),
  },
  {
    resource: 'orders',
    verb: "GET /api/order/{A's order}",
    owner: 'customer A',
    expected: OWNER_ONLY_404,
    call: (ids) => ({ method: 'GET', url: `/api/order/${ids.orderId}` }),
  },
  {
    resource: 'orders',
    verb: "POST /api/cart/{A's ordered cart}/checkout with the Idempotency-Key of A's order (a replay)",
    owner: 'customer A',
    expected: { visitor: 409, 'customer A': 201, 'customer B': 409, pro: 409, employee: 409 },
    call: (ids, role) => ({
      method: 'POST',
      url: `/api/cart/${ids.orderCartId}/checkout`,
      headers: { 'idempotency-key': ids.orderKey },
      payload: {
        email: isOwner(role) ? ids.emailA : `${MALLORY.toLowerCase()}@example.com`,
        shipping_address: US_ADDRESS,
        shipping_method_id: 1,
        payment: { intent_id: 'pi_test_unpaid' },
      },
    }),
  },
  {
    resource: 'orders',
    verb: 'GET /api/orders (own list)',
    owner: 'customer A',
    expected: { visitor: 401, 'customer A': 200, 'customer B': 200, pro: 200, employee: 200 },
    call: () => ({ method: 'GET', url: '/api/orders' }),
    check: hidesOrderOfA,
  },
  {
    resource: 'orders',
    verb: "GET /api/order-status/{A's order}?email={A's email} (guest lookup)",
    owner: 'customer A',
    expected: { visitor: 200, 'customer A': 200, 'customer B': 200, pro: 200, employee: 200 },
    call: (ids) => ({ method: 'GET', url: `/api/order-status/${ids.orderId}?email=${encodeURIComponent(ids.emailA)}` }),
  },
  {
    resource: 'orders',
    verb: "GET /api/order-status/{A's order}?email={another email}",
    owner: 'customer A',
    expected: { visitor: 404, 'customer A': 404, 'customer B': 404, pro: 404, employee: 404 },
    call: (ids) => ({ method: 'GET', url: `/api/order-status/${ids.orderId}?email=someone.else%40example.com` }),
  },
  {
    resource: 'orders',
    verb: 'GET /en-us/account/orders (page)',
    owner: 'customer A',
    expected: ACCOUNT_PAGE,
    call: () => ({ method: 'GET', url: '/en-us/account/orders' }),
    check: (body, ids, role) =>
      !isOwner(role) && body.includes(`/account/orders/${ids.orderId}`) ? "lists A's order" : null,
  },
  {
    resource: 'orders',
    verb: "GET /en-us/account/orders/{A's order} (page)",
    owner: 'customer A',
    expected: { ...OWNER_ONLY_404, visitor: 302 },
    call: (ids) => ({ method: 'GET', url: `/en-us/account/orders/${ids.orderId}` }),
  },
  {
    resource: 'orders',
    verb: "GET /en-us/checkout/confirmation/{A's order} (page)",
    owner: 'customer A',
    expected: OWNER_ONLY_404,
    call: (ids) => ({ method: 'GET', url: `/en-us/checkout/confirmation/${ids.orderId}` }),
  },
  {
    resource: 'shipments',
    verb: "GET /api/orders/{A's order}/shipments",
    owner: 'customer A',
    expected: OWNER_ONLY_404,
    call: (ids) => ({ method: 'GET', url: `/api/orders/${ids.orderId}/shipments` }),
  },

  // Profile.
  {
    resource: 'profile',
    verb: 'GET /api/customers/{A}',
    owner: 'customer A',
    expected: SIGNED_IN_403,
    call: (ids) => ({ method: 'GET', url: `/api/customers/${ids.customerA}` }),
  },
  {
    resource: 'profile',
    verb: 'PUT /api/customers/{A} { first_name }',
    owner: 'customer A',
    expected: SIGNED_IN_403,
    call: (ids, role) => ({
      method: 'PUT',
      url: `/api/customers/${ids.customerA}`,
      payload: { first_name: isOwner(role) ? 'Alice' : MALLORY },
    }),
  },
  {
    resource: 'profile',
    verb: "PUT /api/customers/{A} { email, current_password: A's }",
    owner: 'customer A',
    expected: SIGNED_IN_403,
    call: (ids, role) => ({
      method: 'PUT',
      url: `/api/customers/${ids.customerA}`,
      // A's own cell changes nothing: the same email.
      payload: { email: isOwner(role) ? ids.emailA : 'mallory@example.com', current_password: ids.passwordA },
    }),
  },
  {
    resource: 'profile',
    verb: "GET /api/customers?email:in={A's email}",
    owner: 'customer A',
    expected: { visitor: 401, 'customer A': 200, 'customer B': 200, pro: 200, employee: 200 },
    call: (ids) => ({ method: 'GET', url: `/api/customers?email:in=${encodeURIComponent(ids.emailA)}` }),
    check: hidesEmailOfA,
  },
  {
    resource: 'profile',
    verb: 'POST /api/customers/bclogin { id: A }',
    owner: 'customer A',
    expected: SIGNED_IN_403,
    call: (ids) => ({ method: 'POST', url: '/api/customers/bclogin', payload: { id: ids.customerA, redirect: '/' } }),
  },
  {
    resource: 'profile',
    verb: 'GET /en-us/account/profile (page)',
    owner: 'customer A',
    expected: ACCOUNT_PAGE,
    call: () => ({ method: 'GET', url: '/en-us/account/profile' }),
    check: hidesEmailOfA,
  },

  // Pro: the spend total is its owner's alone; pro prices need a pro (or employee) account, not the pro region.
  {
    resource: 'pro totals',
    verb: "GET /api/pro/order_total?customer_id={pro's id}",
    owner: 'pro',
    expected: { visitor: 401, 'customer A': 403, 'customer B': 403, pro: 200, employee: 403 },
    call: (ids) => ({ method: 'GET', url: `/api/pro/order_total?customer_id=${ids.pro}&brand_id=us` }),
  },
  {
    resource: 'pro totals',
    verb: 'GET /api/pro/order_total?customer_id={own id}',
    owner: 'pro',
    expected: { visitor: 401, 'customer A': 200, 'customer B': 200, pro: 200, employee: 200 },
    call: (ids) => ({ method: 'GET', url: `/api/pro/order_total?customer_id=${ids.self}&brand_id=us` }),
    check: (body, _ids, role) => {
      const total = JSON.parse(body) as { expiration_date: unknown; employee_group: unknown };
      if ((role === 'pro') !== (total.expiration_date !== null))
        return `expiration_date ${String(total.expiration_date)}`;
      if ((role === 'employee') !== (total.employee_group === true))
        return `employee_group ${String(total.employee_group)}`;
      return null;
    },
  },
  {
    resource: 'pro prices',
    verb: 'GET /api/products/{id} with x-bc-region: pro',
    owner: 'pro',
    expected: { visitor: 200, 'customer A': 200, 'customer B': 200, pro: 200, employee: 200 },
    call: (ids) => ({ method: 'GET', url: `/api/products/${ids.productId}`, headers: { 'x-bc-region': 'pro' } }),
    check: (body, _ids, role) => {
      const { price, calculated_price: paid } = (
        JSON.parse(body) as { data: { price: number; calculated_price: number } }
      ).data;
      const discounted = paid < price;
      const entitled = role === 'pro' || role === 'employee';
      return discounted === entitled ? null : `${entitled ? 'misses' : 'gets'} the group price (${paid} of ${price})`;
    },
  },

  // Last: A deletes the account the rows above used.
  {
    resource: 'profile',
    verb: "DELETE /api/customers/{A} { pw: A's }",
    owner: 'customer A',
    expected: { ...SIGNED_IN_403, 'customer A': 204 },
    call: (ids) => ({ method: 'DELETE', url: `/api/customers/${ids.customerA}`, payload: { pw: ids.passwordA } }),
  },
];
