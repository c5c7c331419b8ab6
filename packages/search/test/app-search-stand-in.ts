import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  DOCUMENTED_PARAMETERS,
  DOCUMENTS_BATCH_LIMIT,
  MULTI_SEARCH_RESPONSE,
  QUERY_SUGGESTION_RESPONSE,
  SEARCH_RESPONSE,
  errorBody,
} from './app-search-reference';

/**
 * A hosted App Search engine on loopback, answering as Elastic's API reference documents
 * (app-search-reference.ts): it refuses a parameter an endpoint does not document, a documents
 * batch over 100, a document field App Search would not accept, and a key of the wrong kind,
 * and otherwise answers the reference's example bodies. A contract double for our adapter's
 * tests, not an engine: it records each request and searches nothing.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

export interface StandInOptions {
  engine: string;
  /** The public search key: search, multi_search, query_suggestion and click. */
  searchKey?: string;
  /** The private key: everything, documents included (documents.html 'Authentication'). */
  privateKey?: string;
  /** Reasons to refuse named documents with (a per-document error in a 200 answer). */
  documentErrors?: Record<string, string[]>;
  /** Answer this batch of documents (1-based) with a status and body instead. */
  failBatch?: { batch: number; status: number; body: unknown };
}

const ENDPOINTS = ['search', 'multi_search', 'query_suggestion', 'click', 'documents'] as const;
/** documents.html 'Field name rules': lowercase letters, digits and underscores, a letter among them, no leading underscore, at most 64. */
const FIELD_NAME = /^(?!_)(?=.*[a-z])[a-z0-9_]{1,64}$/;
const RESERVED_FIELDS = ['engine_id', 'search_index_id', 'highlight', 'any', 'all', 'none', 'or', 'and', 'not'];
/** documents.html: "Documents are JSON objects with up to 64 key-value pairs". */
const MAX_FIELDS = 64;

function unknownParameters(body: unknown, allowed: readonly string[]): string[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return ['(body is not an object)'];
  return Object.keys(body).filter((key) => !allowed.includes(key));
}

function documentProblems(document: unknown): string[] {
  if (typeof document !== 'object' || document === null || Array.isArray(document))
    return ['Document must be an object'];
  const fields = Object.keys(document).filter((field) => field !== 'id');
  const problems = fields
    .filter((field) => !FIELD_NAME.test(field) || RESERVED_FIELDS.includes(field))
    .map((field) => `Invalid field name: ${field}`);
  if (fields.length + 1 > MAX_FIELDS) problems.push(`Too many fields: at most ${MAX_FIELDS}`);
  for (const [field, value] of Object.entries(document)) {
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      problems.push(`Nested objects are not supported: ${field}`);
    }
  }
  return problems;
}

export async function startAppSearchStandIn(options: StandInOptions) {
  const requests: RecordedRequest[] = [];
  let documentBatches = 0;

  function answer(response: ServerResponse, status: number, body: unknown): void {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(body));
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    let body: unknown;
    try {
      body = text === '' ? {} : JSON.parse(text);
    } catch {
      return answer(response, 400, errorBody('Request body must be valid JSON'));
    }
    const path = request.url ?? '';
    const record: RecordedRequest = {
      method: request.method ?? '',
      path,
      authorization: request.headers.authorization,
      contentType: request.headers['content-type'],
      body,
    };
    requests.push(record);
    const match = /^\/api\/as\/v1\/engines\/([^/]+)\/([a-z_]+?)(?:\.json)?$/.exec(path);
    const endpoint = match?.[2] as (typeof ENDPOINTS)[number] | undefined;
    if (!match || !endpoint || !ENDPOINTS.includes(endpoint)) return answer(response, 404, errorBody('Not found'));
    if (decodeURIComponent(match[1]!) !== options.engine)
      return answer(response, 404, errorBody('Could not find engine.'));
    if (request.method !== 'POST') return answer(response, 405, errorBody('Method not allowed'));
    const key = record.authorization?.replace(/^Bearer /, '');
    const isPrivate = key !== undefined && key === options.privateKey;
    const isSearch = key !== undefined && key === options.searchKey;
    if (!isPrivate && !(isSearch && endpoint !== 'documents'))
      return answer(response, 401, errorBody('Invalid credentials'));

    switch (endpoint) {
      case 'search':
      case 'query_suggestion':
      case 'click': {
        const unknown = unknownParameters(body, DOCUMENTED_PARAMETERS[endpoint]!);
        if (unknown.length > 0)
          return answer(response, 400, errorBody(...unknown.map((name) => `Options contains invalid key: ${name}`)));
        if (endpoint === 'click') return answer(response, 200, {});
        return answer(response, 200, endpoint === 'search' ? SEARCH_RESPONSE : QUERY_SUGGESTION_RESPONSE);
      }
      case 'multi_search': {
        const queries = (body as { queries?: unknown }).queries;
        const outer = unknownParameters(body, ['queries']);
        if (outer.length > 0 || !Array.isArray(queries) || queries.length > 10) {
          return answer(response, 400, errorBody('queries must be an array of at most 10 search bodies'));
        }
        const unknown = queries.flatMap((query) => unknownParameters(query, DOCUMENTED_PARAMETERS.search!));
        if (unknown.length > 0)
          return answer(response, 400, errorBody(...unknown.map((name) => `Options contains invalid key: ${name}`)));
        return answer(response, 200, MULTI_SEARCH_RESPONSE.slice(0, queries.length));
      }
      case 'documents': {
        documentBatches += 1;
        if (options.failBatch?.batch === documentBatches) {
          return answer(response, options.failBatch.status, options.failBatch.body);
        }
        if (!Array.isArray(body)) return answer(response, 400, errorBody('Documents must be an array'));
        if (body.length > DOCUMENTS_BATCH_LIMIT) {
          return answer(response, 413, errorBody(`Too many documents: at most ${DOCUMENTS_BATCH_LIMIT} per request`));
        }
        return answer(
          response,
          200,
          body.map((document: { id?: unknown }) => {
            const id = typeof document?.id === 'string' ? document.id : null;
            return { id, errors: [...documentProblems(document), ...((id && options.documentErrors?.[id]) || [])] };
          }),
        );
      }
    }
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => answer(response, 500, errorBody(String(error))));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    /** The API root ending in /api/as/v1, as SEARCH_ENDPOINT gives it. */
    endpoint: `http://127.0.0.1:${port}/api/as/v1`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
