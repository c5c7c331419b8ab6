import { z } from 'zod';

/** The one error body of `/api` (errors.ts): `{ "error": { "code", "message" } }`. */
export const apiErrorSchema = z
  .object({ error: z.object({ code: z.string(), message: z.string() }) })
  .meta({ id: 'ApiError', description: 'What went wrong: a machine-readable code and a message for people.' });

/** The statuses of core's domain-error table (`HTTP_STATUS_BY_KIND`) and Fastify's own client errors. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 503;

/** Every route may fail on our side or while a dependency is down. */
const ALWAYS: ErrorStatus[] = [500, 503];

/**
 * The error answers of a route, all in the `ApiError` shape: the statuses given (from the
 * domain-error table, core's `HTTP_STATUS_BY_KIND`) plus 500 and 503, which any route may answer.
 */
export function errorAnswers(...statuses: ErrorStatus[]): Partial<Record<ErrorStatus, z.ZodType>> {
  const answers: Partial<Record<ErrorStatus, z.ZodType>> = {};
  for (const status of [...statuses, ...ALWAYS]) {
    answers[status] = apiErrorSchema;
  }
  return answers;
}

/** BigCommerce's envelope (spec §7): `{ data, meta }`. */
export function envelope<Data extends z.ZodType>(data: Data, meta: z.ZodType = z.object({}).loose()) {
  return z.object({ data, meta });
}

/** A query string that takes no parameters: any is refused by name. */
export const noQuery = z.strictObject({});
