import type { ChainableCommander, Redis } from 'ioredis';
import {
  hashSessionToken,
  isSessionToken,
  newSessionToken,
  SESSION_TTL_SECONDS,
  type SessionStore,
  type SessionStoreOptions,
} from './session-store';

export interface RedisSessionStoreOptions extends SessionStoreOptions {
  /** Prepended to every key; tests use their own. */
  keyPrefix?: string;
}

interface StoredSession {
  customerId: number;
  /** Milliseconds since the epoch. */
  createdAt: number;
}

/** Runs a MULTI; a command that failed inside it (e.g. WRONGTYPE) rejects too, not only a lost connection. */
async function execAll(transaction: ChainableCommander): Promise<void> {
  const results = await transaction.exec();
  if (!results) throw new Error('Redis discarded the transaction.');
  for (const [error] of results) if (error) throw error;
}

function parseStored(value: string | null): StoredSession | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(value) as Partial<StoredSession>;
    if (Number.isInteger(parsed.customerId) && Number.isFinite(parsed.createdAt)) return parsed as StoredSession;
  } catch {
    // Not ours; reads as no session.
  }
  return null;
}

/**
 * Sessions in Redis, shared by every instance: `piste:session:{sha256}` holds the customer and
 * sign-in time and expires with the session; `piste:customer-sessions:{customerId}` lists the
 * customer's session hashes for destroyAllFor (members whose key has expired are harmless, and
 * the set expires with the customer's newest session).
 */
export function createRedisSessionStore(redis: Redis, options: RedisSessionStoreOptions = {}): SessionStore {
  const now = options.now ?? (() => new Date());
  const prefix = options.keyPrefix ?? 'piste:';
  const sessionKey = (hash: string) => `${prefix}session:${hash}`;
  const customerKey = (customerId: number) => `${prefix}customer-sessions:${customerId}`;

  return {
    async create(customerId) {
      const token = newSessionToken();
      const hash = hashSessionToken(token);
      const stored: StoredSession = { customerId, createdAt: now().getTime() };
      await execAll(
        redis
          .multi()
          .set(sessionKey(hash), JSON.stringify(stored), 'EX', SESSION_TTL_SECONDS)
          .sadd(customerKey(customerId), hash)
          .expire(customerKey(customerId), SESSION_TTL_SECONDS),
      );
      return token;
    },

    async read(token) {
      if (!isSessionToken(token)) return null;
      const stored = parseStored(await redis.get(sessionKey(hashSessionToken(token))));
      // Redis expires the key; the check covers a clock that has moved on (tests) or a key whose TTL was lost.
      if (!stored || stored.createdAt + SESSION_TTL_SECONDS * 1000 <= now().getTime()) return null;
      return { customerId: stored.customerId, createdAt: new Date(stored.createdAt) };
    },

    async destroy(token) {
      if (!isSessionToken(token)) return;
      const hash = hashSessionToken(token);
      const stored = parseStored(await redis.get(sessionKey(hash)));
      const transaction = redis.multi().del(sessionKey(hash));
      if (stored) transaction.srem(customerKey(stored.customerId), hash);
      await execAll(transaction);
    },

    async destroyAllFor(customerId, { except } = {}) {
      const kept = except && isSessionToken(except) ? hashSessionToken(except) : null;
      const hashes = (await redis.smembers(customerKey(customerId))).filter((hash) => hash !== kept);
      if (hashes.length === 0) return;
      await execAll(
        redis
          .multi()
          .del(...hashes.map(sessionKey))
          .srem(customerKey(customerId), ...hashes),
      );
    },

    async close() {},
  };
}
