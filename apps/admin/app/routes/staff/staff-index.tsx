import type { Route } from './+types/staff-index';
import { PageHeader } from '~/components/page-header';
import { EmptyState } from '~/components/states';
import { requirePermission } from '~/lib/session';

/** Runs in the browser before the page shows: check the role, then load the page's data with `api`. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requirePermission('staff:manage', request.signal);
  return null;
}

export default function StaffIndex() {
  return (
    <>
      <PageHeader title="Staff" description="Who may sign in to the back office, and with which role." />
      <EmptyState title="Coming soon" />
    </>
  );
}
