import { index, type RouteConfigEntry } from '@react-router/dev/routes';

/** Pro codes: the area's pages, relative to /pro-codes (app/routes.ts adds the prefix). */
export const proCodesRoutes: RouteConfigEntry[] = [index('routes/pro-codes/pro-codes-index.tsx')];
