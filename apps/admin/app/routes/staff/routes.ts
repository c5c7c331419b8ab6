import { index, route, type RouteConfigEntry } from '@react-router/dev/routes';

/** Staff: the area's pages, relative to /staff (app/routes.ts adds the prefix). */
export const staffRoutes: RouteConfigEntry[] = [
  index('routes/staff/staff-index.tsx'),
  route('new', 'routes/staff/staff-new.tsx'),
  route(':staffId', 'routes/staff/staff-detail.tsx'),
];
