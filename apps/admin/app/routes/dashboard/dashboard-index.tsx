import type { Route } from './+types/dashboard-index';
import { PageHeader } from '~/components/page-header';
import { EmptyState } from '~/components/states';
import { requirePermission } from '~/lib/session';

/** Runs in the browser before the page shows: check the role, then load the page's data with `api`. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requirePermission('dashboard:read', request.signal);
  return null;
}

export default function DashboardIndex() {
  return (
    <>
      <PageHeader title="Dashboard" description="Today's orders, revenue per region, low stock and recent activity." />
      <EmptyState title="Coming soon" />
    </>
  );
}
