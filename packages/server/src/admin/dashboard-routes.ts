import { dashboardSchema } from '@piste/admin';
import { auditEntryView, commerceDashboard, recentActivity } from '@piste/admin/server';
import type { AdminApp, AdminDeps } from './admin-context';

/**
 * `GET /admin/api/dashboard`, the back office's landing page: today's orders, revenue per
 * region and currency, low stock and the latest changes. The order and stock figures come
 * from the embedded engine; with BigCommerce they are null (its control panel has them).
 */
export function dashboardRoutes(deps: AdminDeps) {
  return async (app: AdminApp) => {
    app.get(
      '/dashboard',
      {
        config: { permission: 'dashboard:read' },
        schema: { tags: ['dashboard'], response: { 200: dashboardSchema } },
      },
      async () => {
        const { db } = deps.database;
        const [commerce, activity] = await Promise.all([
          deps.services.embeddedOnly ? commerceDashboard(db) : null,
          recentActivity(db),
        ]);
        return { commerce, recentActivity: activity.map(auditEntryView) };
      },
    );
  };
}
