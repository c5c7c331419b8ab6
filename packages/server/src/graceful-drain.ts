import type { FastifyInstance } from 'fastify';

/**
 * How long a listening instance goes on accepting connections once a shutdown begins, answering
 * each request with `Connection: close`. A load balancer (nginx) keeps idle connections open and
 * may send a request on one at the very moment the instance closes it; it then cannot tell
 * whether the request was handled, and never sends a POST elsewhere. Over this second, every
 * connection the balancer still uses is ended by the instance's answer instead; only one that
 * stayed idle throughout is closed under it.
 */
const DRAIN_GRACE_MS = 1_000;

/**
 * Behind a load balancer, a graceful shutdown (SIGTERM) must end its keep-alive connections
 * without failing a request. Node's `server.close()` closes only the idle ones: a connection
 * busy when the shutdown begins stays open after its answer, and the close waits for it until
 * it times out (72 s, beyond SHUTDOWN_TIMEOUT_SECONDS). So every answer sent once the shutdown
 * began says `Connection: close`, after a grace in which the listener still accepts
 * (DRAIN_GRACE_MS); then the listener closes, and the balancer's next connection is refused,
 * which it sends to another instance whatever the method. Requests that arrive meanwhile are
 * served, not refused (`return503OnClosing: false` where the app is built).
 */
export function closeConnectionsWhileDraining(app: FastifyInstance, graceMs = DRAIN_GRACE_MS): void {
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
    // An app that never listened (tests injecting requests) has no connection to drain.
    if (app.server.listening) await new Promise((resolve) => setTimeout(resolve, graceMs));
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (draining && !reply.raw.headersSent) reply.header('connection', 'close');
    return payload;
  });
}
