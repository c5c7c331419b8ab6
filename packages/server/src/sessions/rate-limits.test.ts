import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDomainError } from '@piste/core';
import { handleApiError } from '../errors';
import { createRateLimits, RATE_LIMIT_RULES, RateLimitedError, type RateLimits } from './rate-limits';

async function refusal(attempt: Promise<unknown>): Promise<RateLimitedError> {
  const error = await attempt.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(RateLimitedError);
  return error as RateLimitedError;
}

function describeRateLimits(name: string, open: () => RateLimits) {
  describe(name, () => {
    it('lets 5 failed logins through for an account, refuses the 6th for 15 minutes', async () => {
      const limits = open();
      for (let attempt = 0; attempt < 5; attempt++) await limits.consume('login-account', 'rider@example.com');
      const error = await refusal(limits.consume('login-account', 'Rider@Example.COM'));
      expect(isDomainError(error, 'RATE_LIMITED')).toBe(true);
      expect(error.code).toBe('RATE_LIMITED');
      expect(error.message).toBe('Too many attempts. Try again in 15 minutes.');
      expect(error.retryAfterSeconds).toBeGreaterThan(14 * 60);
      expect(error.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
    });

    it('forgets the attempts on reset, e.g. after a successful login', async () => {
      const limits = open();
      for (let attempt = 0; attempt < 5; attempt++) await limits.consume('login-account', 'reset@example.com');
      await refusal(limits.consume('login-account', 'reset@example.com'));
      await limits.reset('login-account', 'RESET@example.com');
      for (let attempt = 0; attempt < 5; attempt++) await limits.consume('login-account', 'reset@example.com');
    });

    it('counts keys and rules apart', async () => {
      const limits = open();
      for (let attempt = 0; attempt < 5; attempt++) await limits.consume('login-account', 'one@example.com');
      await refusal(limits.consume('login-account', 'one@example.com'));
      await limits.consume('login-account', 'two@example.com');
      await limits.consume('password-reset-account', 'one@example.com');
      await limits.consume('login-ip', '203.0.113.7');
    });

    it('allows each rule its number of attempts per IP', async () => {
      const limits = open();
      for (const rule of ['login-ip', 'signup-ip', 'password-reset-ip'] as const) {
        for (let attempt = 0; attempt < RATE_LIMIT_RULES[rule].points; attempt++) await limits.consume(rule, '::1');
        await refusal(limits.consume(rule, '::1'));
      }
    });

    it('bounds long keys without mixing them up', async () => {
      const limits = open();
      const long = `${'a'.repeat(300)}@example.com`;
      for (let attempt = 0; attempt < 3; attempt++) await limits.consume('password-reset-account', long);
      await refusal(limits.consume('password-reset-account', long));
      await limits.consume('password-reset-account', `${'a'.repeat(301)}@example.com`);
    });
  });
}

describeRateLimits('rate limits in process memory', () => createRateLimits());

describe('a refused attempt over HTTP', () => {
  it('answers 429 RATE_LIMITED with Retry-After', async () => {
    const app = Fastify();
    app.setErrorHandler(handleApiError);
    const limits = createRateLimits();
    app.post('/reset', async () => {
      await limits.consume('password-reset-account', 'http@example.com');
      return { ok: true };
    });
    for (let attempt = 0; attempt < 3; attempt++)
      expect((await app.inject({ method: 'POST', url: '/reset' })).statusCode).toBe(200);
    const refused = await app.inject({ method: 'POST', url: '/reset' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(59 * 60);
    expect(refused.json()).toEqual({
      error: { code: 'RATE_LIMITED', message: 'Too many attempts. Try again in 60 minutes.' },
    });
    await app.close();
  });
});

describe('rate limits while Redis is unreachable', () => {
  it('count in process memory instead of failing', async () => {
    // Never connected: the limiters go straight to their in-memory insurance.
    const redis = new Redis('redis://127.0.0.1:1', { lazyConnect: true, enableOfflineQueue: false });
    const limits = createRateLimits({ redis, keyPrefix: `piste-test-${randomBytes(6).toString('hex')}:` });
    for (let attempt = 0; attempt < 5; attempt++) await limits.consume('login-account', 'outage@example.com');
    await refusal(limits.consume('login-account', 'outage@example.com'));
    await limits.reset('login-account', 'outage@example.com');
    await limits.consume('login-account', 'outage@example.com');
    redis.disconnect();
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('rate limits in Redis', () => {
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

  // Each test's limiters share Redis under the one prefix, so the tests use distinct keys.
  describeRateLimits('on TEST_REDIS_URL', () => createRateLimits({ redis, keyPrefix: prefix }));

  it('shares the counts between instances', async () => {
    const [first, second] = [
      createRateLimits({ redis, keyPrefix: prefix }),
      createRateLimits({ redis, keyPrefix: prefix }),
    ];
    for (let attempt = 0; attempt < 5; attempt++) await first.consume('login-account', 'shared@example.com');
    await refusal(second.consume('login-account', 'shared@example.com'));
    expect(await redis.exists(`${prefix}rl:login-account:shared@example.com`)).toBe(1);
  });
});
