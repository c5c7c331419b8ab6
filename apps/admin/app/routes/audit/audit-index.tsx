import type { Route } from './+types/audit-index';
import { PageHeader } from '~/components/page-header';
import { EmptyState } from '~/components/states';
import { requirePermission } from '~/lib/session';

/** Runs in the browser before the page shows: check the role, then load the page's data with `api`. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requirePermission('audit:read', request.signal);
  return null;
}

export default function AuditIndex() {
  return (
    <>
      <PageHeader title="Audit log" description="Every change: who, when, and what it was before and after." />
      <EmptyState title="Coming soon" />
    </>
  );
}
