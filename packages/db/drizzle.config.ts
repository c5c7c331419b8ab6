import { defineConfig } from 'drizzle-kit';

/** One migration history for every domain: each package owns its tables under src/schema. */
export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './packages/db/src/schema/*.ts',
    './packages/commerce/src/schema/*.ts',
    './packages/content/src/schema/*.ts',
    './packages/search/src/schema/*.ts',
    './packages/server/src/schema/*.ts',
    './packages/bigcommerce/src/schema/*.ts',
    './packages/admin/src/schema/*.ts',
  ],
  out: './packages/db/migrations',
});
