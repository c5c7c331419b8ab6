import type { FastifyPluginAsync } from 'fastify';
import { readMigrationStatus, type Database } from '@piste/db';

/**
 * `/healthz`: the process answers. `/readyz`: it can serve traffic (database up, schema
 * current, and the embedded search index built once; `searchIndex` is null with a hosted engine).
 */
export function healthRoutes(database: Database, searchIndex: { ready(): boolean } | null): FastifyPluginAsync {
  return async (app) => {
    app.get('/healthz', async () => ({ status: 'ok' }));

    app.get('/readyz', async (request, reply) => {
      try {
        await database.ping();
        const migrations = await readMigrationStatus(database);
        if (!migrations.upToDate) {
          return reply.status(503).send({ status: 'migrations-pending', migrations });
        }
        // Not built means its first build failed and is being retried: searches would find nothing.
        if (searchIndex && !searchIndex.ready()) return reply.status(503).send({ status: 'search-index-not-built' });
        return { status: 'ready', database: database.kind, migrations };
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed');
        return reply.status(503).send({ status: 'database-unreachable' });
      }
    });
  };
}
