// Before any other import: `.env`'s settings must be in place as modules load.
import '../load-env-file';
import { prepareDatabase } from '../database';
import { exitOnStartUpFailure, readConfigOrExit } from '../start-up-failure';

/**
 * `npm run db:prepare`: applies pending migrations and, with SEED_ON_START, loads the demo data,
 * then exits. The server runs it as a process of its own before it opens the database
 * (main.ts), so that what loading the data leaves resident (PGlite's WebAssembly memory only
 * grows; argon2's 19 MiB per demo password stays in malloc's arenas) goes away with it.
 */
async function main() {
  const config = readConfigOrExit();
  const database = await prepareDatabase(config, (message) => console.log(message));
  await database.close();
}

main().catch(exitOnStartUpFailure);
