import type { StaffSessions } from '@piste/admin/server';
import type { AdminApp, AdminDeps } from './admin-context';

/** SKELETON: the staff area of the admin API (issue 27), filled by its helper. */
export function staffRoutes(_deps: AdminDeps, _sessions: StaffSessions) {
  return async (_app: AdminApp) => {};
}
