import { useCallback } from 'react';
import { useRootData } from '../../lib/root-data';

/**
 * Reports a click on a search page result (spec §7 'click', tagged 'results'). The client
 * loads on the first click, never with the page, and the report never delays the navigation.
 */
export function useReportSearchClick(query: string): (documentId: string, requestId: string) => void {
  const config = useRootData()?.search ?? null;
  return useCallback(
    (documentId, requestId) => {
      if (!config) return;
      import('./browser-search-client').then(
        (module) => module.reportSearchClick(config, { query, documentId, requestId, source: 'results' }),
        () => {},
      );
    },
    [config, query],
  );
}
