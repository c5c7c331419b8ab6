import { existsSync } from 'node:fs';
import type { ServerBuild } from 'react-router';
import { createCatalogueSeed, referenceDataSeed } from '@piste/commerce';
import { runSeeds, type Database } from '@piste/db';
import { testDatabaseKinds } from '@piste/db/testing';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { storefrontClientBuild, storefrontServerBuild } from '../paths';

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...overrides });
}

/** The production storefront build; integration tests of pages run against what ships. */
export async function loadStorefrontBuild(): Promise<ServerBuild> {
  if (!existsSync(storefrontServerBuild)) {
    throw new Error(`No storefront build at ${storefrontServerBuild}: run \`npm run build\` first.`);
  }
  return (await import(storefrontServerBuild)) as ServerBuild;
}

/** The whole app (API, health and pages) over the given database, ready for `inject`. */
export async function buildTestApp(database: Database, configOverrides: Record<string, string> = {}) {
  const app = await buildApp({
    config: testConfig(configOverrides),
    database,
    storefront: { build: await loadStorefrontBuild(), clientBuildDir: storefrontClientBuild, mode: 'production' },
  });
  await app.ready();
  return app;
}

/** The whole app over a fresh PGlite database loaded with the demo catalogue. */
export async function createSeededPagesApp(configOverrides: Record<string, string> = {}) {
  const testDatabase = await testDatabaseKinds()[0]!.create();
  await runSeeds(testDatabase.database.db, [referenceDataSeed, createCatalogueSeed()]);
  const app = await buildTestApp(testDatabase.database, configOverrides);
  return {
    app,
    database: testDatabase.database,
    close: async () => {
      await app.close();
      await testDatabase.dispose();
    },
  };
}
