import type { AdminApp, AdminDeps } from './admin-context';

/** SKELETON: the content area of the admin API (issue 27), filled by its helper. */
export function contentRoutes(_deps: AdminDeps) {
  return async (_app: AdminApp) => {};
}
