import type { AdminApp, AdminDeps } from './admin-context';

/** SKELETON: the catalogue area of the admin API (issue 27), filled by its helper. */
export function catalogueRoutes(_deps: AdminDeps) {
  return async (_app: AdminApp) => {};
}
