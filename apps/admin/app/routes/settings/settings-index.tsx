import { redirect } from 'react-router';
import type { Route } from './+types/settings-index';
import { requirePermission } from '~/lib/session';
import { loadOverview } from './settings-data';

/** `/settings` opens the first tab: shipping on the embedded engine, else the content settings. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requirePermission('settings:read', request.signal);
  const overview = await loadOverview(request.signal);
  return redirect(overview.commerceSettings ? '/settings/shipping' : '/settings/content');
}

export default function SettingsIndex() {
  return null;
}
