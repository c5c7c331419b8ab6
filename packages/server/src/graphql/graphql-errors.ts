import { GraphQLError, type ExecutionResult } from 'graphql';
import mercurius, { type MercuriusContext } from 'mercurius';
import { DomainError } from '@piste/core';

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';

/** Errors a client caused (bad query, variables or method) carry a 4xx status from mercurius or Fastify. */
function isClientError(error: Error): boolean {
  const statusCode = (error as { statusCode?: unknown }).statusCode;
  return typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500;
}

function withMessage(error: GraphQLError, message: string, code: string, originalError?: Error): GraphQLError {
  return new GraphQLError(message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    originalError,
    extensions: { ...error.extensions, code },
  });
}

/**
 * Spec §8: resolver failures reach the client as GraphQL `errors` with a clear message. Domain
 * errors keep theirs and gain their code; anything unexpected (a database failure, a bug) is
 * logged and answered with a generic message, as `/api` does, so internals never leak.
 */
export function formatGraphqlErrors(
  execution: ExecutionResult & Required<Pick<ExecutionResult, 'errors'>>,
  context: MercuriusContext,
) {
  const log = context.reply?.log ?? context.app.log;
  const errors = execution.errors.map((error) => {
    const original = error.originalError;
    if (!original || original instanceof GraphQLError || original instanceof mercurius.ErrorWithProps) return error;
    if (original instanceof DomainError) return withMessage(error, original.message, original.code, original);
    if (isClientError(original)) return error;
    log.error({ err: original }, 'GraphQL resolver failed');
    return withMessage(error, INTERNAL_MESSAGE, 'INTERNAL');
  });
  return mercurius.defaultErrorFormatter({ ...execution, errors }, context);
}
