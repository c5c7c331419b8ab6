import type { Redis } from 'ioredis';
import type { Db } from '@piste/db';
import { createDatabaseSessionStore } from './session-store-database.server';
import { createRedisSessionStore } from './session-store-redis.server';
import type { SessionStore, SessionStoreOptions } from './session-store';

/** Redis when the server has one (REDIS_URL), so instances share sessions; else the database. */
export function createSessionStore(options: { db: Db; redis?: Redis | null } & SessionStoreOptions): SessionStore {
  const { db, redis, ...storeOptions } = options;
  return redis ? createRedisSessionStore(redis, storeOptions) : createDatabaseSessionStore(db, storeOptions);
}
