import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, type DomainErrorKind } from '@piste/core';

const statusByKind: Record<DomainErrorKind, number> = {
  INVALID_DATA: 400,
  UNAUTHORIZED: 401,
  NOT_ALLOWED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
};

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
    // A RateLimitedError says when to come back.
    const retryAfter = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
    if (typeof retryAfter === 'number') reply.header('Retry-After', String(Math.ceil(retryAfter)));
    return reply.status(statusByKind[error.kind]).send(errorBody(error.code, error.message));
  }
  const clientError = describeFastifyClientError(error);
  if (clientError) {
    return reply.status(clientError.status).send(errorBody(clientError.code, clientError.message));
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send(errorBody('INTERNAL', 'Something went wrong on our side. Please try again.'));
}
