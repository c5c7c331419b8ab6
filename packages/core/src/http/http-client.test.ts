import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_RETRY_STATUSES, HttpError, createHttpClient, defaultRetries, retryAfterHeaderMs } from './http-client';

/** A real HTTP server on loopback: each request is answered by the next handler queued. */
interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}
type Handler = (request: Received, response: ServerResponse) => void;

let server: Server;
let baseUrl: string;
const received: Received[] = [];
let handlers: Handler[] = [];
const answer =
  (status: number, body: unknown = { ok: status < 300 }): Handler =>
  (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };

beforeAll(async () => {
  server = createServer((message, response) => {
    const chunks: Buffer[] = [];
    message.on('data', (chunk: Buffer) => chunks.push(chunk));
    message.on('end', () => {
      const request = {
        method: message.method!,
        url: message.url!,
        headers: message.headers,
        body: Buffer.concat(chunks).toString(),
      };
      received.push(request);
      (handlers.shift() ?? answer(200))(request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterEach(() => {
  received.length = 0;
  handlers = [];
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable('the request should fail'),
    (error: unknown) => error as HttpError,
  );

describe('the generic HTTP client (spec §7 Other, §8)', () => {
  it('sends to the configured base URL with JSON bodies and answers the parsed body', async () => {
    handlers = [
      (request, response) => response.writeHead(201).end(JSON.stringify({ echoed: JSON.parse(request.body) })),
    ];
    const client = createHttpClient({ baseUrl: `${baseUrl}/`, headers: { authorization: 'Bearer k' } });
    const response = await client.request<{ echoed: unknown }>('/things', { method: 'POST', json: { a: 1 } });
    expect(response.status).toBe(201);
    expect(response.data).toEqual({ echoed: { a: 1 } });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: 'POST', url: '/api/things' });
    expect(received[0]!.headers).toMatchObject({ 'content-type': 'application/json', authorization: 'Bearer k' });
  });

  it('retries the spec’s statuses 408, 409, 425, 429, 500, 502, 503 and 504', () => {
    expect(HTTP_RETRY_STATUSES).toEqual([408, 409, 425, 429, 500, 502, 503, 504]);
  });

  it.each(HTTP_RETRY_STATUSES)('tries a GET answered %i once more, and takes the second answer', async (status) => {
    handlers = [answer(status), answer(200, { second: true })];
    const response = await createHttpClient({ baseUrl }).request('/read');
    expect(response.data).toEqual({ second: true });
    expect(received.map((request) => request.method)).toEqual(['GET', 'GET']);
  });

  it('rejects a GET failing twice with "Request failed with status code", the last answer attached', async () => {
    handlers = [answer(503), answer(502, { errors: ['down'] })];
    const error = await failureOf(createHttpClient({ baseUrl }).request('/read'));
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ kind: 'status', message: 'Request failed with status code 502', status: 502 });
    expect(error.response?.data).toEqual({ errors: ['down'] });
    expect(received).toHaveLength(2);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('does not retry a mutating %s by default', async (method) => {
    expect(defaultRetries(method)).toBe(0);
    handlers = [answer(503), answer(200)];
    const error = await failureOf(createHttpClient({ baseUrl }).request('/write', { method, json: {} }));
    expect(error.status).toBe(503);
    expect(received).toHaveLength(1);
  });

  it('does not retry other statuses', async () => {
    handlers = [answer(404), answer(200)];
    expect((await failureOf(createHttpClient({ baseUrl }).request('/missing'))).status).toBe(404);
    expect(received).toHaveLength(1);
  });

  it('takes retry counts and statuses from its configuration or the request', async () => {
    const client = createHttpClient({ baseUrl, retry: 3, retryStatuses: [429] });
    handlers = [answer(429), answer(429), answer(429), answer(200)];
    expect((await client.request('/read', { method: 'POST' })).status).toBe(200);
    expect(received).toHaveLength(4);

    received.length = 0;
    handlers = [answer(500), answer(200)];
    expect((await failureOf(client.request('/read'))).status).toBe(500);
    handlers = [answer(500), answer(200)];
    expect((await client.request('/read', { retry: 1, retryStatuses: [500] })).status).toBe(200);
  });

  it('fails with "Network Error" when nothing answers, keeping the cause', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await failureOf(createHttpClient({ baseUrl: `http://127.0.0.1:${port}` }).request('/x'));
    expect(error).toMatchObject({ kind: 'network', message: 'Network Error', status: 0 });
    expect(error.cause).toBeInstanceOf(Error);
  });

  it('fails with "timeout of N ms exceeded" when an answer takes longer than the timeout given', async () => {
    handlers = [() => undefined];
    const error = await failureOf(createHttpClient({ baseUrl, timeoutMs: 50 }).request('/slow', { retry: 0 }));
    expect(error).toMatchObject({ kind: 'timeout', message: 'timeout of 50ms exceeded' });
  });

  it('fails with "Request aborted" when the caller aborts', async () => {
    handlers = [() => undefined];
    const controller = new AbortController();
    const pending = failureOf(createHttpClient({ baseUrl }).request('/slow', { signal: controller.signal }));
    await expect.poll(() => received.length).toBe(1);
    controller.abort();
    expect(await pending).toMatchObject({ kind: 'aborted', message: 'Request aborted' });
  });

  describe('Retry-After (RFC 9110 §10.2.3) and vendor rate-limit headers', () => {
    const refused =
      (headers: Record<string, string>): Handler =>
      (_request, response) => {
        response.writeHead(429, { 'content-type': 'application/json', ...headers }).end('{}');
      };

    it('reads Retry-After as seconds or as an HTTP date', () => {
      expect(retryAfterHeaderMs(new Headers({ 'retry-after': '2' }))).toBe(2000);
      const now = Date.parse('2026-11-27T10:00:00Z');
      expect(retryAfterHeaderMs(new Headers({ 'retry-after': 'Fri, 27 Nov 2026 10:00:03 GMT' }), now)).toBe(3000);
      expect(retryAfterHeaderMs(new Headers({ 'retry-after': 'soon' }))).toBeNull();
      expect(retryAfterHeaderMs(new Headers())).toBeNull();
    });

    it('waits as long as a 429 asks before its one retry', async () => {
      handlers = [refused({ 'retry-after': '1' }), answer(200, { ok: true })];
      const started = Date.now();
      const response = await createHttpClient({ baseUrl }).request('/limited');
      expect(response.data).toEqual({ ok: true });
      expect(received).toHaveLength(2);
      expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    });

    it("reads the wait from a vendor's header when told how", async () => {
      handlers = [refused({ 'x-rate-limit-time-reset-ms': '300' }), answer(200)];
      const started = Date.now();
      await createHttpClient({
        baseUrl,
        retryAfterMs: (headers) => Number(headers.get('x-rate-limit-time-reset-ms')) || null,
      }).request('/limited');
      expect(received).toHaveLength(2);
      expect(Date.now() - started).toBeGreaterThanOrEqual(280);
    });

    it('fails at once when the wait asked for is longer than a page can hold', async () => {
      handlers = [refused({ 'retry-after': '120' }), answer(200)];
      const error = await failureOf(createHttpClient({ baseUrl, maxRetryWaitMs: 5_000 }).request('/limited'));
      expect(error.message).toBe('Request failed with status code 429');
      expect(received).toHaveLength(1);
    });
  });
});
