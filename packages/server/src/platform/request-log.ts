import type { FastifyReply, FastifyServerOptions } from 'fastify';
import { maskCardNumbers, textContainsCardNumber } from '@piste/core';
import { routeLabel } from './metrics';
import { REQUEST_ID_HEADER } from './request-id';

/** Query parameters that carry a secret or a shopper's address: logged as `[redacted]`. */
const REDACTED_QUERY_PARAMETERS = /([?&](?:token|email|number|password|pw|key)=)[^&#]*/gi;

/**
 * The URL with its ASCII escapes decoded and `+` read as a space, as the query parser reads
 * it: a card number typed into a search box arrives as `4242+4242+…` or `4242%204242%20…`.
 * Never throws: a malformed escape stays as it is.
 */
function asParsed(url: string): string {
  return url
    .replace(/\+/g, ' ')
    .replace(/%([0-7][0-9a-f])/gi, (_escape, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * The URL as it may be logged: a password-reset link or an order lookup must not end up in the
 * logs, and neither may a card number (issue 28: "refused and never logged"), which is masked
 * in the URL as decoded.
 */
export function loggableUrl(url: string): string {
  const redacted = url.replace(REDACTED_QUERY_PARAMETERS, '$1[redacted]');
  const parsed = asParsed(redacted);
  return textContainsCardNumber(parsed) ? maskCardNumbers(parsed) : redacted;
}

/**
 * pino serializers for Fastify's request logs. Its "request completed" line (reqId, status,
 * responseTime) gains the route pattern the metrics count it under, and, when a route answered
 * with its own `x-request-id` (the embedded search API sends App Search's, which its body
 * repeats as `meta.request_id` for click tracking), that id, so either one finds the line.
 */
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

/**
 * The logger's options: the level, these serializers, and a last look at every line before it
 * is written that masks card-shaped numbers, whatever field holds them (an error's message
 * quoting a body, a URL). A test's own options (its stream, its level) keep both.
 */
export function loggerOptions(
  level: string,
  given: FastifyServerOptions['logger'] | undefined,
): FastifyServerOptions['logger'] {
  if (given === false) return false;
  return {
    level,
    serializers: requestLogSerializers,
    hooks: { streamWrite: maskCardNumbers },
    ...(typeof given === 'object' ? given : {}),
  };
}
