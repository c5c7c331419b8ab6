import { Redis } from 'ioredis';

export interface ConnectRedisOptions {
  /** Hears connection errors (ioredis keeps reconnecting); unheard, ioredis prints them. */
  onError?: (error: Error) => void;
}

/**
 * Connects to the Redis at `url` (REDIS_URL, `redis://` or `rediss://` for TLS) and resolves
 * once it answers, so a wrong URL stops start-up instead of failing requests later. After
 * that, ioredis reconnects on its own. Commands fail fast while it is disconnected (no offline
 * queue, one retry, a 2 s timeout): rate limits then fall back to process memory, and session
 * reads fail rather than wait.
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
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(`Cannot connect to Redis at REDIS_URL: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return redis;
}
