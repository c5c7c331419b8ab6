import { redirect } from 'react-router';

/** Where the admin API lives; every path given to `api` is relative to it. */
export const API_BASE = '/admin/api';
/** The app's own base path (react-router.config.ts `basename`), without the trailing slash. */
export const APP_BASE = '/admin';

const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'X-XSRF-TOKEN';

/** One message per invalid field, keyed by its dotted path (`variants.2.price`). */
export type FieldMessages = Record<string, string>;

/**
 * A refused admin API call: the server's `{ error: { code, message, fields?, current? } }`.
 * `fields` comes with a 400 `INVALID_DATA`; `current` with a 409 `VERSION_CONFLICT` (the record
 * as someone else saved it).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: FieldMessages,
    readonly current?: unknown,
  ) {
    super(message);
  }

  get isConflict() {
    return this.status === 409 && this.code === 'VERSION_CONFLICT';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const entry = document.cookie.split('; ').find((cookie) => cookie.startsWith(prefix));
  return entry === undefined ? undefined : decodeURIComponent(entry.slice(prefix.length));
}

/** The page being shown, relative to the app (`/orders/5?tab=notes`): where sign-in sends the user back. */
export function currentAppPath(): string {
  const { pathname, search } = window.location;
  const path = pathname.startsWith(APP_BASE) ? pathname.slice(APP_BASE.length) : pathname;
  return (path || '/') + search;
}

export function signInPath(next = currentAppPath()): string {
  return next === '/' || next.startsWith('/sign-in') ? '/sign-in' : `/sign-in?next=${encodeURIComponent(next)}`;
}

interface ErrorBody {
  error?: { code?: string; message?: string; fields?: FieldMessages; current?: unknown };
}

async function errorOf(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => ({}))) as ErrorBody;
  const error = body.error ?? {};
  return new ApiError(
    response.status,
    error.code ?? `HTTP_${response.status}`,
    error.message ?? `The server answered ${response.status}.`,
    error.fields,
    error.current,
  );
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  signal?: AbortSignal;
  /** Extra headers (e.g. `Accept: text/csv`). */
  headers?: Record<string, string>;
}

/**
 * Calls the admin API. A refusal throws `ApiError`; an expired session throws React Router's
 * `redirect` to the sign-in page (with `next` set), so call `api` from a `clientLoader` or
 * `clientAction`, where React Router follows it.
 */
async function request<T>(method: Method, path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  if (method !== 'GET') {
    const token = readCookie(XSRF_COOKIE);
    if (token) headers[XSRF_HEADER] = token;
  }
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: payload,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, 'NETWORK', 'The server could not be reached. Check your connection and try again.');
  }
  if (response.ok) {
    if (response.status === 204) return undefined as T;
    const type = response.headers.get('content-type') ?? '';
    return (type.includes('application/json') ? await response.json() : await response.text()) as T;
  }
  const error = await errorOf(response);
  if (error.status === 401 && error.code === 'SIGN_IN_REQUIRED') throw redirect(signInPath());
  throw error;
}

/** Builds `?a=1&b=x` from the defined values (arrays repeat the key); '' when there are none. */
export function queryString(params: Record<string, string | number | boolean | null | undefined | string[]>) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, item);
    else search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export interface UploadOptions {
  signal?: AbortSignal;
  /** Called as the body goes out: the share sent, 0 to 1. */
  onProgress?: (sent: number) => void;
}

/**
 * POSTs a multipart body (a file upload) with progress, which `fetch` cannot report: the same
 * CSRF header, errors and sign-in redirect as the other calls.
 */
function upload<T>(path: string, body: FormData, options: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${API_BASE}${path}`);
    request.setRequestHeader('Accept', 'application/json');
    const token = readCookie(XSRF_COOKIE);
    if (token) request.setRequestHeader(XSRF_HEADER, token);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    request.onerror = () =>
      reject(new ApiError(0, 'NETWORK', 'The server could not be reached. Check your connection and try again.'));
    request.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        const text = request.responseText;
        try {
          resolve((text ? JSON.parse(text) : undefined) as T);
        } catch {
          resolve(text as T);
        }
        return;
      }
      const headers = { 'content-type': request.getResponseHeader('content-type') ?? '' };
      errorOf(new Response(request.responseText, { status: request.status, headers })).then((error) => {
        reject(error.status === 401 && error.code === 'SIGN_IN_REQUIRED' ? redirect(signInPath()) : error);
      }, reject);
    };
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(body);
  });
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, body, options),
  delete: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('DELETE', path, body, options),
  upload,
};
