import { describe, expect, it } from 'vitest';
import { connectRedis } from './redis.server';

describe('connectRedis', () => {
  it('rejects when nothing answers, without retrying forever', async () => {
    const errors: Error[] = [];
    await expect(connectRedis('redis://127.0.0.1:1', { onError: (error) => errors.push(error) })).rejects.toThrow(
      /^Cannot connect to Redis at REDIS_URL: /,
    );
    expect(errors.length).toBeGreaterThan(0);
  });

  it.skipIf(!process.env.TEST_REDIS_URL)('resolves with a ready client', async () => {
    const redis = await connectRedis(process.env.TEST_REDIS_URL!);
    expect(redis.status).toBe('ready');
    expect(await redis.ping()).toBe('PONG');
    await redis.quit();
  });
});
