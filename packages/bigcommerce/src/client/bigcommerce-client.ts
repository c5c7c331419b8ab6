import { createHttpClient, HttpError, type FetchLike } from '@piste/core';
import type { z } from 'zod';
import {
  BIGCOMMERCE_UNAVAILABLE_MESSAGE,
  BigCommerceError,
  BigCommerceShapeError,
  type BigCommerceErrorBody,
} from './bigcommerce-error';

/**
 * One client for BigCommerce's REST Management API (developer.bigcommerce.com/docs/api):
 * `{apiUrl}/stores/{hash}/v3/…` and `…/v2/…` with the `X-Auth-Token` header, over the shared
 * HTTP client of spec §7 'Other' (one retry for reads, none for writes, on 408/409/425/429/5xx).
 * It honours BigCommerce's rate-limit headers: a 429 waits `X-Rate-Limit-Time-Reset-Ms` before its
 * retry, and when an answer says no requests are left in the window the next call waits for the
 * window to reset instead of being refused.
 */

export interface BigCommerceLogger {
  warn(message: string, details?: unknown): void;
}

export interface BigCommerceClientOptions {
  apiUrl: string;
  storeHash: string;
  accessToken: string;
  /** Longest one try may take. */
  timeoutMs: number;
  /** The global fetch unless given. */
  fetch?: FetchLike;
  logger?: BigCommerceLogger;
}

type Query = Record<string, string | number | boolean | readonly (string | number)[] | undefined>;

export interface BigCommerceRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Query;
  json?: unknown;
}

/** v3's paging (`meta.pagination`), as list endpoints answer it. */
export interface V3Pagination {
  total: number;
  count: number;
  per_page: number;
  current_page: number;
  total_pages: number;
  links?: { previous?: string; current?: string; next?: string };
}

export interface V3Answer<T> {
  data: T;
  meta: { pagination?: V3Pagination } & Record<string, unknown>;
}

/** The most a list endpoint hands out per page (v3 `limit` ≤ 250; v2 `limit` ≤ 250). */
export const BIGCOMMERCE_PAGE_LIMIT = 250;
/** The longest a rate-limit wait may be before the call fails as unavailable rather than holding a page. */
const MAX_RATE_LIMIT_WAIT_MS = 5_000;

