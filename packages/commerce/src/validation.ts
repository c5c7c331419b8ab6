import { DomainError } from '@piste/core';
import type { z } from 'zod';

/**
 * Parses client input with a schema; the first problem becomes a 400 whose message names
 * the parameter ("Query parameter `limit` must be …"), as clients need to fix it.
 */
export function parseInput<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
  what: 'Query parameter' | 'Path parameter' | 'Field' | 'Header',
): z.output<Schema> {
  // reportInput tells a missing value ("is required") from one of the wrong type (the schema's own message).
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  if (issue.code === 'unrecognized_keys') {
    const key = String(issue.keys[0]).slice(0, 60);
    throw new DomainError('INVALID_DATA', `${what} \`${key}\` is not supported.`, 'INVALID_PARAMETER');
  }
  // A lone value (a header) is named by its schema's description, e.g. `Idempotency-Key`.
  const name = issue.path.map(String).join('.') || schema.description || 'value';
  const message = issue.code === 'invalid_type' && issue.input === undefined ? 'is required' : issue.message;
  throw new DomainError('INVALID_DATA', `${what} \`${name}\` ${message}.`, 'INVALID_PARAMETER');
}
