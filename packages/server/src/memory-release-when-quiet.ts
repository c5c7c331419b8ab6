import type { FastifyInstance } from 'fastify';

/** Requests since the last release that make a busy spell worth giving memory back after. */
export const BUSY_SPELL_REQUESTS = 1_000;
/** How often the server looks for a quiet spell; quiet means no request since the last look. */
export const QUIET_CHECK_MS = 1_000;

/**
 * Gives back to the system the memory a busy spell grew the heap to, once the server goes quiet
 * (issue 29's memory at rest; docs/decisions/029-g). Under load V8 lets its old generation grow
 * to several times what is alive before it collects, and keeps the pages it grew to; its own
 * memory reducer waits longer than a shop's quiet spells last. When a whole check period passes
 * without a request, after at least BUSY_SPELL_REQUESTS since the last release, one full
 * collection runs (about 100 ms on the embedded shop's heap, while no one is waiting). `gc` is
 * there when Node runs with `--expose-gc`, as `npm start` runs it; without it this does nothing.
 */
export function releaseMemoryWhenQuiet(app: FastifyInstance, gc: (() => void) | undefined = globalThis.gc): void {
  if (!gc) return;
  let answered = 0;
  let answeredAtLastCheck = 0;
  app.addHook('onResponse', (_request, _reply, done) => {
    answered += 1;
    done();
  });
  const check = setInterval(() => {
    const busy = answered !== answeredAtLastCheck;
    answeredAtLastCheck = answered;
    if (busy || answered < BUSY_SPELL_REQUESTS) return;
    answered = 0;
    answeredAtLastCheck = 0;
    gc();
  }, QUIET_CHECK_MS);
  check.unref();
  app.addHook('onClose', async () => clearInterval(check));
}
