import { HttpError, createHttpClient, type FetchLike } from '@piste/core';
import { ContentServiceError } from './content-service-error';
import { CachePolicy, ResponseCache, type ResponseCacheOptions } from './response-cache';

/**
 * The fetch the transport calls: the global fetch for a hosted Contentstack, or an in-process
 * `(input, init) => deliveryApi.handle(new Request(input, init))` for the embedded service.
 */
export type { FetchLike };

/** Where content failures go (spec §8: they are "only logged (with a store-specific label)"). */
export interface ContentLogger {
  warn(message: string, details?: unknown): void;
  error(message: string, details?: unknown): void;
}

export interface DeliveryTransportOptions {
  /** The delivery API root, ending in /v3 (spec §9 "API version v3"). */
  baseUrl: string;
  apiKey: string;
  deliveryToken: string;
  environment: string;
  /** Sent only when set; the API's default branch is main. */
  branch?: string;
  fetch?: FetchLike;
  timeoutMs?: number;
  retries?: number;
  retryDelayMs?: number;
  /**
   * After a request times out or cannot reach the service, requests fail at once for this long
   * instead of each waiting out the timeout: a page reads content several times in a row.
   */
  failFastMs?: number;
  /** The policy of requests that do not name one. */
  cachePolicy?: CachePolicy;
  cache?: ResponseCacheOptions;
  logger: ContentLogger;
}

export interface DeliveryRequestOptions {
  cachePolicy?: CachePolicy;
}

export interface DeliveryTransport {
  /**
   * Reads `path` (relative to the base URL, e.g. `/content_types/header/entries`) with `params`
   * in the query string (`deliveryQueryString`). Rejects with a ContentServiceError for a
   * non-200 answer and with the raw error when the request itself fails (spec §8).
   */
  get<T>(path: string, params?: Readonly<Record<string, unknown>>, options?: DeliveryRequestOptions): Promise<T>;
  /**
   * When a read last failed because the service could not answer it (`Date.now()`), or null:
   * a network failure, a timeout (or a read failed fast after one), a 5xx, a 408 or 429 after
   * the last retry, a 200 whose body is not JSON. A 4xx answer such as "entry not found" (141)
   * is the service answering, and does not count.
   */
  lastUnavailableAt(): number | null;
  /** Forgets every kept answer, so the next reads see an edit at once (its publish was announced). */
  clearCache(): void;
}

/** Spec §9: "Content delivery retries on status 408 and 429, up to 5 times." */
const RETRY_STATUSES: readonly number[] = [408, 429];
const DEFAULT_FAIL_FAST_MS = 5_000;

/** Whether a read failed because the service could not answer, rather than answering "no". */
function isUnavailability(error: unknown): boolean {
  if (!(error instanceof ContentServiceError)) return true;
  return error.status >= 500 || RETRY_STATUSES.includes(error.status);
}

/**
 * The parameters as Contentstack's Content Delivery API documents them in the query string
 * (https://www.contentstack.com/docs/developers/apis/content-delivery-api): scalars as text
 * (`limit=100`, `include_count=true`), `query` as JSON (`query={"uid":{"$in":["a"]}}`), a list
 * with brackets (`include[]=main_nav`) and a projection by reference path
 * (`only[BASE][]=title`). Undefined values are left out.
 */
export function deliveryQueryString(params: Readonly<Record<string, unknown>>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    if (name === 'query') {
      search.append(name, typeof value === 'string' ? value : JSON.stringify(value));
    } else if (Array.isArray(value)) {
      for (const item of value) search.append(`${name}[]`, String(item));
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, list] of Object.entries(value)) {
        for (const item of [list].flat()) search.append(`${name}[${key}][]`, String(item));
      }
    } else {
      search.append(name, String(value));
    }
  }
  return search.toString();
}

/**
 * Spec §7 'Content service (headless)': the headers carry the api key, access token and an
 * optional branch. The reads are the Content Delivery API's documented GETs, with the
 * environment and the parameters in the query string (`deliveryQueryString`); the embedded
 * delivery API answers the same requests. Spec §9: "timeout 30000 ms, default 5 retries with a
 * 300 ms delay".
 */
export function createDeliveryTransport(options: DeliveryTransportOptions): DeliveryTransport {
  const {
    apiKey,
    deliveryToken,
    environment,
    branch,
    fetch: fetchImpl = globalThis.fetch,
    timeoutMs = 30_000,
    retries = 5,
    retryDelayMs = 300,
    failFastMs = DEFAULT_FAIL_FAST_MS,
    cachePolicy: defaultCachePolicy = CachePolicy.IGNORE_CACHE,
    logger,
  } = options;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const headers: Record<string, string> = {
    accept: 'application/json',
    api_key: apiKey,
    access_token: deliveryToken,
    ...(branch === undefined ? {} : { branch }),
  };
  const cache = new ResponseCache(options.cache ?? {}, (error) =>
    logger.warn('[content:cache] Background refresh failed', error),
  );

  /** While the service is known not to answer: until when, and the raw error it failed with. */
  let unreachable: { until: number; error: unknown } | null = null;
  /** When a read last failed for want of an answer (see `lastUnavailableAt`). */
  let lastUnavailableAt: number | null = null;

  // Spec §7 'Other': requests go through the generic HTTP client, with the content service's
  // own retries and timeout (spec §9).
  const http = createHttpClient({
    baseUrl,
    fetch: fetchImpl,
    headers,
    timeoutMs,
    retry: retries,
    retryStatuses: RETRY_STATUSES,
    retryDelayMs,
  });

  /**
   * A read: the parsed body of a 200 answer. A non-200 answer after the retries rejects with a
   * ContentServiceError, a failed request with the raw error and a timed-out one with the
   * client's timeout error (spec §8); those two are also given at once to the reads that follow
   * within `failFastMs`.
   */
  async function send<T>(path: string): Promise<T> {
    if (unreachable && Date.now() < unreachable.until) throw unreachable.error;
    let answer;
    try {
      answer = await http.request<unknown>(path, { method: 'GET' });
    } catch (error) {
      if (error instanceof HttpError && error.kind === 'status') {
        throw new ContentServiceError(error.status, error.response!.statusText, error.response!.data);
      }
      const failure = error instanceof HttpError && error.kind === 'network' ? error.cause : error;
      if (!unreachable || Date.now() >= unreachable.until) {
        logger.warn(`[content] The content service did not answer; failing fast for ${failFastMs} ms`, failure);
      }
      unreachable = { until: Date.now() + failFastMs, error: failure };
      throw failure;
    }
    if (answer.status !== 200) throw new ContentServiceError(answer.status, answer.statusText, answer.data);
    if (answer.data === undefined) {
      throw new SyntaxError(`Content service answered ${baseUrl}${path} with a body that is not JSON`);
    }
    return answer.data as T;
  }

  async function request<T>(path: string): Promise<T> {
    try {
      return await send<T>(path);
    } catch (error) {
      if (isUnavailability(error)) lastUnavailableAt = Date.now();
      throw error;
    }
  }

  return {
    get<T>(path: string, params: Readonly<Record<string, unknown>> = {}, requestOptions: DeliveryRequestOptions = {}) {
      const target = `${path}?${deliveryQueryString({ environment, ...params })}`;
      return cache.read(`${baseUrl}${target}`, requestOptions.cachePolicy ?? defaultCachePolicy, () =>
        request<T>(target),
      );
    },
    lastUnavailableAt: () => lastUnavailableAt,
    clearCache: () => cache.clear(),
  };
}
