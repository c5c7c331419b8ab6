import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useRootData } from './root-data';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** An entry for the tag manager: a named event (with any fields), with GA4's `ecommerce` object for shop events. */
export interface DataLayerEvent {
  event: string;
  ecommerce?: object;
}

/**
 * Spec §7 'Other': "Analytics events go to a data layer only when tracking is enabled" — a
 * container is configured and the visitor consented to analytics (the root loader decides,
 * from the consent cookie; a choice made on the page revalidates it).
 */
export function useTrackingEnabled(): boolean {
  return useRootData()?.trackingEnabled === true;
}

/**
 * The one place that writes events to `window.dataLayer`; callers push only while tracking is
 * enabled. An ecommerce event is preceded by `{ ecommerce: null }`, as GA4 recommends, so the
 * previous event's items do not merge into it.
 */
export function pushToDataLayer<E extends DataLayerEvent>(event: E): void {
  window.dataLayer ??= [];
  if (event.ecommerce) window.dataLayer.push({ ecommerce: null });
  window.dataLayer.push(event);
}

/**
 * Pushes an event that describes the page being viewed (view_item, begin_checkout), once per
 * page: again after a navigation to another path, not on a revalidation, a query change (a
 * colour picked) or React's development double effects. Consent given on the page starts
 * tracking there, so the page's view is then pushed.
 */
export function usePageViewEvent(event: DataLayerEvent | null | undefined): void {
  const enabled = useTrackingEnabled();
  const { pathname } = useLocation();
  const pushedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!enabled || !event || pushedFor.current === pathname) return;
    pushedFor.current = pathname;
    pushToDataLayer(event);
  }, [enabled, event, pathname]);
}

/**
 * Pushes the event of an action the visitor took (add_to_cart, remove_from_cart) once, when its
 * answer arrives, and only if tracking was on then: consenting later does not report earlier
 * actions.
 */
export function useActionEvent(event: DataLayerEvent | null | undefined): void {
  const enabled = useTrackingEnabled();
  const seen = useRef<DataLayerEvent | null>(null);
  useEffect(() => {
    if (!event || seen.current === event) return;
    seen.current = event;
    if (enabled) pushToDataLayer(event);
    // Only a new answer is a new action; tracking switching on is not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [event]);
}
