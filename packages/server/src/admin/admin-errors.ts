import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { FieldErrors, VersionConflict } from '@piste/admin/server';
import type { DomainError } from '@piste/core';
import { apiErrorHandler } from '../errors';
import type { OutageProbe } from '../outage-probe';

/**
 * `/variants/2/price` → `variants.2.price`: the admin app's name for the field. The zod provider's
 * paths start inside the request part, so a field may itself be called `body` (an order note's).
 */
function fieldName(instancePath: string | undefined, fallback: string): string {
  return (instancePath ?? '').split('/').filter(Boolean).join('.') || fallback;
}

/**
 * The admin API's errors: the shop's body (`{ error: { code, message } }`) plus `fields` (one
 * message per invalid field, for the form) or `current` (the record someone else saved, for a
 * version conflict). Everything else as the shop's API answers it: never a 500 for bad input.
 */
export function adminErrorHandler(outages: OutageProbe) {
  const fallback = apiErrorHandler(outages);
  return async (error: FastifyError | DomainError, request: FastifyRequest, reply: FastifyReply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const name = fieldName(issue.instancePath, 'request');
        fields[name] ??= issue.message ?? 'This value is not valid.';
      }
      return reply
        .status(400)
        .send({ error: { code: 'INVALID_DATA', message: 'Some fields need correcting.', fields } });
    }
    if (error instanceof FieldErrors) {
      return reply.status(400).send({ error: { code: error.code, message: error.message, fields: error.fields } });
    }
    if (error instanceof VersionConflict) {
      return reply.status(409).send({ error: { code: error.code, message: error.message, current: error.current } });
    }
    return fallback(error, request, reply);
  };
}
