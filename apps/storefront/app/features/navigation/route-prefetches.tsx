import { startTransition, useEffect, useLayoutEffect, useState } from 'react';
import { PrefetchPageLinks } from 'react-router';
import { routePrefetchQueue } from '../../lib/prefetch-queue';
import { whenIdle } from '../../lib/when-idle';

const NOTHING: readonly string[] = [];
/** Without idle callbacks, the next page's links join this soon after the last. */
const STEP_FALLBACK_MS = 50;

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
 * A page's links join one at a time, each in an idle moment of its own: mounting a page's dozen
 * links into <head> is a commit React cannot cut short, and four at once after hydration made one
 * long task that a shopper's first tap would wait behind. Rendered as a transition for the same
 * reason: React Router loads and evaluates each target's route modules to find its links.
 */
export function RoutePrefetches() {
  const [pages, setPages] = useState<readonly string[]>(NOTHING);
  useEffect(() => {
    let shown: readonly string[] = NOTHING;
    let cancelStep: (() => void) | null = null;
    const step = () => {
      cancelStep = null;
      const wanted = routePrefetchQueue.getSnapshot();
      const kept = shown.filter((page) => wanted.includes(page));
      const added = wanted.find((page) => !kept.includes(page));
      const next = added === undefined ? kept : [...kept, added];
      if (next.length !== shown.length || added !== undefined) {
        shown = next;
        startTransition(() => setPages(next));
      }
      if (wanted.some((page) => !shown.includes(page))) cancelStep = whenIdle(step, STEP_FALLBACK_MS);
    };
    const update = () => {
      cancelStep ??= whenIdle(step, STEP_FALLBACK_MS);
    };
    update();
    const unsubscribe = routePrefetchQueue.subscribe(update);
    return () => {
      unsubscribe();
      cancelStep?.();
    };
  }, []);
  return pages.map((page) => <QueuedPrefetch key={page} page={page} />);
}
