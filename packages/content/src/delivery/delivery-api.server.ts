import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { ContentStore, EntryReadOptions, SyncCursor } from '../store/content-store-contract';
import { ReferenceLimitExceeded } from '../store/entry-shape';
import { CONTENT_TYPE_UID, ENTRY_UID, LOCALE_CODE } from '../store/identifiers';
import { RegexBudgetExceeded } from '../store/regex';
import {
  assetsParamsSchema,
  contentTypesParamsSchema,
  entriesParamsSchema,
  entryParamsSchema,
  environmentOnlySchema,
  errorsOf,
  MAX_LIMIT,
  referencesParamsSchema,
  searchParamsToObject,
  syncParamsSchema,
} from './params';
import type { ContentErrorBody, SyncResponse } from './types';

/** The stack's keys: requests must carry them (docs/content.md 'Delivery API'). */
export interface DeliveryKeys {
  apiKey: string;
  deliveryToken: string;
  environment: string;
}

/** The only branch the embedded stack has. */
const BRANCH = 'main';

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  405: 'Method Not Allowed',
  412: 'Precondition Failed',
  422: 'Unprocessable Entity',
};

/** An answer other than 200, in the delivery API's error shape (spec §8). */
class DeliveryError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

const INVALID_PARAMETERS = 'Failed to process the request. Please try again with valid parameters.';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText: STATUS_TEXT[status] ?? '',
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
}

function errorResponse(error: DeliveryError): Response {
  const body: ContentErrorBody = { error_message: error.message, error_code: error.code, errors: error.errors };
  return json(error.status, body);
}

function parse<Schema extends z.ZodType>(schema: Schema, params: Record<string, unknown>): z.output<Schema> {
  const result = schema.safeParse(params);
  if (result.success) return result.data;
  throw new DeliveryError(422, 422, INVALID_PARAMETERS, errorsOf(result.error));
}

