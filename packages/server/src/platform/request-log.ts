import type { FastifyReply } from 'fastify';
import { routeLabel } from './metrics';
import { REQUEST_ID_HEADER } from './request-id';

/**
 * pino serializers for Fastify's request logs. Its "request completed" line (reqId, status,
 * responseTime) gains the route pattern the metrics count it under, and, when a route answered
 * with its own `x-request-id` (the embedded search API sends App Search's, which its body
 * repeats as `meta.request_id` for click tracking), that id, so either one finds the line.
 */
/** Query parameters that carry a secret or a shopper's address: logged as `[redacted]`. */
const REDACTED_QUERY_PARAMETERS = /([?&](?:token|email|number|password|pw|key)=)[^&#]*/gi;

/** The URL as it may be logged: a password-reset link or an order lookup must not end up in the logs. */
export function loggableUrl(url: string): string {
  return url.replace(REDACTED_QUERY_PARAMETERS, '$1[redacted]');
}

export const requestLogSerializers = {
  // Fastify's own request fields, with the URL's secrets taken out.
  req(request: { method: string; url: string; hostname?: string; ip?: string; socket?: { remotePort?: number } }) {
    return {
      method: request.method,
      url: loggableUrl(request.url),
      host: request.hostname,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
  // Fastify types what it hands the serializer as a partial reply.
  res(reply: Partial<FastifyReply> & Pick<FastifyReply, 'statusCode'>) {
    const { request } = reply;
    if (!request) return { statusCode: reply.statusCode };
    const answered = reply.getHeader?.(REQUEST_ID_HEADER);
    return {
      statusCode: reply.statusCode,
      route: routeLabel(request),
      ...(answered !== undefined && answered !== request.id ? { responseRequestId: answered } : {}),
    };
  },
};
