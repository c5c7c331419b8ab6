export { createSessionStore } from './create-session-store.server';
export { createDatabaseSessionStore } from './session-store-database.server';
export { createRedisSessionStore, type RedisSessionStoreOptions } from './session-store-redis.server';
export { SESSION_TTL_SECONDS, type SessionStore, type SessionStoreOptions } from './session-store';
export { SESSION_COOKIE, parseSessionCookie, sessionCookie } from './session-cookie';
export {
  createRateLimits,
  RATE_LIMIT_RULES,
  RateLimitedError,
  type RateLimitRule,
  type RateLimits,
  type RateLimitsOptions,
} from './rate-limits';
export { closeRedis, connectRedis, createRedisProbe, logRedisOutages, type ConnectRedisOptions } from './redis.server';
