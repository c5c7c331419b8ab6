import { defineConfig } from 'vitest/config';

// `npm run test:reliability` (RELIABILITY_MODE=full) and the fast mode `npm test` runs: the
// suite that attacks the shop (docs/reliability.md). Kept apart from the ordinary tests so its
// full mode, minutes long, never slows them.
export default defineConfig({
  test: {
    include: ['packages/server/test/reliability/**/*.reliability.test.ts'],
    testTimeout: 600_000,
    // The same database snapshots as the ordinary tests (docs/decisions/030-f-test-run-time.md).
    globalSetup: ['packages/server/test/global-setup.ts'],
    hookTimeout: 120_000,
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
  },
});