/** `a:in=1,2` and friends: BigCommerce takes lists comma-separated. */
export function queryString(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    params.set(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = params.toString().replaceAll('%3A', ':').replaceAll('%2C', ',');
  return text ? `?${text}` : '';
}

function rateLimitResetMs(headers: Headers): number | null {
  const value = Number(headers.get('x-rate-limit-time-reset-ms'));
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** A retry waits for the window's reset only when the window is used up (a 429); BigCommerce sends the headers on every answer. */
export function createBigCommerceClient(options: BigCommerceClientOptions) {
  const http = createHttpClient({
    baseUrl: `${options.apiUrl.replace(/\/+$/, '')}/stores/${options.storeHash}`,
    headers: { 'x-auth-token': options.accessToken },
    timeoutMs: options.timeoutMs,
    fetch: options.fetch,
    // BigCommerce sends its window's reset on every answer: it is the wait only when the answer is a 429.
    retryAfterMs: (headers, status) => (status === 429 ? rateLimitResetMs(headers) : null),
    maxRetryWaitMs: MAX_RATE_LIMIT_WAIT_MS,
  });
  /** When the window's requests ran out: calls wait until then. */
  let windowResetsAt = 0;

  async function send<T>(path: string, request: BigCommerceRequest): Promise<{ status: number; data: T }> {
    const method = request.method ?? 'GET';
    const call = `${method} ${path.split('?')[0]}`;
    const wait = windowResetsAt - Date.now();
    if (wait > MAX_RATE_LIMIT_WAIT_MS) {
      options.logger?.warn('[bigcommerce] Rate limit used up', { call, resetsInMs: wait });
      throw new BigCommerceError(call, 429, undefined, BIGCOMMERCE_UNAVAILABLE_MESSAGE, 'BIGCOMMERCE_RATE_LIMITED');
    }
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    try {
      const response = await http.request<T>(`${path}${queryString(request.query)}`, { method, json: request.json });
      const left = response.headers.get('x-rate-limit-requests-left');
      const reset = rateLimitResetMs(response.headers);
      if (left !== null && Number(left) <= 0 && reset !== null) windowResetsAt = Date.now() + reset;
      return { status: response.status, data: response.data };
    } catch (error) {
      throw toBigCommerceError(call, error, options.logger);
    }
  }

  return {
    /** A v3 call: BigCommerce wraps its answer as `{ data, meta }`. */
    async v3<T>(path: string, request: BigCommerceRequest = {}): Promise<V3Answer<T>> {
      const { data } = await send<V3Answer<T>>(`/v3${path}`, request);
      return data ?? ({ data: undefined, meta: {} } as V3Answer<T>);
    },

    /** A v2 call: the bare answer; an empty list is `204 No Content`, answered here as null. */
    async v2<T>(path: string, request: BigCommerceRequest = {}): Promise<T | null> {
      const { status, data } = await send<T>(`/v2${path}`, request);
      return status === 204 ? null : (data ?? null);
    },

    /** Every page of a v3 list, `limit` at a time, following `meta.pagination.total_pages`. */
    async v3All<T>(path: string, query: Query = {}): Promise<T[]> {
      const items: T[] = [];
      for (let page = 1; ; page += 1) {
        const answer = await this.v3<T[]>(path, { query: { ...query, page, limit: BIGCOMMERCE_PAGE_LIMIT } });
        items.push(...(answer.data ?? []));
        const pages = answer.meta.pagination?.total_pages ?? 1;
        if (page >= pages) return items;
      }
    },

    /** Every page of a v2 list: pages until one comes back short or empty (v2 has no paging metadata). */
    async v2All<T>(path: string, query: Query = {}): Promise<T[]> {
      const items: T[] = [];
      for (let page = 1; ; page += 1) {
        const answer = await this.v2<T[]>(path, { query: { ...query, page, limit: BIGCOMMERCE_PAGE_LIMIT } });
        items.push(...(answer ?? []));
        if (!answer || answer.length < BIGCOMMERCE_PAGE_LIMIT) return items;
      }
    },

    /** Reads an answer with a schema; an unexpected shape is logged with the call and answered as unavailable. */
    parse<S extends z.ZodType>(call: string, schema: S, data: unknown): z.infer<S> {
      const parsed = schema.safeParse(data);
      if (parsed.success) return parsed.data;
      const problems = parsed.error.issues.slice(0, 5).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
      options.logger?.warn('[bigcommerce] Unexpected answer', { call, problems });
      throw new BigCommerceShapeError(call, problems);
    },
  };
}

export type BigCommerceClient = ReturnType<typeof createBigCommerceClient>;

function toBigCommerceError(call: string, error: unknown, logger: BigCommerceLogger | undefined): BigCommerceError {
  if (!(error instanceof HttpError)) {
    logger?.warn('[bigcommerce] Call failed', { call, error: String(error) });
    return new BigCommerceError(call, 0, undefined, BIGCOMMERCE_UNAVAILABLE_MESSAGE);
  }
  if (error.kind !== 'status') {
    logger?.warn('[bigcommerce] Call failed', { call, error: error.message });
    return new BigCommerceError(call, 0, undefined, BIGCOMMERCE_UNAVAILABLE_MESSAGE);
  }
  const raw = error.response?.data;
  // v2 answers a list of `{ status, message }`; v3 one object.
  const body: BigCommerceErrorBody | undefined = Array.isArray(raw)
    ? { status: error.status, title: (raw[0] as { message?: string } | undefined)?.message }
    : (raw as BigCommerceErrorBody | undefined);
  // A store hash BigCommerce does not know is our misconfiguration, not a missing record: unavailable.
  const failure = isStoreNotFound(error.status, body)
    ? new BigCommerceError(
        call,
        error.status,
        body,
        BIGCOMMERCE_UNAVAILABLE_MESSAGE,
        'BIGCOMMERCE_STORE_NOT_FOUND',
        'UNAVAILABLE',
      )
    : new BigCommerceError(call, error.status, body, BIGCOMMERCE_UNAVAILABLE_MESSAGE);
  if (failure.kind === 'UNAVAILABLE')
    logger?.warn('[bigcommerce] Call failed', { call, status: error.status, detail: failure.detail });
  return failure;
}

function isStoreNotFound(status: number, body: BigCommerceErrorBody | undefined): boolean {
  return status === 404 && /store not found/i.test(body?.title ?? '');
}
