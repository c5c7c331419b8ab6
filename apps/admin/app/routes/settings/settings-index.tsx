import type { Route } from './+types/settings-index';
import { PageHeader } from '~/components/page-header';
import { EmptyState } from '~/components/states';
import { requirePermission } from '~/lib/session';

/** Runs in the browser before the page shows: check the role, then load the page's data with `api`. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requirePermission('settings:read', request.signal);
  return null;
}

export default function SettingsIndex() {
  return (
    <>
      <PageHeader title="Settings" description="Shipping, tax, redirects, brand and display texts." />
      <EmptyState title="Coming soon" />
    </>
  );
}
