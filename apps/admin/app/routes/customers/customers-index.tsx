import type { Route } from './+types/customers-index';
import { PageHeader } from '~/components/page-header';
import { EmptyState } from '~/components/states';
import { requirePermission } from '~/lib/session';

/** Runs in the browser before the page shows: check the role, then load the page's data with `api`. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requirePermission('customers:read', request.signal);
  return null;
}

export default function CustomersIndex() {
  return (
    <>
      <PageHeader title="Customers" description="Accounts, addresses, groups and pro status." />
      <EmptyState title="Coming soon" />
    </>
  );
}
