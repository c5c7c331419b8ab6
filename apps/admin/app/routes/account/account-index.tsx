import type { Route } from './+types/account-index';
import { PageHeader } from '~/components/page-header';
import { EmptyState } from '~/components/states';
import { requirePermission } from '~/lib/session';

/** Runs in the browser before the page shows: check the role, then load the page's data with `api`. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requirePermission('dashboard:read', request.signal);
  return null;
}

export default function AccountIndex() {
  return (
    <>
      <PageHeader title="My account" description="Your password and second factor." />
      <EmptyState title="Coming soon" />
    </>
  );
}
