import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a request starts but does not wait for, so its answer cannot depend on it (a password
 * reset's lookup, docs/security.md 'Password reset'). Each task starts once the current
 * request's answer is on its way; a failure is logged, never thrown at anyone.
 */
export interface BackgroundWork {
  run(name: string, task: () => Promise<unknown>): void;
  /** Resolves once every task started so far has ended: the app waits for it when it closes. */
  settled(): Promise<void>;
}

export function createBackgroundWork(logger: Pick<FastifyBaseLogger, 'error'>): BackgroundWork {
  const pending = new Set<Promise<void>>();
  return {
    run(name, task) {
      // setImmediate: after the pending I/O, so the handler's answer is written first.
      const running: Promise<void> = new Promise((resolve) => setImmediate(resolve))
        .then(task)
        .then(
          () => undefined,
          (error: unknown) => logger.error({ err: error }, `${name} failed`),
        )
        .finally(() => pending.delete(running));
      pending.add(running);
    },
    async settled() {
      // A task may start another; wait until none is left.
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}
