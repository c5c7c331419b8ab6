import { expect } from 'vitest';
import { commandActor, createStaff, type StaffRole } from '@piste/admin/server';
import type { Database } from '@piste/db';
import { TestBrowser } from './test-browser';

/** What the admin harness needs of a test app. */
type AdminTestApp = ConstructorParameters<typeof TestBrowser>[0];

let staffCount = 0;

/** A strong password for test staff: long, and in no breached-password list. */
export const STAFF_PASSWORD = 'Piste back office 2026!';

/**
 * A staff member of the given role, created directly in the database (as `npm run staff:create`
 * does) and signed in through `POST /admin/api/session`: a browser holding their session and
 * the XSRF cookie, ready to call `/admin/api`.
 */
export async function signedInStaff(
  app: AdminTestApp,
  database: Database,
  role: StaffRole,
  options: { email?: string; name?: string } = {},
): Promise<TestBrowser & { staffId: number; email: string }> {
  staffCount += 1;
  const email = options.email ?? `${role}-${staffCount}-${Date.now()}@staff.piste.test`;
  const created = await createStaff(database.db, commandActor('test'), {
    email,
    name: options.name ?? `Test ${role}`,
    role,
    password: STAFF_PASSWORD,
  });
  const browser = new TestBrowser(app);
  const response = await browser.call('POST', '/admin/api/session', { payload: { email, password: STAFF_PASSWORD } });
  expect(response.statusCode, response.body).toBe(200);
  return Object.assign(browser, { staffId: created.id, email });
}
