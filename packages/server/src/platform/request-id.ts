import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { createAddressList } from './address-list';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Short and inert: safe in a log line, a header and a support ticket. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/**
 * Fastify's `genReqId`: a proxy's `x-request-id` is adopted only when the proxy is trusted
 * (TRUST_PROXY) and the id is a short safe token, so one id follows a request through the load
 * balancer and our logs; anything else gets a fresh UUID, since a client's own id could forge
 * or flood log lines.
 */
export function requestIdGenerator(trustProxy: boolean | readonly string[]): (request: IncomingMessage) => string {
  const proxies = typeof trustProxy === 'boolean' ? null : createAddressList(trustProxy);
  const fromTrustedProxy = (request: IncomingMessage) =>
    proxies ? proxies.has(request.socket.remoteAddress ?? '') : trustProxy === true;
  return (request) => {
    const inbound = request.headers[REQUEST_ID_HEADER];
    if (typeof inbound === 'string' && SAFE_REQUEST_ID.test(inbound) && fromTrustedProxy(request)) return inbound;
    return randomUUID();
  };
}
