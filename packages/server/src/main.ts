// Before any other import: `.env`'s settings must be in place as modules load (React reads NODE_ENV then).
import './load-env-file';
import type { ServerBuild } from 'react-router';
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { prepareDatabase } from './database';
import { createMailDispatcher } from './email/mail-dispatcher';
import { adminClientBuild, storefrontClientBuild, storefrontServerBuild } from './paths';
import { listenForTestPayments } from './payments/test-payments-listener';
import { exitOnStartUpFailure, readConfigOrExit } from './start-up-failure';

/**
 * Migrates and seeds in a process of its own (cli/db-prepare.ts, built beside this bundle), so
 * the server's memory keeps nothing of the work; the process says its own errors, and the
 * server exits with its code when it fails. A stop asked for meanwhile is passed on to it, so
 * it does not go on alone holding the database.
 */
async function prepareDatabaseInItsOwnProcess(): Promise<void> {
  // The bundle's own folder (build.mjs rebases only `new URL(path, import.meta.url)` to the sources).
  const command = join(dirname(fileURLToPath(import.meta.url)), 'cli', 'db-prepare.js');
  const child = spawn(process.execPath, ['--enable-source-maps', command], { stdio: 'inherit' });
  const passOn = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGTERM', passOn);
  process.on('SIGINT', passOn);
  try {
    const code = await new Promise<number>((resolve, reject) => {
      child.once('error', reject);
      // Ended by a signal: no exit code, and not a success.
      child.once('exit', (exitCode) => resolve(exitCode ?? 1));
    });
    if (code !== 0) process.exit(code);
  } finally {
    process.off('SIGTERM', passOn);
    process.off('SIGINT', passOn);
  }
}

/** Production entry: validated config, migrated and seeded database, the built storefront and back office. */
async function main() {
  const config = readConfigOrExit();
  await prepareDatabaseInItsOwnProcess();
  // Finds every migration applied; on Postgres, opens the pool with the query timeout. The seed
  // files are not read and hashed again: the process before has just loaded what they hold.
  const database = await prepareDatabase({ ...config, SEED_ON_START: false }, (message) => console.log(message));
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

main().catch(exitOnStartUpFailure);
