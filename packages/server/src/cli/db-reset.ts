// Before any other import: `.env`'s settings must be in place as modules load (React reads NODE_ENV then).
import '../load-env-file';
import { resetDatabase } from '@piste/db';
import { ConfigError, loadConfig } from '../config';
import { databaseTargetFor, prepareDatabase } from '../database';

/** `npm run db:reset`: drops all data, then re-creates the schema and reloads the demo data. */
async function main() {
  const config = { ...loadConfig(), SEED_ON_START: true };
  const target = databaseTargetFor(config);
  console.log(
    `Resetting the ${target.kind === 'pglite' ? `PGlite database in ${target.dataDir}` : 'Postgres database'}…`,
  );
  await resetDatabase(target);
  const database = await prepareDatabase(config, (message) => console.log(message));
  await database.close();
  console.log('Database re-created and seeded.');
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
