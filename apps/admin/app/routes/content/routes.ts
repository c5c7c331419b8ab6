import { index, route, type RouteConfigEntry } from '@react-router/dev/routes';

/** Content: the area's pages, relative to /content (app/routes.ts adds the prefix). */
export const contentRoutes: RouteConfigEntry[] = [
  index('routes/content/content-index.tsx'),
  route(':type', 'routes/content/content-type.tsx'),
  route(':type/new', 'routes/content/content-new.tsx'),
  route(':type/:uid', 'routes/content/content-entry.tsx'),
];
