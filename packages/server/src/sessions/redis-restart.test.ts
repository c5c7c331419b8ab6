/**
 * A Redis server that stops under a running shop and starts again, as a crash or a restart of
 * it would: signed-in traffic answers 503 "try again" while it is away, anonymous traffic goes
 * on, and the shop picks Redis up again by itself. The Redis is this test's own `redis-server`
 * (on a free port, nothing saved), so stopping it touches no one else's. The reliability suite
 * cuts a relay in front of Redis instead (dependency-failure.reliability.test.ts).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@piste/db/testing';
import { createSeededApiApp } from '../../test/support/app-harness';
import { DEMO, TestBrowser } from '../../test/support/test-browser';
import { freePort } from '../../test/support/free-port';

const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

/** Starts `redis-server` on `port`, in memory only; resolves once it accepts connections. */
function startRedisServer(port: number): Promise<ChildProcess> {
  const server = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    server.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve(server);
    });
    server.once('exit', (code) => reject(new Error(`redis-server exited (${code}):\n${output}`)));
  });
}

function stopRedisServer(server: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (server.exitCode !== null || server.signalCode !== null) return resolve();
    server.once('exit', () => resolve());
    server.kill('SIGKILL');
  });
}

/** Polls until `done` holds, for at most `ms`. */
async function waitUntil(done: () => Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`not done within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.skipIf(!hasRedisServer)('a Redis server that stops and comes back', () => {
  let port: number;
  let redis: ChildProcess;
  let harness: Awaited<ReturnType<typeof createSeededApiApp>>;

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedisServer(port);
    harness = await createSeededApiApp(testDatabaseKinds()[0]!, { REDIS_URL: `redis://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await harness?.close();
    if (redis) await stopRedisServer(redis);
  });

  it('answers 503 to what needs it while it is down, and recovers without a restart', async () => {
    const { app } = harness;
    const shopper = new TestBrowser(app);
    await shopper.signIn(DEMO.shopper.email, DEMO.shopper.pw);
    expect((await shopper.get('/api/orders')).statusCode).toBe(200);

    await stopRedisServer(redis);
    const visitor = new TestBrowser(app);
    await waitUntil(async () => (await visitor.get('/readyz')).statusCode === 503, 5_000);
    expect((await visitor.get('/readyz')).json()).toEqual({ status: 'redis-unreachable' });
    // Without a session, nothing needs Redis.
    expect((await visitor.get('/api/products?limit=1')).statusCode).toBe(200);
    for (const answer of [
      await shopper.get('/api/orders'),
      await new TestBrowser(app).post('/api/customers/login', DEMO.shopper),
    ]) {
      expect(answer.statusCode, answer.body).toBe(503);
      expect(answer.headers['retry-after']).toMatch(/^\d+$/);
      expect(answer.json()).toMatchObject({ error: { code: 'UNAVAILABLE' } });
    }

    redis = await startRedisServer(port);
    // ioredis tries again every 2 s at most.
    await waitUntil(async () => (await visitor.get('/readyz')).statusCode === 200, 15_000);
    // This Redis kept nothing across its restart: the old session is gone, and signing in works again.
    expect((await shopper.get('/api/orders')).statusCode).toBe(401);
    const returning = new TestBrowser(app);
    await returning.signIn(DEMO.shopper.email, DEMO.shopper.pw);
    expect((await returning.get('/api/orders')).statusCode).toBe(200);
  }, 60_000);
});
