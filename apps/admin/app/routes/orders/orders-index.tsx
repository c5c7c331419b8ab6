import type { Route } from './+types/orders-index';
import { PageHeader } from '~/components/page-header';
import { EmptyState } from '~/components/states';
import { requirePermission } from '~/lib/session';

/** Runs in the browser before the page shows: check the role, then load the page's data with `api`. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requirePermission('orders:read', request.signal);
  return null;
}

export default function OrdersIndex() {
  return (
    <>
      <PageHeader title="Orders" description="Find, ship, cancel and refund orders." />
      <EmptyState title="Coming soon" />
    </>
  );
}
