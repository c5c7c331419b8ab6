import type { FastifyPluginAsync } from 'fastify';
import { readMigrationStatus, type Database } from '@piste/db';

/** `/healthz`: the process answers. `/readyz`: it can serve traffic (database up, schema current). */
export function healthRoutes(database: Database): FastifyPluginAsync {
  return async (app) => {
    app.get('/healthz', async () => ({ status: 'ok' }));

    app.get('/readyz', async (request, reply) => {
      try {
        await database.ping();
        const migrations = await readMigrationStatus(database);
        if (!migrations.upToDate) {
          return reply.status(503).send({ status: 'migrations-pending', migrations });
        }
        return { status: 'ready', database: database.kind, migrations };
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed');
        return reply.status(503).send({ status: 'database-unreachable' });
      }
    });
  };
}
