import type { AdminApp, AdminDeps } from './admin-context';

/** SKELETON: the order area of the admin API (issue 27), filled by its helper. */
export function orderRoutes(_deps: AdminDeps) {
  return async (_app: AdminApp) => {};
}
