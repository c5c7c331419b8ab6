/**
 * The generic HTTP client of spec §7 'Other', which every client of a hosted service (content,
 * search, bot protection) sends its requests through: "The generic HTTP client uses a base URL
 * from configuration and JSON bodies. Retry statuses are 408, 409, 425, 429, 500, 502, 503 and
 * 504 (1 retry by default for non-mutating methods, 0 for mutating). It has no default
 * timeout." Its failures carry the messages of spec §8 'Generic HTTP client failures'.
 * Isomorphic: the browser's search client uses it too.
 */

/** Spec §7 'Other': the statuses a request is tried again on. */
export const HTTP_RETRY_STATUSES: readonly number[] = [408, 409, 425, 429, 500, 502, 503, 504];

const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Spec §7 'Other': "1 retry by default for non-mutating methods, 0 for mutating". */
export function defaultRetries(method: string): number {
  return MUTATING_METHODS.has(method.toUpperCase()) ? 0 : 1;
}

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/**
 * Why a request failed (spec §8): `status` an answer outside 2xx after the last retry,
 * `aborted` the caller's signal, `network` no answer, `timeout` none within `timeoutMs`.
 */
export type HttpErrorKind = 'status' | 'aborted' | 'network' | 'timeout';

export class HttpError extends Error {
  override readonly name = 'HttpError';

  constructor(
    readonly kind: HttpErrorKind,
    message: string,
    readonly url: string,
    /** The last answer, for `status`: its parsed JSON body (or undefined) and its text. */
    readonly response?: HttpResponse<unknown>,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  get status(): number {
    return this.response?.status ?? 0;
  }
}

export interface HttpResponse<T> {
  status: number;
  statusText: string;
  headers: Headers;
  /** The body parsed as JSON; undefined when it is empty or not JSON. */
  data: T;
  text: string;
}

export interface HttpRetryOptions {
  /** Tries after the first; `defaultRetries(method)` unless given. */
  retry?: number;
  retryStatuses?: readonly number[];
  /** Wait between tries; none unless given. An answer's `Retry-After` (or `retryAfterMs`) asks for longer. */
  retryDelayMs?: number;
  /** The longest wait an answer may ask for before the retry; a longer one fails at once (default 10 s). */
  maxRetryWaitMs?: number;
  /**
   * How long a refused answer asks the caller to wait, read from a vendor's own headers
   * (BigCommerce's `X-Rate-Limit-Time-Reset-Ms` on a 429); `Retry-After` is read when this is not given or answers null.
   */
  retryAfterMs?: (headers: Headers, status: number) => number | null;
  /** Longest one try may take, answer and body; no limit unless given (spec §7). */
  timeoutMs?: number;
}

export interface HttpClientOptions extends HttpRetryOptions {
  /** From configuration; a request's path is appended to it. */
  baseUrl: string;
  /** The global fetch unless given (an in-process handler, for embedded services). */
  fetch?: FetchLike;
  /** Headers every request carries. */
  headers?: Record<string, string>;
}

export interface HttpRequestOptions extends HttpRetryOptions {
  method?: string;
  headers?: Record<string, string>;
  /** Sent as JSON, with its content type. */
  json?: unknown;
  /** Any other body (a form), sent as it is. */
  body?: string | URLSearchParams;
  signal?: AbortSignal;
  credentials?: RequestInit['credentials'];
}

function delay(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}

/** Default longest `Retry-After` the client waits for before trying again. */
const DEFAULT_MAX_RETRY_WAIT_MS = 10_000;

/** `Retry-After` in milliseconds (RFC 9110 §10.2.3: delay-seconds or an HTTP date); null when absent or unreadable. */
export function retryAfterHeaderMs(headers: Headers, now = Date.now()): number | null {
  const value = headers.get('retry-after')?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function createHttpClient(options: HttpClientOptions) {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  // Looked up per call, unbound: browsers refuse `fetch` called on another object.
  const fetchFn: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  /** One try: the answer and its body, or an HttpError of kind aborted, network or timeout. */
  async function attempt(url: string, init: RequestInit, timeoutMs: number | undefined, signal?: AbortSignal) {
    const controller = new AbortController();
    const failed = new Promise<never>((_, reject) => {
      controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
    });
    const onCallerAbort = () => controller.abort(new HttpError('aborted', 'Request aborted', url));
    if (signal?.aborted) onCallerAbort();
    signal?.addEventListener('abort', onCallerAbort, { once: true });
    const timer =
      timeoutMs === undefined
        ? undefined
        : setTimeout(
            () => controller.abort(new HttpError('timeout', `timeout of ${timeoutMs}ms exceeded`, url)),
            timeoutMs,
          );
    try {
      // Raced as well as signalled: an in-process handler may never look at the signal.
      const response = await Promise.race([fetchFn(url, { ...init, signal: controller.signal }), failed]);
      const text = await Promise.race([response.text(), failed]);
      return { status: response.status, statusText: response.statusText, headers: response.headers, text };
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw new HttpError('network', 'Network Error', url, undefined, { cause: error });
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  return {
    baseUrl,

    /** Resolves with a 2xx answer; rejects with an HttpError otherwise, after the retries. */
    async request<T = unknown>(path: string, request: HttpRequestOptions = {}): Promise<HttpResponse<T>> {
      const method = (request.method ?? 'GET').toUpperCase();
      const retries = request.retry ?? options.retry ?? defaultRetries(method);
      const retryStatuses = request.retryStatuses ?? options.retryStatuses ?? HTTP_RETRY_STATUSES;
      const retryDelayMs = request.retryDelayMs ?? options.retryDelayMs ?? 0;
      const maxRetryWaitMs = request.maxRetryWaitMs ?? options.maxRetryWaitMs ?? DEFAULT_MAX_RETRY_WAIT_MS;
      const retryAfterMs = request.retryAfterMs ?? options.retryAfterMs;
      const timeoutMs = request.timeoutMs ?? options.timeoutMs;
      const url = `${baseUrl}${path}`;
      const headers: Record<string, string> = { accept: 'application/json', ...options.headers, ...request.headers };
      if (request.json !== undefined) headers['content-type'] = 'application/json';
      const body = request.json !== undefined ? JSON.stringify(request.json) : request.body;
      const init: RequestInit = { method, headers, body, credentials: request.credentials };
      for (let tried = 0; ; tried += 1) {
        const answer = await attempt(url, init, timeoutMs, request.signal);
        const response: HttpResponse<T> = { ...answer, data: parseJson(answer.text) as T };
        if (answer.status >= 200 && answer.status < 300) return response;
        const failure = () =>
          new HttpError('status', `Request failed with status code ${answer.status}`, url, response);
        if (!retryStatuses.includes(answer.status) || tried >= retries) throw failure();
        // The server says when it will answer again: wait that long, or give up when it is too long to hold a page.
        const asked = retryAfterMs?.(answer.headers, answer.status) ?? retryAfterHeaderMs(answer.headers);
        if (asked !== null && asked > maxRetryWaitMs) throw failure();
        await delay(Math.max(retryDelayMs, asked ?? 0));
      }
    },
  };
}

export type HttpClient = ReturnType<typeof createHttpClient>;
