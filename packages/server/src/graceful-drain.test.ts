import http from 'node:http';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { closeConnectionsWhileDraining } from './graceful-drain';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function get(port: number, agent: http.Agent, path: string) {
  return new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () =>
          resolve({ status: response.statusCode!, connection: response.headers.connection, body }),
        );
      })
      .on('error', reject);
  });
}

describe('draining keep-alive connections at shutdown', () => {
  it('answers a request in flight when the shutdown begins, closes its connection, and so lets the close finish', async () => {
    const app = Fastify({ return503OnClosing: false });
    closeConnectionsWhileDraining(app, 200);
    app.get('/slow', async () => {
      await sleep(300);
      return { ok: true };
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };
    // A load balancer's pooled connection: kept alive between requests.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const before = await get(port, agent, '/slow');
      expect(before.connection).toBe('keep-alive');

      const inFlight = get(port, agent, '/slow');
      await sleep(50);
      const closing = app.close();
      const answer = await inFlight;
      expect(answer).toEqual({ status: 200, connection: 'close', body: '{"ok":true}' });
      // Without `Connection: close` the connection would stay open for Fastify's 72 s keep-alive.
      const outcome = await Promise.race([closing.then(() => 'closed'), sleep(3_000).then(() => 'still open')]);
      expect(outcome).toBe('closed');
    } finally {
      agent.destroy();
      await app.close();
    }
  });

  it('serves a request that arrives during the grace, on a connection opened before or after the shutdown began', async () => {
    const app = Fastify({ return503OnClosing: false });
    closeConnectionsWhileDraining(app, 500);
    app.post('/cart', async () => ({ added: true }));
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };
    const pooled = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const post = (agent: http.Agent) =>
      new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
        http
          .request({ host: '127.0.0.1', port, path: '/cart', method: 'POST', agent }, (response) => {
            response.resume();
            response.on('end', () =>
              resolve({ status: response.statusCode!, connection: response.headers.connection }),
            );
          })
          .on('error', reject)
          .end();
      });
    try {
      // The balancer's idle connection, opened before the shutdown.
      expect((await post(pooled)).connection).toBe('keep-alive');
      const closing = app.close();
      await sleep(100);
      // On it, and on a new one: answered (not 503), and closed after the answer.
      expect(await post(pooled)).toEqual({ status: 200, connection: 'close' });
      expect(await post(new http.Agent({ keepAlive: false }))).toEqual({ status: 200, connection: 'close' });
      await closing;
    } finally {
      pooled.destroy();
      await app.close();
    }
  });
});
