import { index, type RouteConfigEntry } from '@react-router/dev/routes';

/** Catalogue: the area's pages, relative to /catalogue (app/routes.ts adds the prefix). */
export const catalogueRoutes: RouteConfigEntry[] = [index('routes/catalogue/catalogue-index.tsx')];