/** Compares secrets in constant time (hashing first makes the lengths equal). */
function sameSecret(given: string | null, expected: string): boolean {
  if (given === null) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** Sync tokens are opaque to clients: base64url JSON of where the sync stands. */
const paginationTokenSchema = z.strictObject({
  i: z.boolean(),
  f: z.number().int().min(0),
  a: z.number().int().min(0),
  u: z.number().int().min(0),
  c: z.string().regex(CONTENT_TYPE_UID).optional(),
  l: z.string().regex(LOCALE_CODE).optional(),
});
const syncTokenSchema = paginationTokenSchema.pick({ u: true, c: true, l: true });

function encodeToken(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function decodeToken<T>(schema: z.ZodType<T>, token: string, field: string): T {
  try {
    return schema.parse(JSON.parse(Buffer.from(token, 'base64url').toString('utf8')));
  } catch {
    throw new DeliveryError(422, 422, INVALID_PARAMETERS, { [field]: ['is not valid'] });
  }
}

function readOptions(params: z.output<typeof entryParamsSchema>): EntryReadOptions {
  const { locale, include_fallback, include, only, except } = params;
  return { locale, fallback: include_fallback, include, only, except };
}

function contentTypeNotFound(uid: string): DeliveryError {
  return new DeliveryError(422, 118, `The Content Type '${uid.slice(0, 100)}' was not found. Please try again.`, {
    content_type_uid: ['is not valid.'],
  });
}

/**
 * The embedded content service's delivery API, shaped like Contentstack's v3 (docs/content.md).
 * `handle` takes a Fetch Request whose path holds `/v3/…` and answers a Response, so the
 * content client can call it in-process through a fetch function and Fastify can serve it.
 * Expected failures answer `{ error_message, error_code, errors }`; anything else (the
 * database failing) rejects, as a network failure would (spec §8).
 */
export function createDeliveryApi({ store, keys }: { store: ContentStore; keys: DeliveryKeys }) {
  async function contentTypeOf(uid: string) {
    const type = CONTENT_TYPE_UID.test(uid) ? await store.getContentType(uid) : undefined;
    if (!type) throw contentTypeNotFound(uid);
    return type;
  }

  function checkEnvironment(environment: string) {
    if (environment !== keys.environment) {
      throw new DeliveryError(422, 422, `The environment '${environment.slice(0, 100)}' was not found.`, {
        environment: ['is not valid.'],
      });
    }
  }

  async function sync(params: z.output<typeof syncParamsSchema>): Promise<SyncResponse> {
    let cursor: SyncCursor;
    if (params.pagination_token !== undefined) {
      const token = decodeToken(paginationTokenSchema, params.pagination_token, 'pagination_token');
      cursor = {
        init: token.i,
        from: token.f,
        after: token.a,
        upTo: token.u,
        contentTypeUid: token.c,
        locale: token.l,
      };
    } else {
      const since =
        params.sync_token === undefined ? undefined : decodeToken(syncTokenSchema, params.sync_token, 'sync_token');
      const from = since?.u ?? 0;
      cursor = {
        init: since === undefined,
        from,
        after: from,
        upTo: await store.latestSeq(),
        contentTypeUid: since ? since.c : params.content_type_uid,
        locale: since ? since.l : params.locale,
      };
    }
    const page = await store.syncPage(cursor, MAX_LIMIT);
    const filters = { c: cursor.contentTypeUid, l: cursor.locale };
    return {
      items: page.items,
      total_count: page.totalCount,
      ...(page.next
        ? {
            pagination_token: encodeToken({
              i: page.next.init,
              f: page.next.from,
              a: page.next.after,
              u: page.next.upTo,
              ...filters,
            }),
          }
        : { sync_token: encodeToken({ u: cursor.upTo, ...filters }) }),
    };
  }

  /** Answers one route; `segments` is the path after `/v3/`. */
  async function route(segments: string[], params: Record<string, unknown>): Promise<unknown> {
    const [first, second, third, fourth, ...rest] = segments;
    if (rest.length > 0) throw notFound();
    if (first === 'content_types' && third === undefined) {
      if (second === undefined) {
        const { environment, include_count } = parse(contentTypesParamsSchema, params);
        checkEnvironment(environment);
        const contentTypes = await store.listContentTypes();
        return { content_types: contentTypes, ...(include_count ? { count: contentTypes.length } : {}) };
      }
      checkEnvironment(parse(environmentOnlySchema, params).environment);
      return { content_type: await contentTypeOf(second) };
    }
    if (first === 'content_types' && second !== undefined && third === 'entries') {
      if (fourth === undefined) {
        const parsed = parse(entriesParamsSchema, params);
        checkEnvironment(parsed.environment);
        await contentTypeOf(second);
        const sort = parsed.asc ?? parsed.desc;
        const { entries, count } = await store.findEntries(second, {
          ...readOptions(parsed),
          filter: parsed.query,
          sort: sort === undefined ? undefined : { path: sort, direction: parsed.asc ? 'asc' : 'desc' },
          limit: parsed.limit,
          skip: parsed.skip,
        });
        return { entries, ...(parsed.include_count ? { count } : {}) };
      }
      const parsed = parse(entryParamsSchema, params);
      checkEnvironment(parsed.environment);
      await contentTypeOf(second);
      const entry = ENTRY_UID.test(fourth) ? await store.getEntry(second, fourth, readOptions(parsed)) : undefined;
      if (!entry) throw new DeliveryError(404, 141, "The requested entry doesn't exist.", { uid: ['is not valid.'] });
      return { entry };
    }
    if (first === 'assets' && third === undefined) {
      if (second === undefined) {
        const parsed = parse(assetsParamsSchema, params);
        checkEnvironment(parsed.environment);
        const { assets, count } = await store.findAssets({
          filter: parsed.query,
          limit: parsed.limit,
          skip: parsed.skip,
        });
        return { assets, ...(parsed.include_count ? { count } : {}) };
      }
      checkEnvironment(parse(environmentOnlySchema, params).environment);
      const asset = ENTRY_UID.test(second) ? await store.getAsset(second) : undefined;
      if (!asset) throw new DeliveryError(404, 145, "The requested asset doesn't exist.", { uid: ['is not valid.'] });
      return { asset };
    }
    if (first === 'taxonomies' && second === undefined) {
      checkEnvironment(parse(environmentOnlySchema, params).environment);
      return { taxonomies: await store.listTaxonomies() };
    }
    // `stacks/sync` is Contentstack's documented path; `stack/sync` is the one this API first served.
    if ((first === 'stacks' || first === 'stack') && second === 'sync' && third === undefined) {
      const parsed = parse(syncParamsSchema, params);
      checkEnvironment(parsed.environment);
      return sync(parsed);
    }
    throw notFound();
  }

  function notFound(): DeliveryError {
    return new DeliveryError(404, 404, 'The requested URL was not found.');
  }

  /** Checks the method and reads the parameters: the query string, then a POST body's JSON over it. */
  async function readParams(request: Request, url: URL): Promise<Record<string, unknown>> {
    const params = searchParamsToObject(url.searchParams);
    if (request.method === 'GET') return params;
    if (request.method !== 'POST' || request.headers.get('x-http-method-override')?.toUpperCase() !== 'GET') {
      throw new DeliveryError(405, 405, 'Only GET, or POST with x-http-method-override: GET, is allowed.');
    }
    const text = await request.text();
    if (text.trim() === '') return params;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new DeliveryError(400, 400, 'The request body is not valid JSON.', { body: ['is not valid JSON.'] });
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new DeliveryError(400, 400, 'The request body must be a JSON object of parameters.', {
        body: ['must be an object.'],
      });
    }
    return { ...params, ...body };
  }

  function authenticate(headers: Headers) {
    if (!sameSecret(headers.get('api_key'), keys.apiKey)) {
      throw new DeliveryError(412, 109, 'The api_key is not valid.', { api_key: ['is not valid.'] });
    }
    if (!sameSecret(headers.get('access_token'), keys.deliveryToken)) {
      throw new DeliveryError(401, 105, "You're not allowed in here unless you're logged in.", {
        access_token: ['is not valid.'],
      });
    }
    const branch = headers.get('branch');
    if (branch !== null && branch !== BRANCH) {
      throw new DeliveryError(422, 422, `The branch '${branch.slice(0, 100)}' does not exist.`, {
        branch: ['is not valid.'],
      });
    }
  }

  /** Maps expected failures to error answers; anything else rejects. */
  async function answer(work: () => Promise<unknown>): Promise<Response> {
    try {
      return json(200, await work());
    } catch (error) {
      if (error instanceof DeliveryError) return errorResponse(error);
      if (error instanceof RegexBudgetExceeded) {
        return errorResponse(
          new DeliveryError(422, 422, INVALID_PARAMETERS, { query: ['needs too much work; narrow the $regex'] }),
        );
      }
      if (error instanceof ReferenceLimitExceeded) {
        return errorResponse(
          new DeliveryError(422, 422, INVALID_PARAMETERS, { include: ['includes too many referenced entries'] }),
        );
      }
      throw error;
    }
  }

  return {
    /** `…/v3/{content_types|assets|taxonomies|stacks/sync}…` (docs/content.md 'Delivery API'). */
    handle(request: Request): Promise<Response> {
      return answer(async () => {
        authenticate(request.headers);
        const url = new URL(request.url);
        const params = await readParams(request, url);
        const at = url.pathname.indexOf('/v3/');
        if (at < 0) throw notFound();
        let segments: string[];
        try {
          segments = url.pathname
            .slice(at + '/v3/'.length)
            .split('/')
            .map(decodeURIComponent);
        } catch {
          throw notFound();
        }
        return route(segments, params);
      });
    },

    /** `GET /api/interstack/references?content_type=&api_key=&entry_uids=&locale=` (spec §7). */
    handleReferences(request: Request): Promise<Response> {
      return answer(async () => {
        if (request.method !== 'GET') throw new DeliveryError(405, 405, 'Only GET is allowed.');
        const params = parse(referencesParamsSchema, searchParamsToObject(new URL(request.url).searchParams));
        if (!sameSecret(params.api_key, keys.apiKey)) {
          throw new DeliveryError(412, 109, 'The api_key is not valid.', { api_key: ['is not valid.'] });
        }
        await contentTypeOf(params.content_type);
        const entries = await store.getEntries(params.content_type, params.entry_uids, {
          locale: params.locale,
          fallback: true,
        });
        return { entries };
      });
    },
  };
}

export type DeliveryApi = ReturnType<typeof createDeliveryApi>;
