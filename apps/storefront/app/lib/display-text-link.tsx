import type { DisplayTextSource } from './display-text';

/** How the browser's entry finds the page's dictionary module before it hydrates. */
export const DISPLAY_TEXTS_LINK_SELECTOR = 'link[data-display-texts]';

/**
 * Preloads the page's display-text dictionary module beside the route modules, so hydration
 * does not wait on a request of its own (docs/decisions/029-e-hydration-data.md).
 */
export function DisplayTextsPreload({ source }: { source: DisplayTextSource | undefined }) {
  return source ? <link rel="modulepreload" href={source.href} data-display-texts="" /> : null;
}
