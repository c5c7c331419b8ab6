import { index, route, type RouteConfigEntry } from '@react-router/dev/routes';

/** Orders: the area's pages, relative to /orders (app/routes.ts adds the prefix). */
export const ordersRoutes: RouteConfigEntry[] = [
  index('routes/orders/orders-index.tsx'),
  route(':orderId', 'routes/orders/order-detail.tsx'),
];
