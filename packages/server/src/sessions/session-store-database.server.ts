import { and, eq, gt, inArray, lte, ne } from 'drizzle-orm';
import type { Db } from '@piste/db';
import { sessions } from '../schema/index';
import {
  hashSessionToken,
  isSessionToken,
  newSessionToken,
  SESSION_TTL_SECONDS,
  type SessionStore,
  type SessionStoreOptions,
} from './session-store';

/** Expired rows one `create` deletes: enough to keep up, never a long statement. */
const EXPIRED_ROWS_PER_CREATE = 100;

/** Sessions in the `sessions` table (Postgres or PGlite), the default without Redis. */
export function createDatabaseSessionStore(db: Db, options: SessionStoreOptions = {}): SessionStore {
  const now = options.now ?? (() => new Date());

  return {
    async create(customerId) {
      const createdAt = now();
      const expiresAt = new Date(createdAt.getTime() + SESSION_TTL_SECONDS * 1000);
      // Opportunistic cleanup: a few expired rows at a time, found through sessions_expires_idx.
      const expired = db
        .select({ id: sessions.id })
        .from(sessions)
        .where(lte(sessions.expiresAt, createdAt))
        .limit(EXPIRED_ROWS_PER_CREATE);
      await db.delete(sessions).where(inArray(sessions.id, expired));
      const token = newSessionToken();
      await db.insert(sessions).values({ id: hashSessionToken(token), customerId, createdAt, expiresAt });
      return token;
    },

    async read(token) {
      if (!isSessionToken(token)) return null;
      const [row] = await db
        .select({ customerId: sessions.customerId, createdAt: sessions.createdAt })
        .from(sessions)
        .where(and(eq(sessions.id, hashSessionToken(token)), gt(sessions.expiresAt, now())))
        .limit(1);
      return row ?? null;
    },

    async destroy(token) {
      if (!isSessionToken(token)) return;
      await db.delete(sessions).where(eq(sessions.id, hashSessionToken(token)));
    },

    async destroyAllFor(customerId, { except } = {}) {
      const keep = except && isSessionToken(except) ? ne(sessions.id, hashSessionToken(except)) : undefined;
      await db.delete(sessions).where(and(eq(sessions.customerId, customerId), keep));
    },

    async close() {},
  };
}
