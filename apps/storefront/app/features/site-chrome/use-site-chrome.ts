import { useRootData } from '../../lib/root-data';
import type { SiteChromeView } from './site-chrome-view';

declare module '../../lib/root-data' {
  interface RootData {
    /** The header and footer content (spec §3 'Site chrome'). */
    siteChrome: SiteChromeView;
  }
}

/** The header and footer content from the root loader; null when it did not run (its own error). */
export function useSiteChrome(): SiteChromeView | null {
  return useRootData()?.siteChrome ?? null;
}
