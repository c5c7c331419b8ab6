import type { Route } from './+types/content-index';
import { PageHeader } from '~/components/page-header';
import { EmptyState } from '~/components/states';
import { requirePermission } from '~/lib/session';

/** Runs in the browser before the page shows: check the role, then load the page's data with `api`. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requirePermission('content:read', request.signal);
  return null;
}

export default function ContentIndex() {
  return (
    <>
      <PageHeader title="Content" description="Pages, blog posts, banners and texts, per locale." />
      <EmptyState title="Coming soon" />
    </>
  );
}
