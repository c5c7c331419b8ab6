import { index, type RouteConfigEntry } from '@react-router/dev/routes';

/** Settings: the area's pages, relative to /settings (app/routes.ts adds the prefix). */
export const settingsRoutes: RouteConfigEntry[] = [index('routes/settings/settings-index.tsx')];
