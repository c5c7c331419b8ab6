import type { Route } from './+types/pro-codes-index';
import { PageHeader } from '~/components/page-header';
import { EmptyState } from '~/components/states';
import { requirePermission } from '~/lib/session';

/** Runs in the browser before the page shows: check the role, then load the page's data with `api`. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requirePermission('pro-codes:read', request.signal);
  return null;
}

export default function ProCodesIndex() {
  return (
    <>
      <PageHeader title="Pro codes" description="Codes that make a customer a pro, and who used them." />
      <EmptyState title="Coming soon" />
    </>
  );
}
