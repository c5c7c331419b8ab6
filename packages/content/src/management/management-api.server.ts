import { HttpError, createHttpClient, type FetchLike } from '@piste/core';
import { ContentServiceError } from '../client/content-service-error';
import type { StackItem, StackItemKind } from './stack-items';

/**
 * The few Content Management API calls that put our content types and global fields in a stack
 * (https://www.contentstack.com/docs/developers/apis/content-management-api#content-types and
 * https://www.contentstack.com/docs/developers/apis/content-management-api/global-fields):
 * `GET /v3/content_types/{uid}`, `POST /v3/content_types`
 * and `PUT /v3/content_types/{uid}` with `{ content_type }`, and the same under `global_fields`
 * with `{ global_field }`, authenticated by the stack's `api_key` and a management token in
 * `authorization`, with an optional `branch` header.
 */

export interface ManagementApiOptions {
  /** The Management API root ending in /v3 (`contentManagementBaseUrl(region)`). */
  baseUrl: string;
  apiKey: string;
  managementToken: string;
  /** Sent only when set; a stack's default branch is main. */
  branch?: string;
  fetch?: FetchLike;
  /**
   * The least time between two requests. Contentstack allows 10 management requests a second
   * per organisation and answers 429 beyond ('Rate limiting' in the reference above).
   */
  minIntervalMs?: number;
  /** Waits; `setTimeout` unless a test gives its own. */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  timeoutMs?: number;
}

export interface ManagementApi {
  /** Whether the stack holds a content type (or global field) of that uid. */
  exists(kind: StackItemKind, uid: string): Promise<boolean>;
  create(item: StackItem): Promise<void>;
  update(item: StackItem): Promise<void>;
}

/**
 * Contentstack's code for a content type uid the stack does not hold (with 422, as in the CDA);
 * a global field the stack lacks is taken to answer the same way, or 404.
 */
const NOT_FOUND_CODE = 118;

/** Spaces requests at least `minIntervalMs` apart, from the start of one to the next. */
function createPacer(minIntervalMs: number, now: () => number, sleep: (ms: number) => Promise<void>) {
  let nextStart = -Infinity;
  return async () => {
    const wait = nextStart - now();
    if (wait > 0) await sleep(wait);
    nextStart = now() + minIntervalMs;
  };
}

/** A rejection the API answered becomes a ContentServiceError with its `error_message`, `error_code` and `errors`. */
function asServiceError(error: unknown): unknown {
  if (error instanceof HttpError && error.kind === 'status' && error.response) {
    return new ContentServiceError(error.response.status, error.response.statusText, error.response.data);
  }
  return error;
}

export function createManagementApi(options: ManagementApiOptions): ManagementApi {
  const http = createHttpClient({
    baseUrl: options.baseUrl,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs ?? 30_000,
    // A read throttled with 429 is tried once more after the rate window; writes are not retried.
    retryDelayMs: 1_000,
    headers: {
      api_key: options.apiKey,
      authorization: options.managementToken,
      ...(options.branch ? { branch: options.branch } : {}),
    },
  });
  const pace = createPacer(
    options.minIntervalMs ?? 100,
    options.now ?? Date.now,
    options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
  );

  async function send(path: string, method: string, json?: unknown) {
    await pace();
    try {
      return await http.request(path, { method, json });
    } catch (error) {
      throw asServiceError(error);
    }
  }

  /** The body of a create or update: the definition, in the envelope the reference shows. */
  const envelope = (item: StackItem) => {
    const { uid, title, description, schema } = item.definition;
    return item.kind === 'content_type'
      ? { content_type: { uid, title, description, options: item.definition.options, schema } }
      : { global_field: { uid, title, description, schema } };
  };

  return {
    async exists(kind, uid) {
      try {
        await send(`/${kind}s/${encodeURIComponent(uid)}`, 'GET');
        return true;
      } catch (error) {
        if (error instanceof ContentServiceError && (error.status === 404 || error.error_code === NOT_FOUND_CODE)) {
          return false;
        }
        throw error;
      }
    },

    async create(item) {
      await send(`/${item.kind}s`, 'POST', envelope(item));
    },

    async update(item) {
      await send(`/${item.kind}s/${encodeURIComponent(item.definition.uid)}`, 'PUT', envelope(item));
    },
  };
}
