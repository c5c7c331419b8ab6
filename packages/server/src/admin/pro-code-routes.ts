import type { AdminApp, AdminDeps } from './admin-context';

/** SKELETON: the pro-code area of the admin API (issue 27), filled by its helper. */
export function proCodeRoutes(_deps: AdminDeps) {
  return async (_app: AdminApp) => {};
}
