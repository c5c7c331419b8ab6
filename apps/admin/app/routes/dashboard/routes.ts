import { index, type RouteConfigEntry } from '@react-router/dev/routes';

/** Dashboard: the area's pages, relative to the app root (app/routes.ts adds the prefix). */
export const dashboardRoutes: RouteConfigEntry[] = [index('routes/dashboard/dashboard-index.tsx')];
