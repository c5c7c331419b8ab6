import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, HTTP_STATUS_BY_KIND } from '@piste/core';
import type { OutageProbe } from './outage-probe';
import { REQUEST_ID_HEADER } from './platform/request-id';

/** The one error body of the API: `{ "error": { "code", "message" } }`. */
export interface ApiErrorBody {
  error: { code: string; message: string };
}

export function errorBody(code: string, message: string): ApiErrorBody {
  return { error: { code, message } };
}

/** Fastify's own client errors, in our words. */
const FASTIFY_CLIENT_ERRORS: Record<string, { code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'INVALID_JSON', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'INVALID_JSON', message: 'The request body is empty; JSON was expected.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the request body as JSON.' },
};

/** Fastify's own client errors (bad JSON, too large, wrong content type) keep their 4xx status. */
function describeFastifyClientError(error: FastifyError): { status: number; code: string; message: string } | null {
  const status = error.statusCode ?? 500;
  if (status < 400 || status >= 500) return null;
  if (error instanceof SyntaxError) return { status: 400, ...FASTIFY_CLIENT_ERRORS.FST_ERR_CTP_INVALID_JSON_BODY! };
  const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
  if (known) return { status, ...known };
  if (error.validation) return { status: 400, code: 'INVALID_DATA', message: error.message };
  return { status, code: 'BAD_REQUEST', message: error.message };
}

/**
 * Maps every error to the standard body. Domain errors map by kind, client errors keep their
 * 4xx, and anything else is a 500 whose details go to the log only.
 */
export function handleApiError(error: FastifyError | DomainError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof DomainError) {
    // A RateLimitedError says when to come back; a platform that did not answer is tried again soon.
    const retryAfter = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
    if (typeof retryAfter === 'number') reply.header('Retry-After', String(Math.ceil(retryAfter)));
    else if (error.kind === 'UNAVAILABLE') reply.header('Retry-After', String(OUTAGE_RETRY_AFTER_SECONDS));
    return reply.status(HTTP_STATUS_BY_KIND[error.kind]).send(errorBody(error.code, error.message));
  }
  const clientError = describeFastifyClientError(error);
  if (clientError) {
    return reply.status(clientError.status).send(errorBody(clientError.code, clientError.message));
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send(errorBody('INTERNAL', 'Something went wrong on our side. Please try again.'));
}

/**
 * Fastify's `frameworkErrors`: they happen in the router, before any hook or route. A malformed
 * escape in the URL (`/api/cart/%`) is the client's mistake and answers the standard body too,
 * with the request id every answer carries; any other router error keeps its 4xx as above.
 */
export function handleRouterError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply.header(REQUEST_ID_HEADER, request.id).header('cache-control', 'no-store');
  if (error.code === 'FST_ERR_BAD_URL') {
    return reply
      .status(400)
      .send(errorBody('INVALID_URL', 'The address is not valid: a % must start an escape such as %20.'));
  }
  return handleApiError(error, request, reply);
}

/** How soon an API client may try again while the database or Redis is unreachable (seconds). */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

/** What a client is told while the database or Redis is unreachable. */
export const UNAVAILABLE_MESSAGE = 'The shop is briefly unavailable. Please try again in a moment.';

/**
 * `handleApiError`, except that an unexpected failure while the database or Redis does not
 * answer is a 503 the client may retry, not a 500: the request was fine, the shop is briefly
 * unavailable. A sign-out refused this way leaves the session cookie in place, to try again.
 */
export function apiErrorHandler(outages: OutageProbe) {
  return async (error: FastifyError | DomainError, request: FastifyRequest, reply: FastifyReply) => {
    const unexpected = !(error instanceof DomainError) && !describeFastifyClientError(error);
    const dependency = unexpected ? await outages.unreachable() : null;
    if (dependency) {
      request.log.warn({ err: error, dependency }, `the ${dependency} is unreachable`);
      return reply
        .status(503)
        .header('retry-after', String(OUTAGE_RETRY_AFTER_SECONDS))
        .send(errorBody('UNAVAILABLE', UNAVAILABLE_MESSAGE));
    }
    return handleApiError(error, request, reply);
  };
}
