import { index, type RouteConfigEntry } from '@react-router/dev/routes';

/** My account: the area's pages, relative to /account (app/routes.ts adds the prefix). */
export const accountRoutes: RouteConfigEntry[] = [index('routes/account/account-index.tsx')];
