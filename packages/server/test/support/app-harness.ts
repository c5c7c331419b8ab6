import { existsSync } from 'node:fs';
import type { ServerBuild } from 'react-router';
import { runSeeds, type Database } from '@piste/db';
import { DEMO_SHOP_SNAPSHOT, testDatabaseKinds, type TestDatabase, type TestDatabaseKind } from '@piste/db/testing';
import { buildApp, type AppDependencies } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import { storefrontClientBuild, storefrontServerBuild } from '../../src/paths';
import { seedSteps } from '../../src/seed/steps';

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', BOT_PROTECTION: 'off', ...overrides });
}

/** The production storefront build; integration tests of pages run against what ships. */
export async function loadStorefrontBuild(): Promise<ServerBuild> {
  if (!existsSync(storefrontServerBuild)) {
    throw new Error(`No storefront build at ${storefrontServerBuild}: run \`npm run build\` first.`);
  }
  return (await import(storefrontServerBuild)) as ServerBuild;
}

/**
 * What a test may add to the app besides config: the reliability suite watches routes register,
 * a test of what is logged gives a logger of its own, and one of the back office's serving its build.
 */
export type TestAppOptions = Pick<AppDependencies, 'onRoute' | 'logger' | 'adminApp'>;

/** The whole app (API, health and pages) over the given database, ready for `inject`. */
export async function buildTestApp(
  database: Database,
  configOverrides: Record<string, string> = {},
  options: TestAppOptions = {},
) {
  const app = await buildApp({
    ...options,
    config: testConfig(configOverrides),
    database,
    storefront: { build: await loadStorefrontBuild(), clientBuildDir: storefrontClientBuild, mode: 'production' },
  });
  await app.ready();
  return app;
}

/** A fresh database of the given kind (PGlite unless given) holding the demo data `npm start` loads. */
async function createSeededDatabase(kind: TestDatabaseKind = testDatabaseKinds()[0]!): Promise<TestDatabase> {
  const copy = await kind.copyOf(DEMO_SHOP_SNAPSHOT);
  if (copy) return copy;
  const testDatabase = await kind.create();
  await runSeeds(testDatabase.database.db, seedSteps());
  return testDatabase;
}

function closingTogether<App extends { close(): Promise<unknown> }>(app: App, testDatabase: TestDatabase) {
  return {
    app,
    database: testDatabase.database,
    close: async () => {
      await app.close();
      await testDatabase.dispose();
    },
  };
}

/** The API (no pages) over a fresh database of the given kind, loaded with the demo data. */
export async function createSeededApiApp(
  kind: TestDatabaseKind,
  configOverrides: Record<string, string> = {},
  options: TestAppOptions = {},
) {
  const testDatabase = await createSeededDatabase(kind);
  const app = await buildApp({ ...options, config: testConfig(configOverrides), database: testDatabase.database });
  await app.ready();
  return closingTogether(app, testDatabase);
}

/** The whole app over a fresh database (PGlite unless `kind` says) loaded with the demo data. */
export async function createSeededPagesApp(
  configOverrides: Record<string, string> = {},
  { kind, ...options }: TestAppOptions & { kind?: TestDatabaseKind } = {},
) {
  const testDatabase = await createSeededDatabase(kind);
  return closingTogether(await buildTestApp(testDatabase.database, configOverrides, options), testDatabase);
}
