import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { createDatabaseProbe, type DatabaseProbe } from '../database-probe';
import { DependencyUnreachableError } from '../dependency-unreachable';

export interface ConnectRedisOptions {
  /** Hears connection errors (ioredis keeps reconnecting); unheard, ioredis prints them. */
  onError?: (error: Error) => void;
}

/**
 * Connects to the Redis at `url` (REDIS_URL, `redis://` or `rediss://` for TLS) and resolves
 * once it answers, so a wrong URL stops start-up (a DependencyUnreachableError naming its host)
 * instead of failing requests later. After that, ioredis reconnects on its own. Commands fail
 * fast while it is disconnected (no offline queue, one retry, a 2 s timeout): rate limits then
 * fall back to process memory, and session reads fail rather than wait, so signed-in requests
 * answer 503 (`createRedisProbe`).
 */
export async function connectRedis(url: string, options: ConnectRedisOptions = {}): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 5_000,
    commandTimeout: 2_000,
  });
  if (options.onError) redis.on('error', options.onError);
  // Heard while connecting, so that ioredis does not print each failed attempt, and kept: its
  // "connect ECONNREFUSED" says more than the rejection's "Connection is closed".
  let connectionError: unknown;
  const remember = (error: Error) => (connectionError = error);
  redis.on('error', remember);
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new DependencyUnreachableError('the Redis server', 'REDIS_URL', url, connectionError ?? error);
  }
  redis.off('error', remember);
  return redis;
}

/**
 * Logs a Redis outage when it starts and when it ends: ioredis reports every failed reconnection
 * (one every 2 s at most), and prints them to the console when nobody listens.
 */
export function logRedisOutages(redis: Redis, log: Pick<FastifyBaseLogger, 'warn' | 'info'>): void {
  let down = false;
  redis.on('error', (error: Error) => {
    if (!down) log.warn({ err: error }, 'Redis is unreachable: signed-in requests answer 503 until it returns');
    down = true;
  });
  redis.on('ready', () => {
    if (down) log.info('Redis answers again');
    down = false;
  });
}

/**
 * Whether Redis answers, for the outage probe (outage-probe.ts): Redis is a database too, so the
 * same ping bounded to 1 s, one verdict shared for a second. Disconnected, the ping fails at once.
 */
export function createRedisProbe(redis: Pick<Redis, 'ping'>): DatabaseProbe {
  return createDatabaseProbe({ ping: async () => void (await redis.ping()), lastQueryTimeoutAt: () => null });
}

/**
 * Closes the connection: politely when Redis answers, at once when it does not (`quit` would
 * reject, and a shutdown during an outage must still finish).
 */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status !== 'ready') return redis.disconnect();
  await redis.quit().catch(() => redis.disconnect());
}
