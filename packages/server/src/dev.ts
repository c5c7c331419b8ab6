// Before any other import: `.env`'s settings must be in place as modules load (React reads NODE_ENV then).
import './load-env-file';
import middie from '@fastify/middie';
import type { ServerBuild } from 'react-router';
import { createServer } from 'vite';
import { buildApp } from './app';
import { loadConfig } from './config';
import { prepareDatabase } from './database';
import { serveApiReference } from './openapi/reference-page';
import { adminClientBuild, storefrontRoot } from './paths';
import { listenForTestPayments } from './payments/test-payments-listener';

/** `npm run dev`: the same server with Vite serving and hot-reloading the storefront. */
async function main() {
  // The mail viewer shows development's emails (docs/email.md).
  const config = loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'debug', MAIL_VIEWER: 'true', ...process.env });
  const database = await prepareDatabase(config, (message) => console.log(message));
  const vite = await createServer({ root: storefrontRoot, server: { middlewareMode: true }, appType: 'custom' });
  const app = await buildApp({
    config,
    database,
    storefront: {
      build: () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
      mode: 'development',
    },
    // The back office as last built (`npm run build -w @piste/admin-app`; apps/admin/README.md).
    adminApp: { clientBuildDir: adminClientBuild },
    apiReference: serveApiReference,
  });
  await app.register(middie);
  app.use(vite.middlewares);
  app.addHook('onClose', async () => {
    await vite.close();
    await database.close();
  });
  await app.listen({ host: config.HOST, port: config.PORT });
  console.log(`Piste (development) at http://localhost:${config.PORT}`);
  const testPaymentsUrl = await listenForTestPayments(app, config);
  if (testPaymentsUrl) console.log(`The test payment provider's card element at ${testPaymentsUrl}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
