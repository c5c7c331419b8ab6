import { startTransition, useEffect, useLayoutEffect, useState } from 'react';
import { PrefetchPageLinks } from 'react-router';
import { routePrefetchQueue } from './prefetch-queue';

const NOTHING: readonly string[] = [];

/**
 * One page's prefetch links (React Router's: the route data, modules and styles). Its slot in the
 * queue frees once the data request loads or fails; a page without one (no loader, or the page
 * being viewed) frees it at once.
 */
function QueuedPrefetch({ page }: { page: string }) {
  // The links are in <head> when layout effects run, before their requests can finish.
  useLayoutEffect(() => {
    const dataLinks = Array.from(
      document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"][data-route-prefetch]'),
    ).filter((link) => link.dataset.routePrefetch === page);
    if (dataLinks.length === 0) return routePrefetchQueue.settle(page);
    let pending = dataLinks.length;
    const settled = () => {
      pending -= 1;
      if (pending === 0) routePrefetchQueue.settle(page);
    };
    for (const link of dataLinks) {
      link.addEventListener('load', settled, { once: true });
      link.addEventListener('error', settled, { once: true });
    }
    return () => {
      for (const link of dataLinks) {
        link.removeEventListener('load', settled);
        link.removeEventListener('error', settled);
      }
    };
  }, [page]);
  return <PrefetchPageLinks page={page} data-route-prefetch={page} />;
}

/**
 * The prefetches the queue lets run (spec §9: at most 4 at once), rendered once for the whole app.
 * Rendered as a transition: React Router loads and evaluates each target's route modules to find
 * its links, work that must yield to the shopper's taps and typing rather than block them.
 */
export function RoutePrefetches() {
  const [pages, setPages] = useState<readonly string[]>(NOTHING);
  useEffect(() => {
    const update = () => startTransition(() => setPages(routePrefetchQueue.getSnapshot()));
    update();
    return routePrefetchQueue.subscribe(update);
  }, []);
  return pages.map((page) => <QueuedPrefetch key={page} page={page} />);
}
