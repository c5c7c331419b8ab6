import { describe, expect, it } from 'vitest';
import { closeRedis, connectRedis, createRedisProbe } from './redis.server';

describe('connectRedis', () => {
  it('rejects when nothing answers, naming REDIS_URL and its host but not its password, without retrying forever', async () => {
    const errors: Error[] = [];
    const connecting = connectRedis('redis://piste:hunter2-secret@127.0.0.1:1/11', {
      onError: (error) => errors.push(error),
    });
    await expect(connecting).rejects.toThrow(
      /^the Redis server of REDIS_URL \(127\.0\.0\.1:1\) does not answer: connect ECONNREFUSED/,
    );
    await expect(connecting).rejects.not.toThrow(/hunter2/);
    expect(errors.length).toBeGreaterThan(0);
  });

  it.skipIf(!process.env.TEST_REDIS_URL)('resolves with a ready client', async () => {
    const redis = await connectRedis(process.env.TEST_REDIS_URL!);
    expect(redis.status).toBe('ready');
    expect(await redis.ping()).toBe('PONG');
    await redis.quit();
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('createRedisProbe and closeRedis', () => {
  it('find a Redis that answers reachable, and one whose connection is gone unreachable', async () => {
    const redis = await connectRedis(process.env.TEST_REDIS_URL!);
    expect(await createRedisProbe(redis).unreachable()).toBe(false);
    redis.disconnect();
    expect(await createRedisProbe(redis).unreachable()).toBe(true);
    // Closing a connection that is gone already finishes instead of rejecting.
    await expect(closeRedis(redis)).resolves.toBeUndefined();
  });
});
