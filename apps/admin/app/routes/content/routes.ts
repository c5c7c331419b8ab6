import { index, type RouteConfigEntry } from '@react-router/dev/routes';

/** Content: the area's pages, relative to /content (app/routes.ts adds the prefix). */
export const contentRoutes: RouteConfigEntry[] = [index('routes/content/content-index.tsx')];
