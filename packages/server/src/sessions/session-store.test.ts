import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds, type TestDatabase } from '@piste/db/testing';
import { createDatabaseSessionStore } from './session-store-database.server';
import { createRedisSessionStore } from './session-store-redis.server';
import { hashSessionToken, SESSION_TTL_SECONDS, type SessionStore, type SessionStoreOptions } from './session-store';
import * as schema from '../schema/index';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A clock the tests move by hand. */
function testClock() {
  let time = Date.parse('2030-01-15T12:00:00Z');
  return {
    now: () => new Date(time),
    advance: (ms: number) => {
      time += ms;
    },
  };
}

interface StoreUnderTest {
  open(options: SessionStoreOptions): SessionStore;
  /** Every id (hash) the store holds, to check it never holds a token. */
  storedIds(): Promise<string[]>;
}

function describeSessionStore(name: string, setUp: () => Promise<StoreUnderTest & { dispose(): Promise<void> }>) {
  describe(name, () => {
    let underTest: StoreUnderTest & { dispose(): Promise<void> };
    beforeAll(async () => {
      underTest = await setUp();
    });
    afterAll(() => underTest?.dispose());

    it('reads a new session as its customer, and not once destroyed', async () => {
      const clock = testClock();
      const store = underTest.open(clock);
      const token = await store.create(101);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(await store.read(token)).toEqual({ customerId: 101, createdAt: clock.now() });
      await store.destroy(token);
      expect(await store.read(token)).toBeNull();
      await store.destroy(token);
    });

    it('stores the token’s SHA-256, never the token', async () => {
      const store = underTest.open(testClock());
      const token = await store.create(102);
      const ids = await underTest.storedIds();
      expect(ids).toContain(hashSessionToken(token));
      expect(ids).not.toContain(token);
    });

    it('signs a customer out everywhere but the session kept', async () => {
      const store = underTest.open(testClock());
      const [first, second, current] = [await store.create(103), await store.create(103), await store.create(103)];
      const other = await store.create(104);
      await store.destroyAllFor(103, { except: current });
      expect(await store.read(first)).toBeNull();
      expect(await store.read(second)).toBeNull();
      expect(await store.read(current)).toMatchObject({ customerId: 103 });
      expect(await store.read(other)).toMatchObject({ customerId: 104 });
      await store.destroyAllFor(103);
      expect(await store.read(current)).toBeNull();
      await store.destroyAllFor(103);
    });

    it('reads a session as gone once its 30 days are over, however active', async () => {
      const clock = testClock();
      const store = underTest.open(clock);
      const token = await store.create(105);
      clock.advance(SESSION_TTL_SECONDS * 1000 - 1000);
      expect(await store.read(token)).toMatchObject({ customerId: 105 });
      clock.advance(1000);
      expect(await store.read(token)).toBeNull();
    });

    it('reads a malformed or unknown token as no session', async () => {
      const store = underTest.open(testClock());
      const token = await store.create(106);
      for (const bad of ['', 'x', `${token}x`, token.slice(1), `${token.slice(1)}!`, '../'.repeat(15)]) {
        expect(await store.read(bad)).toBeNull();
      }
      expect(await store.read(randomBytes(32).toString('base64url'))).toBeNull();
      await store.destroy('not a token');
      await store.destroyAllFor(106, { except: 'not a token' });
      expect(await store.read(token)).toBeNull();
    });
  });
}

for (const kind of testDatabaseKinds()) {
  describeSessionStore(`database session store on ${kind.name}`, async () => {
    const testDatabase: TestDatabase = await kind.create();
    const { db } = testDatabase.database;
    return {
      open: (options) => createDatabaseSessionStore(db, options),
      storedIds: async () => (await db.select({ id: schema.sessions.id }).from(schema.sessions)).map((row) => row.id),
      dispose: () => testDatabase.dispose(),
    };
  });
}

describe.each(testDatabaseKinds())('database session store cleanup on $name', ({ create }) => {
  let testDatabase: TestDatabase;
  beforeAll(async () => {
    testDatabase = await create();
  });
  afterAll(() => testDatabase.dispose());

  it('deletes expired rows as new sessions start', async () => {
    const { db } = testDatabase.database;
    const clock = testClock();
    const store = createDatabaseSessionStore(db, clock);
    await store.create(201);
    await store.create(202);
    clock.advance(SESSION_TTL_SECONDS * 1000 + DAY_MS);
    const fresh = await store.create(203);
    const rows = await db.select({ id: schema.sessions.id }).from(schema.sessions);
    expect(rows.map((row) => row.id)).toEqual([hashSessionToken(fresh)]);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('Redis session store', () => {
  const prefix = `piste-test-${randomBytes(6).toString('hex')}:`;
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(redisUrl!, { maxRetriesPerRequest: 1 });
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  describeSessionStore('on TEST_REDIS_URL', async () => ({
    open: (options) => createRedisSessionStore(redis, { ...options, keyPrefix: prefix }),
    storedIds: async () => (await redis.keys(`${prefix}session:*`)).map((key) => key.slice(`${prefix}session:`.length)),
    dispose: async () => {},
  }));

  it('lets Redis expire a session after 30 days', async () => {
    const store = createRedisSessionStore(redis, { keyPrefix: prefix });
    const token = await store.create(301);
    const ttl = await redis.ttl(`${prefix}session:${hashSessionToken(token)}`);
    expect(ttl).toBeGreaterThan(SESSION_TTL_SECONDS - 60);
    expect(ttl).toBeLessThanOrEqual(SESSION_TTL_SECONDS);
    expect(await redis.smembers(`${prefix}customer-sessions:301`)).toEqual([hashSessionToken(token)]);
    await store.destroy(token);
    expect(await redis.smembers(`${prefix}customer-sessions:301`)).toEqual([]);
  });
});
