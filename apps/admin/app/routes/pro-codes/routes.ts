import { index, route, type RouteConfigEntry } from '@react-router/dev/routes';

/** Pro codes: the area's pages, relative to /pro-codes (app/routes.ts adds the prefix). */
export const proCodesRoutes: RouteConfigEntry[] = [
  index('routes/pro-codes/pro-codes-index.tsx'),
  route('new', 'routes/pro-codes/pro-code-new.tsx'),
  route(':code', 'routes/pro-codes/pro-code-detail.tsx'),
];
