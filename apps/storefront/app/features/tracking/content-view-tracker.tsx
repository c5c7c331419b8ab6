import { useEffect, useRef } from 'react';
import { isRouteErrorResponse, useLocation, useMatches, useRouteError } from 'react-router';
import { pushToDataLayer, useTrackingEnabled } from '../../lib/data-layer';
import { contentViewEvent } from './content-view';

/**
 * Spec §7 'Other': "Each route change pushes a content-view event with content name and view
 * name" — for the first page too, once per path (a query change such as a picked colour or a
 * filter is the same content), and only while tracking is enabled. Consent given on a page
 * starts tracking with that page's view. Rendered before the page's own content, so the view
 * precedes the page's ecommerce events in the data layer.
 */
export function ContentViewTracker() {
  const enabled = useTrackingEnabled();
  const { pathname } = useLocation();
  const matches = useMatches();
  const error = useRouteError();
  const routeId = matches.at(-1)?.id ?? 'unmatched';
  // Outside an error boundary React Router answers null, not undefined.
  const errorStatus = error == null ? null : isRouteErrorResponse(error) ? error.status : 500;
  const pushedFor = useRef<string | null>(null);

  useEffect(() => {
    if (!enabled || pushedFor.current === pathname) return;
    pushedFor.current = pathname;
    // The title is the page's by now: React Router's <Meta> updates it in the same commit.
    pushToDataLayer(contentViewEvent({ routeId, documentTitle: document.title, errorStatus }));
  }, [enabled, pathname, routeId, errorStatus]);

  return null;
}
