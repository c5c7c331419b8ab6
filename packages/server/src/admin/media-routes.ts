import type { AdminApp, AdminDeps } from './admin-context';

/** SKELETON: the media area of the admin API (issue 27), filled by its helper. */
export function mediaRoutes(_deps: AdminDeps) {
  return async (_app: AdminApp) => {};
}
