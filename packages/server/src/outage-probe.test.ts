import { describe, expect, it } from 'vitest';
import { createOutageProbe } from './outage-probe';

const reachable = { unreachable: async () => false };
const unreachable = { unreachable: async () => true };

describe('createOutageProbe', () => {
  it('names the dependency that does not answer, or none', async () => {
    expect(await createOutageProbe({ database: reachable, redis: reachable }).unreachable()).toBeNull();
    expect(await createOutageProbe({ database: reachable, redis: unreachable }).unreachable()).toBe('redis');
    expect(await createOutageProbe({ database: unreachable, redis: unreachable }).unreachable()).toBe('database');
    expect(await createOutageProbe({ database: reachable }).unreachable()).toBeNull();
  });
});
