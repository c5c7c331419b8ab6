import type { Route } from './+types/catalogue-index';
import { PageHeader } from '~/components/page-header';
import { EmptyState } from '~/components/states';
import { requirePermission } from '~/lib/session';

/** Runs in the browser before the page shows: check the role, then load the page's data with `api`. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requirePermission('catalogue:read', request.signal);
  return null;
}

export default function CatalogueIndex() {
  return (
    <>
      <PageHeader title="Catalogue" description="Products, variants, prices and stock." />
      <EmptyState title="Coming soon" />
    </>
  );
}
