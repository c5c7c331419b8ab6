import type { FastifyPluginAsync } from 'fastify';
import mercurius from 'mercurius';
import type { Services } from '../services';
import { catalogueColourGroups } from './colour-groups';
import type { ContentProductSource } from './content-products';
import { builtInErrorPageContent } from './error-page-content';
import { formatGraphqlErrors } from './graphql-errors';
import { createResolvers } from './resolvers';
import { graphqlSchema } from './schema';

/** Deeper than any storefront query (7 levels); stops recursive introspection abuse. */
export const MAX_QUERY_DEPTH = 10;
/** Characters in a query document; the storefront's largest is under 2,000. */
export const MAX_QUERY_LENGTH = 10_000;

/**
 * `/graphql` (spec §7 'GraphQL'): POST, or GET for queries (mercurius refuses other operations
 * over GET). The schema has no mutations, so there is nothing for CSRF prevention to guard and
 * plain `GET ?query=` stays usable. Registered in its own encapsulated context so mercurius's
 * error handler and content-type parser stay here.
 */
export function graphqlRoutes(services: Services): FastifyPluginAsync {
  return async (app) => {
    // The same content products the pages use (services.contentProducts, a seam for issue 6).
    const contentProducts: ContentProductSource = {
      list: services.contentProducts.all,
      findByUid: services.contentProducts.byUid,
      findByCommerceId: services.contentProducts.byCommerceId,
    };
    await app.register(mercurius, {
      schema: graphqlSchema,
      resolvers: createResolvers({
        catalogue: services.catalogue,
        contentProducts,
        colourGroups: catalogueColourGroups(services.catalogue, contentProducts),
        errorPageContent: builtInErrorPageContent(contentProducts),
      }),
      path: '/graphql',
      graphiql: false,
      queryDepth: MAX_QUERY_DEPTH,
      errorFormatter: formatGraphqlErrors,
      // Queries and their variables are small; a large body is a mistake or an attack.
      additionalRouteOptions: { bodyLimit: 64 * 1024 },
    });
    app.graphql.addHook('preParsing', async (_schema, source) => {
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
