import { useEffect, useRef, useSyncExternalStore } from 'react';
import { Link, type LinkProps } from 'react-router';
import { routePrefetchQueue } from '../lib/prefetch-queue';
import { watchVisibility } from '../lib/viewport-watch';

interface NetworkInformationLike extends EventTarget {
  saveData?: boolean;
  effectiveType?: string;
}

function connection(): NetworkInformationLike | undefined {
  return (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
}

function subscribeToConnection(onChange: () => void): () => void {
  connection()?.addEventListener('change', onChange);
  return () => connection()?.removeEventListener('change', onChange);
}

/** Spec §2: prefetching is skipped on data-saver or 2g connections. */
function connectionAllowsPrefetch(): boolean {
  const current = connection();
  return !current || !(current.saveData || /(^|-)2g$/.test(current.effectiveType ?? ''));
}

function useConnectionAllowsPrefetch(): boolean {
  // The server cannot know the connection; prefetching only ever happens in the browser anyway.
  return useSyncExternalStore(subscribeToConnection, connectionAllowsPrefetch, () => true);
}

/** The page (path and query) a link leads to inside the shop, or null for another site, a mailto: or a bare #hash. */
function internalPage(to: string): string | null {
  if (!to.startsWith('/') || to.startsWith('//')) return null;
  const hash = to.indexOf('#');
  return hash === -1 ? to : to.slice(0, hash);
}

/**
 * Queues the target's prefetch while the link is (half) in view, as React Router's
 * `prefetch="viewport"` does, but through the page's one queue so that at most 4 run at once.
 */
function useQueuedViewportPrefetch(page: string | null) {
  const ref = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!page || !element || typeof IntersectionObserver === 'undefined') return;
    let withdraw: (() => void) | null = null;
    const stopWatching = watchVisibility(element, (visible) => {
      if (visible) withdraw ??= routePrefetchQueue.request(page);
      else {
        withdraw?.();
        withdraw = null;
      }
    });
    return () => {
      stopWatching();
      withdraw?.();
    };
  }, [page]);
  return ref;
}

export type PrefetchLinkProps = Omit<LinkProps, 'to' | 'prefetch'> & {
  /** A path with its locale, or an external URL. */
  to: string;
  /** 'none' for links whose target should not be fetched ahead (the checkout). */
  prefetch?: 'viewport' | 'none';
};

/**
 * The shop's router link. It prefetches its target's route data and modules when scrolled into
 * view, except for other sites, links opening a new tab, and data-saver or 2g connections
 * (spec §2), and never more than 4 at once (spec §9).
 */
export function PrefetchLink({ to, target, prefetch = 'viewport', ...props }: PrefetchLinkProps) {
  const connectionAllows = useConnectionAllowsPrefetch();
  const page = prefetch === 'viewport' && target !== '_blank' && connectionAllows ? internalPage(to) : null;
  const ref = useQueuedViewportPrefetch(page);
  return <Link ref={ref} to={to} target={target} prefetch="none" viewTransition {...props} />;
}
