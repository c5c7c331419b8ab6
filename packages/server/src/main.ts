// Before any other import: `.env`'s settings must be in place as modules load (React reads NODE_ENV then).
import './load-env-file';
import type { ServerBuild } from 'react-router';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { prepareDatabase } from './database';
import { DependencyUnreachableError } from './dependency-unreachable';
import { createMailDispatcher } from './email/mail-dispatcher';
import { adminClientBuild, storefrontClientBuild, storefrontServerBuild } from './paths';
import { listenForTestPayments } from './payments/test-payments-listener';

function readConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** Production entry: validated config, migrated and seeded database, the built storefront and back office. */
async function main() {
  const config = readConfigOrExit();
  const database = await prepareDatabase(config, (message) => console.log(message));
  const build = (await import(storefrontServerBuild)) as ServerBuild;
  const app = await buildApp({
    config,
    database,
    storefront: { build, clientBuildDir: storefrontClientBuild, mode: 'production' },
    adminApp: { clientBuildDir: adminClientBuild },
  });
  const mail = createMailDispatcher({
    db: database.db,
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    logger: app.log,
  });
  mail.start();

  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: draining requests');
    const deadline = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_SECONDS * 1000);
    deadline.unref();
    await app.close();
    await mail.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);

  await app.listen({ host: config.HOST, port: config.PORT });
  const testPaymentsUrl = await listenForTestPayments(app, config);
  if (testPaymentsUrl) console.log(`The test payment provider's card element is served at ${testPaymentsUrl}`);
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  console.log(`Piste is serving the shop at http://localhost:${port}`);
}

main().catch((error: unknown) => {
  // A setting the operator can fix is said in one line; anything else keeps its stack.
  if (error instanceof DependencyUnreachableError) console.error(`Piste could not start: ${error.message}`);
  else console.error('Piste could not start:', error);
  process.exit(1);
});
