import { whenIdle } from './when-idle';

type VisibilityListener = (visible: boolean) => void;

const listeners = new Map<Element, VisibilityListener>();
let observer: IntersectionObserver | null = null;
let scheduled = false;

/**
 * One IntersectionObserver for all the page's prefetching links, which starts once the page has
 * loaded and the main thread is idle: links that come into view during the first render then
 * queue their prefetches in one batch, after hydration, instead of one re-render each while the
 * shopper waits for the page to respond.
 */
export function watchVisibility(element: Element, onChange: VisibilityListener): () => void {
  listeners.set(element, onChange);
  if (observer) observer.observe(element);
  else scheduleStart();
  return () => {
    listeners.delete(element);
    observer?.unobserve(element);
  };
}

function scheduleStart() {
  if (scheduled) return;
  scheduled = true;
  const startWhenIdle = () => whenIdle(start, 200);
  if (document.readyState === 'complete') startWhenIdle();
  else window.addEventListener('load', startWhenIdle, { once: true });
}

function start() {
  observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) listeners.get(entry.target)?.(entry.isIntersecting);
    },
    { threshold: 0.5 },
  );
  for (const element of listeners.keys()) observer.observe(element);
}
