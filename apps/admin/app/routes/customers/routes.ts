import { index, route, type RouteConfigEntry } from '@react-router/dev/routes';

/** Customers: the area's pages, relative to /customers (app/routes.ts adds the prefix). */
export const customersRoutes: RouteConfigEntry[] = [
  index('routes/customers/customers-index.tsx'),
  route(':customerId', 'routes/customers/customer-detail.tsx'),
];
