import { index, type RouteConfigEntry } from '@react-router/dev/routes';

/** Audit log: the area's pages, relative to /audit (app/routes.ts adds the prefix). */
export const auditRoutes: RouteConfigEntry[] = [index('routes/audit/audit-index.tsx')];
