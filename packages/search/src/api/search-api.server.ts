import { createHash, timingSafeEqual } from 'node:crypto';
import type { SearchErrorBody } from '../app-search-types';
import { parseClickRequest } from '../engine/request-schemas';
import type { SearchEngine } from '../engine/search-engine';
import { SearchRequestError } from '../engine/search-request-error';
import type { ClickStore } from './click-store.server';

/** Search bodies are a query, filters and facets: far below this. */
export const MAX_BODY_BYTES = 64 * 1024;
const API_ROOT = '/api/as/v1/engines/';

/** An answer other than 200, in App Search's error shape `{ errors: [...] }`. */
class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errors: string[],
    readonly headers: Record<string, string> = {},
  ) {
    super(errors.join(', '));
  }
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}

function errorResponse(status: number, errors: string[], headers: Record<string, string> = {}): Response {
  const body: SearchErrorBody = { errors };
  return json(status, body, headers);
}

/** Compares secrets in constant time (hashing first makes the lengths equal). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function bearerToken(request: Request): string | null {
  return /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '')?.[1] ?? null;
}

/** `{engine}` and `{action}` of `…/api/as/v1/engines/{engine}/{action}`; null when the path has no engine. */
function routeOf(pathname: string): { engineName: string; action: string } | null {
  const at = pathname.indexOf(API_ROOT);
  if (at < 0) return null;
  const [engineName = '', ...rest] = pathname.slice(at + API_ROOT.length).split('/');
  try {
    return { engineName: decodeURIComponent(engineName), action: rest.join('/') };
  } catch {
    return null;
  }
}

/** Reads at most MAX_BODY_BYTES of UTF-8 JSON naming an object; an empty body is `{}`. */
async function readJsonObject(request: Request): Promise<object> {
  const tooLarge = new ApiError(413, [`Request body must be at most ${MAX_BODY_BYTES} bytes`]);
  if (Number(request.headers.get('content-length')) > MAX_BODY_BYTES) throw tooLarge;
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    // A body the sender stopped sending midway is theirs to fix, not a fault of ours.
    const next = () =>
      reader.read().catch(() => {
        throw new ApiError(400, ['Request body could not be read']);
      });
    for (let chunk = await next(); !chunk.done; chunk = await next()) {
      size += chunk.value.byteLength;
      if (size > MAX_BODY_BYTES) {
        await reader.cancel();
        throw tooLarge;
      }
      chunks.push(chunk.value);
    }
  }
  let body: unknown;
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
    body = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw new ApiError(400, ['Request body must be valid JSON']);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiError(400, ['Request body must be a JSON object']);
  }
  return body;
}

function requestIdOf(answer: unknown): string | undefined {
  const id = (answer as { meta?: { request_id?: unknown } } | null)?.meta?.request_id;
  return typeof id === 'string' ? id : undefined;
}

/** How long a search waits for the index's first build before answering 503. */
const INDEX_WAIT_MS = 15_000;

export interface SearchApiOptions {
  engine: SearchEngine;
  /** The public search key requests carry as `Authorization: Bearer …`. */
  searchKey: string;
  clicks: Pick<ClickStore, 'record'>;
  /**
   * Settles once the engine holds the whole index: searches wait for it (up to
   * INDEX_WAIT_MS, then 503), so a search right after start-up never finds a partial index.
   */
  indexBuilt?: () => Promise<void>;
  /** Where unexpected failures are reported (the console by default); callers get a bare 500. */
  logger?: { error(message: string, details?: unknown): void };
}

/**
 * The embedded engine's Elastic App Search API (docs/search.md 'Endpoints'): `handle` takes a
 * Fetch Request whose path ends in `/api/as/v1/engines/{engine}/{action}` and answers a
 * Response, so Fastify serves it and the server's search client calls it in-process. Every
 * failure a client can cause answers 4xx `{ errors: [...] }`; only our own faults answer 500.
 */
export function createSearchApi({
  engine,
  searchKey,
  clicks,
  logger = console,
  indexBuilt = () => Promise.resolve(),
}: SearchApiOptions) {
  async function whenIndexed<T>(search: () => T): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const gaveUp = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), INDEX_WAIT_MS)));
    const outcome = await Promise.race([indexBuilt(), gaveUp]);
    clearTimeout(timer);
    if (outcome === 'timeout') throw new ApiError(503, ['The search index is being built. Please try again shortly.']);
    return search();
  }

  const actions: Record<string, (body: object) => Promise<unknown> | unknown> = {
    'search.json': (body) => whenIndexed(() => engine.search(body)),
    'multi_search.json': (body) => whenIndexed(() => engine.multiSearch(body)),
    'query_suggestion.json': (body) => whenIndexed(() => engine.querySuggestion(body)),
    'click.json': async (body) => {
      const click = parseClickRequest(body);
      await clicks.record({
        engine: engine.name,
        query: click.query,
        documentId: click.document_id,
        requestId: click.request_id,
        tags: click.tags ?? [],
      });
      return {};
    },
  };

  async function answer(request: Request): Promise<unknown> {
    const token = bearerToken(request);
    if (token === null || !sameSecret(token, searchKey)) throw new ApiError(401, ['Invalid credentials']);
    const route = routeOf(new URL(request.url).pathname);
    if (!route || route.engineName !== engine.name) throw new ApiError(404, ['Could not find engine.']);
    const action = Object.hasOwn(actions, route.action) ? actions[route.action] : undefined;
    if (!action) throw new ApiError(404, ['Not found']);
    if (request.method !== 'POST') throw new ApiError(405, ['Only POST is allowed'], { allow: 'POST' });
    return action(await readJsonObject(request));
  }

  return {
    async handle(request: Request): Promise<Response> {
      try {
        const body = await answer(request);
        const requestId = requestIdOf(body);
        return json(200, body, requestId ? { 'x-request-id': requestId } : {});
      } catch (error) {
        if (error instanceof ApiError) return errorResponse(error.status, error.errors, error.headers);
        if (error instanceof SearchRequestError) return errorResponse(400, error.errors);
        logger.error('search API failed', error);
        return errorResponse(500, ['Internal server error']);
      }
    },
  };
}

export type SearchApi = ReturnType<typeof createSearchApi>;
