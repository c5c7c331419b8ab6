import type { AdminApp, AdminDeps } from './admin-context';

/** SKELETON: the customer area of the admin API (issue 27), filled by its helper. */
export function customerRoutes(_deps: AdminDeps) {
  return async (_app: AdminApp) => {};
}
