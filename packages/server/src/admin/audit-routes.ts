import { auditPageSchema, auditQuerySchema } from '@piste/admin';
import { auditEntryView, listAudit } from '@piste/admin/server';
import type { AdminApp, AdminDeps } from './admin-context';

/**
 * `GET /admin/api/audit`: who changed what, when, before → after; filtered by staff member,
 * action, entity and date range, newest first, a page at a time (`before` = `nextBefore`).
 */
export function auditRoutes(deps: AdminDeps) {
  return async (app: AdminApp) => {
    app.get(
      '/audit',
      {
        config: { permission: 'audit:read' },
        schema: { tags: ['audit'], querystring: auditQuerySchema, response: { 200: auditPageSchema } },
      },
      async (request) => {
        const entries = await listAudit(deps.database.db, request.query);
        const full = entries.length === request.query.limit;
        return { entries: entries.map(auditEntryView), nextBefore: full ? entries.at(-1)!.id : null };
      },
    );
  };
}
