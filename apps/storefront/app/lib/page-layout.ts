import type { UIMatch } from 'react-router';

/** Spec §2: two page layouts exist; a page picks one by name, default otherwise. */
export type PageLayoutName = 'default' | 'flush-banner';

export interface RouteHandle {
  /** A name, or a function of the route's loader data for pages whose content picks it. */
  layout?: PageLayoutName | ((loaderData: unknown) => PageLayoutName | undefined);
}

/** The deepest matched route that names a layout wins. */
export function layoutForMatches(matches: readonly UIMatch[]): PageLayoutName {
  for (const match of [...matches].reverse()) {
    const named = (match.handle as RouteHandle | undefined)?.layout;
    const layout = typeof named === 'function' ? named(match.loaderData) : named;
    if (layout) return layout;
  }
  return 'default';
}

/** Spec §2: the error page is flush with the top on the routes named lang-page and index. */
const FLUSH_ERROR_ROUTE_IDS = new Set(['index', 'lang-page']);

export function errorLayoutForMatches(matches: readonly UIMatch[]): PageLayoutName {
  return matches.some((match) => FLUSH_ERROR_ROUTE_IDS.has(match.id)) ? 'flush-banner' : 'default';
}
