import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/**/*.test.ts', 'apps/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', '**/build/**', '**/*.reliability.test.ts'],
    testTimeout: 30_000,
    // The migrated schema and the demo shop, built once for the whole run (packages/db/src/testing.ts).
    globalSetup: ['packages/server/test/global-setup.ts'],
    // Seeding a fresh PGlite database takes seconds on a quiet machine and over a minute on a busy one.
    hookTimeout: 180_000,
    // Files share a worker's modules rather than importing the server again each (its graph took
    // 5–8 s a file to load): every test builds its own app and databases, and no test mocks a
    // module or leaves a global changed.
    isolate: false,
    // Each file gets its own databases; PGlite start-up is CPU-bound, so two workers suit a 2-core machine.
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
  },
});
