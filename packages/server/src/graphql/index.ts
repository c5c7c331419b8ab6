import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { getOperationAST, parse, type DocumentNode } from 'graphql';
import mercurius from 'mercurius';
import type { Services } from '../services';
import { formatGraphqlErrors } from './graphql-errors';
import { createResolvers } from './resolvers';
import { graphqlSchema } from './schema';

/** Deeper than any storefront query (7 levels); stops recursive introspection abuse. */
export const MAX_QUERY_DEPTH = 10;
/** Characters in a query document; the storefront's largest is under 2,000. */
export const MAX_QUERY_LENGTH = 10_000;

/**
 * Whether a query is JSON (`42`, `null`, `{}`; a number or boolean `query` reaches here as text).
 * No GraphQL document is, and mercurius reads a query that fails to parse as a JSON syntax tree,
 * which graphql's validation trusts and crashes on: a client's mistake answered as a server error.
 */
function isJson(source: string): boolean {
  try {
    JSON.parse(source);
    return true;
  } catch {
    return false;
  }
}

function parsedOrNull(source: string): DocumentNode | null {
  try {
    return parse(source);
  } catch {
    return null;
  }
}

/**
 * GraphQL spec 6.1 'GetOperation': a document of several operations needs the operationName of
 * one of them. Mercurius reads the operation of a GET request before asking, and fails on a
 * document without one as a server error (found by fuzzing), so the request is refused here with
 * a 400 first. A document that does not parse is left to mercurius, which says why.
 */
async function refuseUnnamedOperation(request: FastifyRequest, reply: FastifyReply) {
  const params = (request.method === 'GET' ? request.query : request.body) as
    { query?: unknown; operationName?: unknown } | undefined;
  if (typeof params?.query !== 'string' || params.query.length > MAX_QUERY_LENGTH) return;
  const document = parsedOrNull(params.query);
  const operationName = typeof params.operationName === 'string' ? params.operationName : undefined;
  if (!document || getOperationAST(document, operationName)) return;
  const message = operationName
    ? `The document has no operation named "${operationName}".`
    : 'The document has several operations: name the one to run in operationName.';
  return reply.code(400).send({ data: null, errors: [{ message }] });
}

/**
 * `/graphql` (spec §7 'GraphQL'): POST, or GET for queries (mercurius refuses other operations
 * over GET). The schema has no mutations, so there is nothing for CSRF prevention to guard and
 * plain `GET ?query=` stays usable. Registered in its own encapsulated context so mercurius's
 * error handler and content-type parser stay here.
 */
export function graphqlRoutes(services: Services): FastifyPluginAsync {
  return async (app) => {
    await app.register(mercurius, {
      schema: graphqlSchema,
      resolvers: createResolvers({
        catalogue: services.catalogue,
        contentProducts: services.contentProducts,
        content: services.content.client,
      }),
      path: '/graphql',
      graphiql: false,
      queryDepth: MAX_QUERY_DEPTH,
      errorFormatter: formatGraphqlErrors,
      // Queries and their variables are small; a large body is a mistake or an attack.
      additionalRouteOptions: { bodyLimit: 64 * 1024, preHandler: refuseUnnamedOperation },
    });
    app.graphql.addHook('preParsing', async (_schema, source) => {
      if (isJson(source)) {
        throw new mercurius.ErrorWithProps(
          'The query must be a GraphQL document sent as text, such as "{ colorGroups { color_name } }".',
          { code: 'INVALID_QUERY' },
          400,
        );
      }
      if (source.length > MAX_QUERY_LENGTH) {
        throw new mercurius.ErrorWithProps(
          `The query is ${source.length} characters long; the limit is ${MAX_QUERY_LENGTH}.`,
          { code: 'QUERY_TOO_LARGE' },
          400,
        );
      }
    });
  };
}
