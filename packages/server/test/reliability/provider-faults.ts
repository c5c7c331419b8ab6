import { createServer, type IncomingMessage } from 'node:http';

/**
 * How a hosted provider misbehaves: answers normally (`healthy`), drops the connection as an
 * unreachable host would (`unreachable`), answers a 503 (`failing`), answers only after
 * `delayMs` (`slow`), or never answers (`hanging`).
 */
export type ProviderFault = 'healthy' | 'unreachable' | 'failing' | 'slow' | 'hanging';

type Handler = (request: Request) => Promise<Response>;

export interface HostedProviderStandIn {
  /** The stand-in's origin, e.g. `http://127.0.0.1:41234`. */
  url: string;
  fault: ProviderFault;
  delayMs: number;
  /** Requests received since it started. */
  calls: number;
  close(): Promise<void>;
}

async function toRequest(message: IncomingMessage, origin: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of message) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers)) {
    if (typeof value === 'string') headers.set(name, value);
  }
  const hasBody = message.method !== 'GET' && message.method !== 'HEAD';
  return new Request(`${origin}${message.url}`, {
    method: message.method,
    headers,
    body: hasBody ? Buffer.concat(chunks) : undefined,
  });
}

/**
 * A hosted content or search service on loopback, answering with `healthy` (the embedded
 * provider's handler, or a canned answer) until a test switches its fault: the server's
 * clients reach it over real HTTP, as they would reach Contentstack or App Search.
 */
export async function startHostedProviderStandIn(healthy: Handler): Promise<HostedProviderStandIn> {
  const server = createServer((message, response) => {
    void (async () => {
      standIn.calls += 1;
      const fault = standIn.fault;
      if (fault === 'unreachable') return message.socket.resetAndDestroy();
      if (fault === 'hanging') return;
      if (fault === 'failing') {
        response.writeHead(503, { 'content-type': 'text/html' }).end('<html><body>Service Unavailable</body></html>');
        return;
      }
      if (fault === 'slow') await new Promise((resolve) => setTimeout(resolve, standIn.delayMs));
      const answer = await healthy(await toRequest(message, standIn.url));
      response.writeHead(answer.status, Object.fromEntries(answer.headers));
      response.end(Buffer.from(await answer.arrayBuffer()));
    })().catch(() => message.socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const standIn: HostedProviderStandIn = {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    fault: 'healthy',
    delayMs: 0,
    calls: 0,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return standIn;
}
