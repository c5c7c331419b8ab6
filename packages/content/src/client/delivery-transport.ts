import { ContentServiceError } from './content-service-error';
import { CachePolicy, ResponseCache, type ResponseCacheOptions } from './response-cache';

/**
 * The fetch the transport calls: the global fetch for a hosted Contentstack, or an in-process
 * `(input, init) => deliveryApi.handle(new Request(input, init))` for the embedded service.
 */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

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
   * in the body. Rejects with a ContentServiceError for a non-200 answer and with the raw error
   * when the request itself fails (spec §8).
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
const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 429]);
const DEFAULT_FAIL_FAST_MS = 5_000;

/** Whether a read failed because the service could not answer, rather than answering "no". */
function isUnavailability(error: unknown): boolean {
  if (!(error instanceof ContentServiceError)) return true;
  return error.status >= 500 || RETRY_STATUSES.has(error.status);
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The parsed JSON body, or undefined when there is none (an error page from a proxy, an empty 502). */
async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Spec §7 'Content service (headless)': "Reads are POSTs with a GET override. Headers carry the
 * api key, access token and an optional branch. The body carries the environment and query."
 * Spec §9: "timeout 30000 ms, default 5 retries with a 300 ms delay".
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
    'content-type': 'application/json',
    accept: 'application/json',
    'x-http-method-override': 'GET',
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

  /**
   * One attempt: the status and parsed body, or the raw error of a failed or timed-out request
   * (spec §8), also given at once to the requests that follow it within `failFastMs`.
   */
  async function send(url: string, body: string): Promise<{ response: Response; payload: unknown }> {
    if (unreachable && Date.now() < unreachable.until) throw unreachable.error;
    try {
      return await attempt(url, body);
    } catch (error) {
      if (!unreachable || Date.now() >= unreachable.until) {
        logger.warn(`[content] The content service did not answer; failing fast for ${failFastMs} ms`, error);
      }
      unreachable = { until: Date.now() + failFastMs, error };
      throw error;
    }
  }

  async function attempt(url: string, body: string): Promise<{ response: Response; payload: unknown }> {
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new DOMException(`Content request timed out after ${timeoutMs} ms`, 'TimeoutError')),
      timeoutMs,
    );
    // Racing the abort as well as passing the signal: an in-process handler may never look at it.
    const aborted = new Promise<never>((_, reject) => {
      controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
    });
    try {
      const response = await Promise.race([
        fetchImpl(url, { method: 'POST', headers, body, signal: controller.signal }),
        aborted,
      ]);
      const payload = await Promise.race([readJson(response), aborted]);
      return { response, payload };
    } finally {
      clearTimeout(timer);
    }
  }

  async function request<T>(url: string, body: string): Promise<T> {
    try {
      return await requestWithRetries<T>(url, body);
    } catch (error) {
      if (isUnavailability(error)) lastUnavailableAt = Date.now();
      throw error;
    }
  }

  async function requestWithRetries<T>(url: string, body: string): Promise<T> {
    for (let attempt = 0; ; attempt += 1) {
      const { response, payload } = await send(url, body);
      if (response.status === 200) {
        if (payload === undefined) {
          throw new SyntaxError(`Content service answered ${url} with a body that is not JSON`);
        }
        return payload as T;
      }
      if (!RETRY_STATUSES.has(response.status) || attempt >= retries) {
        throw new ContentServiceError(response.status, response.statusText, payload);
      }
      await delay(retryDelayMs);
    }
  }

  return {
    get<T>(path: string, params: Readonly<Record<string, unknown>> = {}, requestOptions: DeliveryRequestOptions = {}) {
      const url = `${baseUrl}${path}`;
      const body = JSON.stringify({ environment, ...params });
      return cache.read(`${url} ${body}`, requestOptions.cachePolicy ?? defaultCachePolicy, () =>
        request<T>(url, body),
      );
    },
    lastUnavailableAt: () => lastUnavailableAt,
    clearCache: () => cache.clear(),
  };
}
