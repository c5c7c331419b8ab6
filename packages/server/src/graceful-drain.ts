import type { FastifyInstance } from 'fastify';

/**
 * Behind a load balancer, a graceful shutdown (SIGTERM) must end its keep-alive connections.
 * Node's `server.close()` closes only the idle ones: a connection busy when the shutdown begins
 * stays open after its answer, and the close waits for it until it times out (72 s, beyond
 * SHUTDOWN_TIMEOUT_SECONDS). So every answer sent once the shutdown began says
 * `Connection: close`: its connection ends with it, and the balancer's next request opens a
 * connection, which the closed listener refuses and the balancer sends to another instance.
 * Requests that arrive on such a connection meanwhile are served, not refused (`return503OnClosing`
 * in app.ts).
 */
export function closeConnectionsWhileDraining(app: FastifyInstance): void {
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (draining && !reply.raw.headersSent) reply.header('connection', 'close');
    return payload;
  });
}
