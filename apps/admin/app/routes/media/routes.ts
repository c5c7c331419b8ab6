import { index, route, type RouteConfigEntry } from '@react-router/dev/routes';

/** Media: the area's pages, relative to /media (app/routes.ts adds the prefix). */
export const mediaRoutes: RouteConfigEntry[] = [
  index('routes/media/media-index.tsx'),
  route(':id', 'routes/media/media-detail.tsx'),
];
