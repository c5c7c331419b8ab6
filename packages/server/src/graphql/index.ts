import type { FastifyPluginAsync } from 'fastify';
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
      additionalRouteOptions: { bodyLimit: 64 * 1024 },
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
