import type { Route } from './+types/media-index';
import { PageHeader } from '~/components/page-header';
import { EmptyState } from '~/components/states';
import { requirePermission } from '~/lib/session';

/** Runs in the browser before the page shows: check the role, then load the page's data with `api`. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requirePermission('media:write', request.signal);
  return null;
}

export default function MediaIndex() {
  return (
    <>
      <PageHeader title="Media" description="Original images, their renditions and focal points." />
      <EmptyState title="Coming soon" />
    </>
  );
}
