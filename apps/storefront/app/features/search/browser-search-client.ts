import { createSearchClient, type ClickParams, type SearchClient } from '@piste/search';
import type { BrowserSearchConfig } from './browser-search-config';
import { localeTag } from './search-requests';

/**
 * The browser's search clients, loaded on demand (header autocomplete, result clicks) so no
 * page pays for them up front. One per engine and key, kept for the page's life so the
 * client's answer cache serves a shopper retyping a query.
 */
const clients = new Map<string, { search: SearchClient; clicks: SearchClient }>();

function clientsFor(config: BrowserSearchConfig) {
  const key = `${config.endpointBase} ${config.engineName} ${config.searchKey} ${config.hosted}`;
  let pair = clients.get(key);
  if (!pair) {
    const options = {
      endpointBase: config.endpointBase,
      engineName: config.engineName,
      searchKey: config.searchKey,
      hosted: config.hosted,
    };
    pair = {
      search: createSearchClient(options),
      // keepalive lets a click report outlive the page it was made on (a full page load follows some clicks).
      clicks: createSearchClient({
        ...options,
        cacheResponses: false,
        fetch: (input, init) => fetch(input, { ...init, keepalive: true }),
      }),
    };
    clients.set(key, pair);
  }
  return pair;
}

export function browserSearchClient(config: BrowserSearchConfig): SearchClient {
  return clientsFor(config).search;
}

/** Reports a click, fire-and-forget: analytics must never hold up or break the navigation it follows. */
export function reportSearchClick(config: BrowserSearchConfig, click: Omit<ClickParams, 'tags'>): void {
  if (click.query.trim() === '' || click.documentId === '') return;
  clientsFor(config)
    .clicks.click({ ...click, tags: [localeTag(config.locale)] })
    .catch(() => {});
}
