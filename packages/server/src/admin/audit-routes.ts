import type { AdminApp, AdminDeps } from './admin-context';

/** SKELETON: the audit area of the admin API (issue 27), filled by its helper. */
export function auditRoutes(_deps: AdminDeps) {
  return async (_app: AdminApp) => {};
}
