import { useEffect } from 'react';

/**
 * A page's scripts wait until its largest image has painted (docs/decisions/029-h). The server
 * writes React Router's module preloads and its module script in forms the browser does not act
 * on (`scripts-after-largest-paint.server.ts`); the inline script below, at the end of the body,
 * turns them back once the page's one high-priority image has loaded (or failed) and a frame
 * has painted it, or at once on a page without one. Until then the image has the connection to
 * itself, and the shop works without JavaScript meanwhile: links and forms are real.
 */

/** A module preload held back: a `rel` the browser does not know fetches nothing. */
export const HELD_MODULE_PRELOAD_REL = 'modulepreload-after-paint';
/** React Router's module script held back: a `type` the browser does not know runs nothing. */
export const HELD_MODULE_SCRIPT_TYPE = 'module-after-paint';

/**
 * Started once: the preloads become preloads again (React matches them when it hydrates the
 * head), and the held module runs as a module script of the same text, which the page's
 * Content-Security-Policy allows by that text's hash.
 */
export const START_SCRIPTS_AFTER_LARGEST_PAINT = `(() => {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const link of document.querySelectorAll('link[rel="${HELD_MODULE_PRELOAD_REL}"]')) link.rel = 'modulepreload';
    for (const held of document.querySelectorAll('script[type="${HELD_MODULE_SCRIPT_TYPE}"]')) {
      const script = document.createElement('script');
      script.type = 'module';
      script.textContent = held.textContent;
      document.head.append(script);
    }
  };
  const image = document.querySelector('img[fetchpriority="high"]');
  if (!image) return start();
  const afterPaint = () => requestAnimationFrame(() => setTimeout(start));
  if (image.complete) return afterPaint();
  image.addEventListener('load', afterPaint, { once: true });
  image.addEventListener('error', afterPaint, { once: true });
})();`;

/** Set on `<html>` once the page has hydrated: from then on every control of the page answers. */
export const INTERACTIVE_ATTRIBUTE = 'data-interactive';

/**
 * Marks the document interactive after hydration. The load event no longer says so (the
 * scripts may start after it), so anything that must wait for the page to answer to clicks
 * (the journeys in e2e/, a monitoring probe) waits for this attribute instead.
 */
export function useMarkInteractive(): void {
  useEffect(() => document.documentElement.setAttribute(INTERACTIVE_ATTRIBUTE, ''), []);
}
