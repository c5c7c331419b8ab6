import { index, type RouteConfigEntry } from '@react-router/dev/routes';

/** Staff: the area's pages, relative to /staff (app/routes.ts adds the prefix). */
export const staffRoutes: RouteConfigEntry[] = [index('routes/staff/staff-index.tsx')];
