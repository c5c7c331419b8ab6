import { index, route, type RouteConfigEntry } from '@react-router/dev/routes';

/** Promotions: the area's pages, relative to /promotions (app/routes.ts adds the prefix). */
export const promotionsRoutes: RouteConfigEntry[] = [
  index('routes/promotions/promotions-index.tsx'),
  route('new', 'routes/promotions/promotion-new.tsx'),
  route(':id', 'routes/promotions/promotion-detail.tsx'),
];
