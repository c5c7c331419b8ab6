import type { AdminApp, AdminDeps } from './admin-context';

/** SKELETON: the settings area of the admin API (issue 27), filled by its helper. */
export function settingsRoutes(_deps: AdminDeps) {
  return async (_app: AdminApp) => {};
}
