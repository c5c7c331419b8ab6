import type { FastifyPluginAsync } from 'fastify';
import type { Redis } from 'ioredis';
import { readMigrationStatus, type Database } from '@piste/db';

/** Disconnected, the ping fails at once; a silent Redis, after its 2 s command timeout. */
async function redisAnswers(redis: Pick<Redis, 'ping'>): Promise<boolean> {
  try {
    await redis.ping();
    return true;
  } catch {
    return false;
  }
}

/**
 * `/healthz`: the process answers. `/readyz`: it can serve traffic (database up, schema
 * current, Redis up when sessions live there, and the embedded search index built once;
 * `searchIndex` is null with a hosted engine, `redis` null without REDIS_URL).
 */
export function healthRoutes(
  database: Database,
  searchIndex: { ready(): boolean } | null,
  redis: Pick<Redis, 'ping'> | null,
): FastifyPluginAsync {
  return async (app) => {
    app.get('/healthz', async () => ({ status: 'ok' }));

    app.get('/readyz', async (request, reply) => {
      try {
        await database.ping();
        const migrations = await readMigrationStatus(database);
        if (!migrations.upToDate) {
          return reply.status(503).send({ status: 'migrations-pending', migrations });
        }
        // Without Redis no one can sign in, and the signed-in get only "try again".
        if (redis && !(await redisAnswers(redis))) return reply.status(503).send({ status: 'redis-unreachable' });
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
