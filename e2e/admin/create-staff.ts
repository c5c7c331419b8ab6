/**
 * Gives the e2e shop its back-office staff before the server starts (playwright.config.ts runs
 * it in the shop's web-server command, on the same fresh data folder): one account per role,
 * created as `npm run staff:create` would, through `createStaff`. The server then finds the
 * database migrated and seeded, and the staff able to sign in.
 */
import { commandActor, createStaff } from '@piste/admin/server';
import { loadConfig } from '../../packages/server/src/config';
import { prepareDatabase } from '../../packages/server/src/database';
import { E2E_STAFF, E2E_STAFF_PASSWORD } from './staff-accounts';

const config = loadConfig(process.env);
const database = await prepareDatabase(config, (message) => console.log(message));
try {
  for (const member of Object.values(E2E_STAFF)) {
    await createStaff(database.db, commandActor('e2e setup'), { ...member, password: E2E_STAFF_PASSWORD });
  }
} finally {
  await database.close();
}
