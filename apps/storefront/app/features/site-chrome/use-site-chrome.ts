import { useRouteLoaderData } from 'react-router';
import type { loader as rootLoader } from '../../root';
import type { SiteChromeView } from './site-chrome-view';

/** The header and footer content from the root loader; null when it did not run (its own error). */
export function useSiteChrome(): SiteChromeView | null {
  return useRouteLoaderData<typeof rootLoader>('root')?.siteChrome ?? null;
}
