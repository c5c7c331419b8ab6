import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The page's URL: the request's path after the origin of its Host header. The path is appended,
 * never resolved (`//evil.example@shop/…` is a path, not another host with credentials), and a
 * Host no URL can hold falls back to localhost: React Router routes on the path alone.
 */
function pageUrl(request: FastifyRequest): URL {
  let origin = `${request.protocol}://localhost`;
  try {
    origin = new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    // A malformed Host header: the fallback above.
  }
  return new URL(`${origin}${request.url}`);
}

/**
 * Builds the Fetch API Request that React Router expects from Fastify's request; `body` is the
 * request's body stream (a counted one, `page-body-limit.ts`) for methods that carry one.
 */
export function toWebRequest(request: FastifyRequest, reply: FastifyReply, body?: Readable): Request {
  const url = pageUrl(request);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  // Aborts loaders and rendering when the visitor goes away mid-response.
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: 'half' } = { method: request.method, headers, signal: controller.signal };
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    init.body = Readable.toWeb(body ?? request.raw) as ReadableStream;
    init.duplex = 'half';
  }
  return new Request(url, init);
}

/**
 * The Fetch Request of an API call whose body Fastify has buffered (the embedded content and
 * search services). The origin is fixed: those APIs read only the path and query, and a
 * malformed Host header must not turn into an error here.
 */
export function toBufferedWebRequest(request: FastifyRequest, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const body = Buffer.isBuffer(request.body) ? request.body : undefined;
  return new Request(`${origin}${request.url}`, {
    method: request.method,
    headers,
    body: request.method === 'GET' || request.method === 'HEAD' ? undefined : body,
  });
}

/** Sends a Fetch API Response through Fastify, streaming its body. */
export function sendWebResponse(reply: FastifyReply, response: Response): FastifyReply {
  setStatusAndHeaders(reply, response.status, response.headers);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
}

/**
 * Puts a status and header entries on the reply; the Set-Cookie entries (one per cookie, as a
 * Fetch `Headers` iterates them) go out as one list, so that none replaces another.
 */
export function setStatusAndHeaders(reply: FastifyReply, status: number, headers: Iterable<[string, string]>): void {
  reply.status(status);
  const cookies: string[] = [];
  for (const [name, value] of headers) {
    if (name === 'set-cookie') cookies.push(value);
    else reply.header(name, value);
  }
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}
