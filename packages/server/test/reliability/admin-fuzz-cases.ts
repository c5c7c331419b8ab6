import fc from 'fast-check';
import { bodyArbitrary, pathValue, queryArbitrary, type AppRoute, type Body } from './api-fuzz-cases';
import { pathSegment } from './request-encoding';

/** Ids that exist in the fuzzed shop, so valid paths reach past lookups into validation. */
export interface AdminFixture {
  productId: number;
  orderId: number;
  customerId: number;
  staffId: number;
  proCode: string;
  promotionId: number;
}

/** Valid values of a path parameter of `/admin/api`, by its name and the resource the path names. */
function validParams(route: AppRoute, name: string, fx: AdminFixture): string[] {
  if (name === 'code') return [fx.proCode];
  if (name === 'type') return ['blog', 'banner'];
  if (name === 'uid') return ['unknown-entry'];
  const byResource: [string, string][] = [
    ['/admin/api/products/', String(fx.productId)],
    ['/admin/api/orders/', String(fx.orderId)],
    ['/admin/api/customers/', String(fx.customerId)],
    ['/admin/api/staff/', String(fx.staffId)],
    ['/admin/api/promotions/', String(fx.promotionId)],
  ];
  return [byResource.find(([prefix]) => route.url.startsWith(prefix))?.[1] ?? '1'];
}

function pathArbitrary(route: AppRoute, fx: AdminFixture): fc.Arbitrary<string> {
  const parts = route.url.split(/(:[A-Za-z]+|\*)/).filter((part) => part !== '');
  return fc
    .tuple(
      ...parts.map((part) => {
        if (part === '*') return pathValue(['unknown']).map(({ value, raw }) => pathSegment(value, raw));
        if (!part.startsWith(':')) return fc.constant(part);
        return pathValue(validParams(route, part.slice(1), fx)).map(({ value, raw }) => pathSegment(value, raw));
      }),
    )
    .map((segments) => segments.join(''));
}

/** A query most list routes accept, which mutations turn hostile. */
const LIST_QUERY = { q: 'helmet', page: '1', pageSize: '20', sort: '-updated', status: 'shipped', from: '2026-01-01' };

export interface AdminFuzzRequest {
  method: AppRoute['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string;
  withCsrf: boolean;
}

/** Requests to one admin route, sent by a signed-in owner: its path, query and body, each valid or hostile. */
export function adminRequests(route: AppRoute, fx: AdminFixture): fc.Arbitrary<AdminFuzzRequest> {
  return fc
    .record({
      path: pathArbitrary(route, fx),
      query: route.method === 'GET' ? queryArbitrary(LIST_QUERY) : fc.constant(''),
      body: route.method === 'GET' ? fc.constant<Body>({}) : bodyArbitrary({ version: 1, name: 'Fuzz' }),
      withCsrf: fc.oneof({ weight: 9, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    })
    .map(({ path, query, body, withCsrf }) => ({
      method: route.method,
      url: query === '' ? path : `${path}?${query}`,
      headers: body.contentType ? { 'content-type': body.contentType } : ({} as Record<string, string>),
      ...(body.payload === undefined ? {} : { payload: body.payload }),
      withCsrf,
    }));
}
