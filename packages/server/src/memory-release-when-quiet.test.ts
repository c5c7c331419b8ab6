import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUSY_SPELL_REQUESTS, QUIET_CHECK_MS, releaseMemoryWhenQuiet } from './memory-release-when-quiet';

describe('releaseMemoryWhenQuiet', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function appAnswering() {
    const gc = vi.fn();
    const app = Fastify();
    app.get('/', async () => 'ok');
    releaseMemoryWhenQuiet(app, gc);
    await app.ready();
    const serve = async (requests: number) => {
      for (let index = 0; index < requests; index += 1) await app.inject({ method: 'GET', url: '/' });
    };
    return { app, gc, serve };
  }

  it('collects once after a busy spell, when a whole check period passes without a request', async () => {
    const { app, gc, serve } = await appAnswering();
    await serve(BUSY_SPELL_REQUESTS);
    vi.advanceTimersByTime(QUIET_CHECK_MS);
    expect(gc, 'requests came since the last check: still busy').not.toHaveBeenCalled();
    vi.advanceTimersByTime(QUIET_CHECK_MS);
    expect(gc).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10 * QUIET_CHECK_MS);
    expect(gc, 'nothing more to give back while it stays quiet').toHaveBeenCalledTimes(1);
    await app.close();
  });

  it('leaves a server alone while requests keep coming, and after only a few', async () => {
    const { app, gc, serve } = await appAnswering();
    for (let check = 0; check < 5; check += 1) {
      await serve(BUSY_SPELL_REQUESTS / 4);
      vi.advanceTimersByTime(QUIET_CHECK_MS);
    }
    expect(gc).not.toHaveBeenCalled();
    await app.close();

    const quiet = await appAnswering();
    await quiet.serve(10);
    vi.advanceTimersByTime(10 * QUIET_CHECK_MS);
    expect(quiet.gc).not.toHaveBeenCalled();
    await quiet.app.close();
  });
});
