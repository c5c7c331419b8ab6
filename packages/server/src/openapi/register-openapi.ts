import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** The operations a path item may hold in OpenAPI 3.1. */
const OPERATIONS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

function withoutUnknownOperations<Document extends { paths?: Record<string, object | undefined> }>(
  document: Document,
): Document {
  const paths: Record<string, object | undefined> = {};
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    paths[path] = Object.fromEntries(
      Object.entries(item ?? {}).filter(([key]) => OPERATIONS.has(key) || !/^[a-z]+$/.test(key)),
    );
  }
  return { ...document, paths };
}

export interface OpenApiOptions {
  title: string;
  description: string;
  /** Where the plugin is mounted (`/api`, `/admin/api`): the document's paths are relative to it. */
  prefix: string;
  /** Route options for `GET {prefix}/openapi.json` (the back office marks it public). */
  documentRouteConfig?: Record<string, unknown>;
}

/**
 * Describes every route registered after it in this plugin's scope as an OpenAPI 3.1 document,
 * from the routes' zod schemas, and serves it at `GET {prefix}/openapi.json`. The shop's `/api`
 * and the back office's `/admin/api` both use it (docs/api.md, docs/admin.md).
 */
export async function registerOpenApi(app: FastifyInstance, options: OpenApiOptions): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: options.title, version: '1.0.0', description: options.description },
      servers: [{ url: options.prefix }],
    },
    transform: jsonSchemaTransform,
    // Named zod schemas (`.meta({ id })`) become components; then the operations OpenAPI has no
    // field for go: an `app.all` route also answers methods such as QUERY.
    transformObject: (document) => withoutUnknownOperations(jsonSchemaTransformObject(document)),
  });
  app.get('/openapi.json', { config: options.documentRouteConfig ?? {}, schema: { hide: true } }, async () =>
    app.swagger(),
  );
}
