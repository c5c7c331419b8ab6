import { existsSync } from 'node:fs';
import type { ServerBuild } from 'react-router';
import type { Database } from '@piste/db';
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
