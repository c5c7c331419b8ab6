import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/**/*.test.ts', 'apps/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', '**/build/**', '**/*.reliability.test.ts'],
    testTimeout: 30_000,
    // Seeding a fresh PGlite database takes seconds on a quiet machine and over a minute on a busy one.
    hookTimeout: 180_000,
    // Each file gets its own databases; PGlite start-up is CPU-bound, so two workers suit a 2-core machine.
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
  },
});
