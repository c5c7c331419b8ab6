import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { DISPLAY_TEXTS_LINK_SELECTOR } from './lib/display-text-link';
import { loadDictionaryModule } from './lib/display-text';
import { ignoreSupersededRouterRequests } from './lib/superseded-router-requests.client';

/**
 * The page's display texts are a module of their own (docs/decisions/029-e-hydration-data.md),
 * named and preloaded by the document head: hydration waits for it, so the browser renders the
 * same labels as the server. Without it (a failed load) the page still hydrates, in English.
 */
function loadPageDisplayTexts(): Promise<void> {
  // The attribute as written: the root data names the dictionary by the same path.
  const href = document.querySelector(DISPLAY_TEXTS_LINK_SELECTOR)?.getAttribute('href');
  return href ? loadDictionaryModule(href) : Promise.resolve();
}

ignoreSupersededRouterRequests();

void loadPageDisplayTexts().then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  }),
);
