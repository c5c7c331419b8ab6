import type { AdminApp, AdminDeps } from './admin-context';

/** SKELETON: the dashboard area of the admin API (issue 27), filled by its helper. */
export function dashboardRoutes(_deps: AdminDeps) {
  return async (_app: AdminApp) => {};
}
