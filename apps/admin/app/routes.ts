import { layout, prefix, route, type RouteConfig } from '@react-router/dev/routes';
import { dashboardRoutes } from './routes/dashboard/routes';
import { catalogueRoutes } from './routes/catalogue/routes';
import { ordersRoutes } from './routes/orders/routes';
import { customersRoutes } from './routes/customers/routes';
import { proCodesRoutes } from './routes/pro-codes/routes';
import { promotionsRoutes } from './routes/promotions/routes';
import { contentRoutes } from './routes/content/routes';
import { mediaRoutes } from './routes/media/routes';
import { settingsRoutes } from './routes/settings/routes';
import { staffRoutes } from './routes/staff/routes';
import { auditRoutes } from './routes/audit/routes';
import { accountRoutes } from './routes/account/routes';

/**
 * The back office's pages, under the basename `/admin`. Each area keeps its own list in
 * `routes/<area>/routes.ts`; signing in and out happen outside the frame.
 */
export default [
  route('sign-in', 'routes/sign-in.tsx'),
  route('sign-out', 'routes/sign-out.tsx'),
  layout('layout/admin-layout.tsx', { id: 'admin-layout' }, [
    layout('layout/area-outlet.tsx', [
      ...dashboardRoutes,
      ...prefix('catalogue', catalogueRoutes),
      ...prefix('orders', ordersRoutes),
      ...prefix('customers', customersRoutes),
      ...prefix('pro-codes', proCodesRoutes),
      ...prefix('promotions', promotionsRoutes),
      ...prefix('content', contentRoutes),
      ...prefix('media', mediaRoutes),
      ...prefix('settings', settingsRoutes),
      ...prefix('staff', staffRoutes),
      ...prefix('audit', auditRoutes),
      ...prefix('account', accountRoutes),
    ]),
  ]),
] satisfies RouteConfig;
