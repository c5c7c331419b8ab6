import type { FastifyInstance, FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';
import { parseInput } from '@piste/commerce';
import { DomainError } from '@piste/core';

/** How an answer names the part of the request that is wrong (`Query parameter \`page\` …`). */
const PART_NAMES = {
  params: 'Path parameter',
  querystring: 'Query parameter',
  body: 'Field',
  headers: 'Header',
} as const;

/** A JSON object body, or a 400 (arrays, strings and `null` are not bodies any call takes). */
export function jsonObject(value: unknown): object {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new DomainError('INVALID_DATA', 'Send the request body as a JSON object.', 'INVALID_BODY');
  }
  return value;
}

/**
 * Validates a route's zod schemas with `parseInput`, so a refusal is the API's usual domain
 * error (`400 INVALID_PARAMETER`, "Query parameter `page` must be …") whether a route declares
 * its input or reads it by hand.
 */
const shopValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  const part = PART_NAMES[httpPart as keyof typeof PART_NAMES] ?? 'Field';
  return (data: unknown) => {
    try {
      const input = httpPart === 'body' ? jsonObject(data) : data;
      return { value: parseInput(schema, input, part) };
    } catch (error) {
      if (error instanceof DomainError) return { error };
      throw error;
    }
  };
};

/** A route answered something its response schema does not describe: a bug in the route or the schema. */
export class ResponseShapeError extends Error {
  constructor(method: string, url: string, status: string, issues: z.ZodError) {
    super(
      `${method} ${url} answered ${status} in a shape its response schema does not describe:\n${z.prettifyError(issues)}`,
    );
    this.name = 'ResponseShapeError';
  }
}

/**
 * Tests check every answer against the route's declared response schema and fail loudly when it
 * does not match; elsewhere answers are written as they are, as fast as a route without one.
 */
function serializerCompiler(checkShapes: boolean): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url, httpStatus }) =>
    (data: unknown) => {
      if (checkShapes) {
        const result = schema.safeParse(data);
        if (!result.success) throw new ResponseShapeError(method, url, String(httpStatus), result.error);
      }
      return JSON.stringify(data);
    };
}

/**
 * The zod type provider's compilers for a plugin's routes. `checkResponses` is true in tests
 * (NODE_ENV=test), never in production.
 */
export function applyZodSchemas(app: FastifyInstance, options: { checkResponses: boolean }): void {
  app.setValidatorCompiler(shopValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler(options.checkResponses));
}
